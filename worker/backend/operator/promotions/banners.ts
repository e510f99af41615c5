import { nextRowId } from '../next-id-repo.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type { BannerSaveRequest, OperatorBanner } from '../../../../schemas/operator-promotions.ts'
import { AppError } from '../../../lib/errors.ts'
import type { StaffCaller } from '../../staff/guard.ts'
import { auditStatement } from '../../audit-repo.ts'
import {
  type BannerRow,
  type BannerWrite,
  bannerSlugTaken,
  findBannerRow,
  listBannerRows,
  writeBannerStatement,
} from './banners-repo.ts'
import { businessTimeZone, type OwnedKind, ownedIds } from './ownership-repo.ts'
import { refuseFields } from './refusals.ts'
import { localOf, windowOf } from './schedule.ts'

/** Where a banner shows, in words for the list. */
function placementOf(row: {
  store_name: string | null
  category_name: string | null
  brand_name: string | null
  fulfilment_method: string | null
}): string {
  return [
    row.brand_name ?? 'Every brand',
    row.store_name ?? 'all stores',
    row.category_name ? `category ${row.category_name}` : 'store home',
    row.fulfilment_method ?? 'delivery and collection',
  ].join(', ')
}

export async function listBanners(db: D1Database, businessId: number) {
  const [rows, timeZone] = await Promise.all([
    listBannerRows(db, businessId),
    businessTimeZone(db, businessId),
  ])
  return {
    timeZone,
    banners: rows.map((row) => ({
      bannerId: row.id,
      slug: row.slug,
      title: row.title,
      isActive: row.is_active === 1,
      startsAt: localOf(row.starts_at, timeZone),
      endsAt: localOf(row.ends_at, timeZone),
      placement: placementOf(row),
      impressions: row.impressions,
      clicks: row.clicks,
    })),
  }
}

function bannerOf(row: BannerRow, timeZone: string): OperatorBanner {
  return {
    bannerId: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    imageUrl: row.image_url,
    imageWidth: row.image_width,
    imageHeight: row.image_height,
    linkType: row.link_type,
    linkCategoryId: row.link_category_id,
    linkDealId: row.link_deal_id,
    linkMenuItemId: row.link_menu_item_id,
    linkUrl: row.link_url,
    brandId: row.brand_id,
    storeId: row.store_id,
    categoryId: row.category_id,
    fulfilmentMethod: row.fulfilment_method,
    startsAt: localOf(row.starts_at, timeZone),
    endsAt: localOf(row.ends_at, timeZone),
    startsAtUtc: row.starts_at,
    endsAtUtc: row.ends_at,
    position: row.position,
    isActive: row.is_active === 1,
  }
}

export async function getBanner(db: D1Database, businessId: number, bannerId: number) {
  const [row, timeZone] = await Promise.all([
    findBannerRow(db, businessId, bannerId),
    businessTimeZone(db, businessId),
  ])
  if (!row) throw new AppError('not_found', MESSAGES.promoBannerNotFound)
  return bannerOf(row, timeZone)
}

/** Every id a banner names must be the business's thing, else the banner is not_found. */
async function checkOwned(db: D1Database, businessId: number, body: BannerSaveRequest) {
  const named: Array<[OwnedKind, number | null]> = [
    ['brand', body.brandId],
    ['store', body.storeId],
    ['category', body.categoryId],
    ['category', body.linkType === 'category' ? body.linkCategoryId : null],
    ['deal', body.linkType === 'deal' ? body.linkDealId : null],
    ['menuItem', body.linkType === 'menu_item' ? body.linkMenuItemId : null],
  ]
  for (const [kind, id] of named) {
    if (id === null) continue
    if (!(await ownedIds(db, businessId, kind, [id])).has(id)) {
      throw new AppError('not_found', MESSAGES.promoBannerNotFound)
    }
  }
}

/**
 * Creates or replaces a banner and records it in one batch (ADR 027). Only the link its type
 * names is kept (a category link keeps no stale URL). Its image's size is the uploaded one.
 */
export async function saveBanner(
  db: D1Database,
  caller: StaffCaller,
  body: BannerSaveRequest,
  at: string
): Promise<OperatorBanner> {
  const businessId = caller.businessId
  const timeZone = await businessTimeZone(db, businessId)
  const before = body.bannerId === undefined ? null : await getBanner(db, businessId, body.bannerId)
  await checkOwned(db, businessId, body)
  const window = windowOf(body, timeZone)
  const errors = 'errors' in window ? window.errors : []
  if (await bannerSlugTaken(db, businessId, body.slug, body.bannerId ?? null)) {
    errors.push({ field: 'slug', message: MESSAGES.promoSlugTaken })
  }
  if ('errors' in window || errors.length > 0) throw refuseFields(errors)
  const id = body.bannerId ?? (await nextRowId(db, 'banners'))
  const row: BannerWrite = {
    id,
    business_id: businessId,
    slug: body.slug,
    title: body.title,
    subtitle: body.subtitle,
    image_url: body.imageUrl,
    image_width: body.imageWidth,
    image_height: body.imageHeight,
    link_type: body.linkType,
    link_category_id: body.linkType === 'category' ? body.linkCategoryId : null,
    link_deal_id: body.linkType === 'deal' ? body.linkDealId : null,
    link_menu_item_id: body.linkType === 'menu_item' ? body.linkMenuItemId : null,
    link_url: body.linkType === 'url' ? body.linkUrl : null,
    brand_id: body.brandId,
    store_id: body.storeId,
    category_id: body.categoryId,
    fulfilment_method: body.fulfilmentMethod,
    starts_at: window.window.startsAt,
    ends_at: window.window.endsAt,
    position: body.position,
    is_active: body.isActive ? 1 : 0,
    at,
  }
  await db.batch([
    writeBannerStatement(db, row, before === null),
    auditStatement(db, {
      businessId,
      staffId: caller.staffId,
      action: before ? 'banner.update' : 'banner.create',
      entity: 'banner',
      entityId: id,
      before,
      after: bannerOf({ ...row, is_active: row.is_active }, timeZone),
      summary: before ? `Banner ${body.title} changed` : `Banner ${body.title} created`,
      at,
    }),
  ])
  return getBanner(db, businessId, id)
}

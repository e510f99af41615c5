import { nextRowId } from '../next-id-repo.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type { DealSaveRequest, OperatorDeal } from '../../../../schemas/operator-promotions.ts'
import { AppError } from '../../../lib/errors.ts'
import type { StaffCaller } from '../../staff/guard.ts'
import { auditStatement } from '../../audit-repo.ts'
import {
  type DealRow,
  dealSlugTaken,
  findDealRows,
  listDealRows,
  writeDealStatements,
} from './deals-repo.ts'
import { businessTimeZone, ownedIds } from './ownership-repo.ts'
import { localOf, windowOf } from './schedule.ts'
import { refuseFields } from './refusals.ts'

/** The business's deals for the list: newest-looking first, with their windows in its zone. */
export async function listDeals(db: D1Database, businessId: number) {
  const [rows, timeZone] = await Promise.all([
    listDealRows(db, businessId),
    businessTimeZone(db, businessId),
  ])
  return {
    timeZone,
    deals: rows.map((row) => ({
      dealId: row.id,
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      isActive: row.is_active === 1,
      startsAt: localOf(row.starts_at, timeZone),
      endsAt: localOf(row.ends_at, timeZone),
      itemCount: row.item_count,
    })),
  }
}

function dealOf(
  found: NonNullable<Awaited<ReturnType<typeof findDealRows>>>,
  timeZone: string
): OperatorDeal {
  const row: DealRow = found.deal
  return {
    dealId: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    kind: row.kind,
    quantityRequired: row.quantity_required,
    price: row.price,
    discountPercent: row.discount_percent,
    discountAmount: row.discount_amount,
    badgeText: row.badge_text,
    badgeColor: row.badge_color,
    badgeBackgroundColor: row.badge_background_color,
    imageUrl: row.image_url,
    startsAt: localOf(row.starts_at, timeZone),
    endsAt: localOf(row.ends_at, timeZone),
    startsAtUtc: row.starts_at,
    endsAtUtc: row.ends_at,
    position: row.position,
    isActive: row.is_active === 1,
    sections: found.sections.map((section) => ({
      name: section.name,
      minimumSelected: section.minimum_selected,
      maximumSelected: section.maximum_selected,
      // Stored as its items: a category chosen once is not remembered as a category.
      categoryId: null,
      items: found.items
        .filter((item) => item.deal_section_id === section.id)
        .map((item) => ({
          menuItemId: item.menu_item_id,
          extraCost: item.extra_cost,
          slug: item.slug,
          name: item.name,
        })),
    })),
  }
}

/** One deal of the business, whole; another business's (or no) deal is not_found. */
export async function getDeal(db: D1Database, businessId: number, dealId: number) {
  const [found, timeZone] = await Promise.all([
    findDealRows(db, businessId, dealId),
    businessTimeZone(db, businessId),
  ])
  if (!found) throw new AppError('not_found', MESSAGES.promoDealNotFound)
  return dealOf(found, timeZone)
}

/** A deal's numbers that do not belong to its kind are dropped, so the CHECK holds. */
function kindNumbers(body: DealSaveRequest) {
  return {
    quantityRequired: body.kind === 'multibuy' ? body.quantityRequired : null,
    price: body.kind === 'multibuy' || body.kind === 'meal_deal' ? body.price : null,
    discountPercent: body.kind === 'percent_off' ? body.discountPercent : null,
    discountAmount: body.kind === 'amount_off' ? body.discountAmount : null,
  }
}

/**
 * Creates or replaces a deal with its sections, and records it, in one batch (ADR 027). Ids of
 * items or categories that are not the business's are not_found; a taken slug or a bad window
 * is a validation error naming the field; nothing is written then.
 */
export async function saveDeal(
  db: D1Database,
  caller: StaffCaller,
  body: DealSaveRequest,
  at: string
): Promise<OperatorDeal> {
  const businessId = caller.businessId
  const timeZone = await businessTimeZone(db, businessId)
  const before = body.dealId === undefined ? null : await getDeal(db, businessId, body.dealId)
  const itemIds = body.sections.flatMap((section) => section.items.map((item) => item.menuItemId))
  const categoryIds = body.sections.flatMap((section) =>
    section.categoryId === null ? [] : [section.categoryId]
  )
  const [items, categories] = await Promise.all([
    ownedIds(db, businessId, 'menuItem', itemIds),
    ownedIds(db, businessId, 'category', categoryIds),
  ])
  if (itemIds.some((id) => !items.has(id)) || categoryIds.some((id) => !categories.has(id))) {
    throw new AppError('not_found', MESSAGES.productNotFound)
  }
  const window = windowOf(body, timeZone)
  const errors = 'errors' in window ? window.errors : []
  if (await dealSlugTaken(db, businessId, body.slug, body.dealId ?? null)) {
    errors.push({ field: 'slug', message: MESSAGES.promoSlugTaken })
  }
  if ('errors' in window || errors.length > 0) throw refuseFields(errors)
  const id = body.dealId ?? (await nextRowId(db, 'deals'))
  const statements = writeDealStatements(
    db,
    {
      ...body,
      ...kindNumbers(body),
      ...window.window,
      id,
      businessId,
      at,
    },
    body.dealId === undefined
  )
  // The audit row's "after" is the deal as it will read back: built from the same input.
  const after = {
    ...body,
    ...kindNumbers(body),
    ...window.window,
    businessId: undefined,
    dealId: id,
  }
  await db.batch([
    ...statements,
    auditStatement(db, {
      businessId,
      staffId: caller.staffId,
      action: before ? 'deal.update' : 'deal.create',
      entity: 'deal',
      entityId: id,
      before,
      after,
      summary: before
        ? `Deal ${body.name} changed${before.isActive && !body.isActive ? ' (deactivated)' : ''}`
        : `Deal ${body.name} created`,
      at,
    }),
  ])
  return getDeal(db, businessId, id)
}

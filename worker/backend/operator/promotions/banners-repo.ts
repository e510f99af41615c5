// The operator console's banners (ADR 027; SQL only here, ADR 004), business-scoped throughout.

export interface BannerRow {
  id: number
  slug: string
  title: string
  subtitle: string | null
  image_url: string
  image_width: number
  image_height: number
  link_type: 'none' | 'category' | 'deal' | 'menu_item' | 'url'
  link_category_id: number | null
  link_deal_id: number | null
  link_menu_item_id: number | null
  link_url: string | null
  brand_id: number | null
  store_id: number | null
  category_id: number | null
  fulfilment_method: 'delivery' | 'collection' | null
  starts_at: string | null
  ends_at: string | null
  position: number
  is_active: number
}

const BANNER_COLUMNS = `b.id, b.slug, b.title, b.subtitle, b.image_url, b.image_width,
  b.image_height, b.link_type, b.link_category_id, b.link_deal_id, b.link_menu_item_id,
  b.link_url, b.brand_id, b.store_id, b.category_id, b.fulfilment_method, b.starts_at, b.ends_at,
  b.position, b.is_active`

/** The business's banners with where they show (names) and their counts from banner_metrics. */
export async function listBannerRows(db: D1Database, businessId: number) {
  const { results } = await db
    .prepare(
      `select ${BANNER_COLUMNS}, s.name as store_name, k.name as category_name,
              br.name as brand_name,
              coalesce((select sum(impressions) from banner_metrics where banner_id = b.id), 0)
                as impressions,
              coalesce((select sum(clicks) from banner_metrics where banner_id = b.id), 0) as clicks
         from banners b
         left join stores s on s.id = b.store_id
         left join categories k on k.id = b.category_id
         left join brands br on br.id = b.brand_id
        where b.business_id = ?1
        order by b.is_active desc, b.position, b.id`
    )
    .bind(businessId)
    .all<
      BannerRow & {
        store_name: string | null
        category_name: string | null
        brand_name: string | null
        impressions: number
        clicks: number
      }
    >()
  return results
}

export function findBannerRow(
  db: D1Database,
  businessId: number,
  bannerId: number
): Promise<BannerRow | null> {
  return db
    .prepare(`select ${BANNER_COLUMNS} from banners b where b.id = ?1 and b.business_id = ?2`)
    .bind(bannerId, businessId)
    .first<BannerRow>()
}

export async function bannerSlugTaken(
  db: D1Database,
  businessId: number,
  slug: string,
  exceptId: number | null
): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as taken from banners where business_id = ?1 and slug = ?2 and id is not ?3`)
    .bind(businessId, slug, exceptId)
    .first()
  return row !== null
}

/** The row a banner is written as: every column of BannerRow but its counters. */
export type BannerWrite = Omit<BannerRow, 'is_active'> & {
  is_active: 0 | 1
  business_id: number
  at: string
}

/** Inserts or updates a banner (its click and impression counters are left alone). */
export function writeBannerStatement(
  db: D1Database,
  banner: BannerWrite,
  create: boolean
): D1PreparedStatement {
  const values = [
    banner.id,
    banner.business_id,
    banner.slug,
    banner.title,
    banner.subtitle,
    banner.image_url,
    banner.image_width,
    banner.image_height,
    banner.link_type,
    banner.link_category_id,
    banner.link_deal_id,
    banner.link_menu_item_id,
    banner.link_url,
    banner.brand_id,
    banner.store_id,
    banner.category_id,
    banner.fulfilment_method,
    banner.starts_at,
    banner.ends_at,
    banner.position,
    banner.is_active,
    banner.at,
  ]
  return create
    ? db
        .prepare(
          `insert into banners (id, business_id, slug, title, subtitle, image_url, image_width,
             image_height, link_type, link_category_id, link_deal_id, link_menu_item_id, link_url,
             brand_id, store_id, category_id, fulfilment_method, starts_at, ends_at, position,
             is_active, created_at, updated_at)
           values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
             ?19, ?20, ?21, ?22, ?22)`
        )
        .bind(...values)
    : db
        .prepare(
          `update banners set slug = ?3, title = ?4, subtitle = ?5, image_url = ?6,
             image_width = ?7, image_height = ?8, link_type = ?9, link_category_id = ?10,
             link_deal_id = ?11, link_menu_item_id = ?12, link_url = ?13, brand_id = ?14,
             store_id = ?15, category_id = ?16, fulfilment_method = ?17, starts_at = ?18,
             ends_at = ?19, position = ?20, is_active = ?21, updated_at = ?22
           where id = ?1 and business_id = ?2`
        )
        .bind(...values)
}

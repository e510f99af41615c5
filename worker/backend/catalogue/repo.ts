import type { DealSummary } from '../../../schemas/catalogue.ts'
import type { CategoryFilters, CategorySort } from '../../../schemas/category-listing.ts'
import { ITEM_COLUMNS, ITEM_FROM, ITEM_SOLD, ITEM_TOBACCO, type ItemRow } from './items.ts'
import { dealAllowedAtStore } from './alcohol.ts'
import { FOOD_INFORMATION_COLUMNS, type FoodInformationRow } from './food-information.ts'
import { filtersSql, orderBySql } from './listing-sql.ts'
import { bannerWithoutTobacco, dealWithoutTobacco } from './tobacco.ts'
import { basketTokenMatch } from '../basket-ref-repo.ts'

/*
 * Catalogue reads. Each call is one D1 batch (one round trip); statements share numbered
 * parameters, ?1 = storeId and ?2 = businessId wherever items are read (see items.ts).
 */

// --- Rows --------------------------------------------------------------------------------------

/** A category with the number of items the store sells in it directly (not its children). */
export interface CategoryCountRow {
  id: number
  parent_id: number | null
  slug: string
  name: string
  description: string | null
  image_url: string | null
  age_restriction: number | null
  item_count: number
}

export interface CategoryRow {
  id: number
  slug: string
  name: string
  description: string | null
  image_url: string | null
  age_restriction: number | null
  seo_title: string | null
  seo_description: string | null
}

export interface CrumbRow {
  id: number
  slug: string
  name: string
}

export interface ItemDetailsRow extends ItemRow, FoodInformationRow {
  description: string | null
  ingredients: string | null
}

export interface OptionRow {
  id: number
  name: string
  placeholder: string | null
  minimum_selected: number
  maximum_selected: number
  display_as_grid: number
  mutually_exclusive: number
  dependent_on: number | null
  dependent_on_value_id: number | null
  extra_cost_instances_threshold: number | null
  is_size: number
}

export interface OptionValueRow {
  id: number
  option_id: number
  name: string
  extra_cost: number
  is_default: number
  out_of_stock: number
}

export interface SizeCostRow {
  id: number
  option_value_id: number
  size_id: number
  extra_cost: number
}

export interface DealRow {
  id: number
  slug: string
  name: string
  description: string | null
  kind: DealSummary['kind']
  quantity_required: number | null
  price: number | null
  discount_percent: number | null
  discount_amount: number | null
  badge_text: string | null
  badge_color: string | null
  badge_background_color: string | null
  image_url: string | null
  ends_at: string | null
}

export interface DealSectionRow {
  id: number
  name: string
  minimum_selected: number
  maximum_selected: number
}

export interface SectionItemRow extends ItemRow {
  deal_section_id: number
  extra_cost: number
}

/** A category of the search's categories tab. */
export interface SearchCategoryRow {
  id: number
  slug: string
  name: string
  image_url: string | null
}

export interface BannerRow {
  id: number
  slug: string
  title: string
  subtitle: string | null
  image_url: string
  image_width: number
  image_height: number
  link_type: 'none' | 'category' | 'deal' | 'menu_item' | 'url'
  link_category_slug: string | null
  link_deal_slug: string | null
  link_menu_item_slug: string | null
  link_menu_item_category_slug: string | null
  link_url: string | null
}

interface TotalRow {
  total: number
}

// --- Statements --------------------------------------------------------------------------------

type Param = string | number | null

/**
 * Binds the parameters a statement uses: D1 refuses more bindings than the highest `?N` of the
 * statement, and the statements of a batch share one parameter list.
 */
export function statement(
  db: D1Database,
  sql: string,
  params: ReadonlyArray<Param>
): D1PreparedStatement {
  let highest = 0
  for (const match of sql.matchAll(/\?(\d+)/g)) highest = Math.max(highest, Number(match[1]))
  return db.prepare(sql).bind(...params.slice(0, highest))
}

export function rows<T>(result: D1Result | undefined): Array<T> {
  return (result?.results ?? []) as Array<T>
}

export function total(result: D1Result | undefined): number {
  return rows<TotalRow>(result)[0]?.total ?? 0
}

export const STORE_EXISTS = `select id from stores where id = ?1 and business_id = ?2 and is_active = 1`

/** Categories from `start` (an expression giving a category id) up to the top, top first. */
function breadcrumbsFrom(start: string): string {
  return `with recursive up(id, parent_id, slug, name, depth) as (
      select id, parent_id, slug, name, 0 from categories where id = ${start}
      union all
      select p.id, p.parent_id, p.slug, p.name, up.depth + 1
      from categories p join up on p.id = up.parent_id where up.depth < 10
    )
    select id, slug, name from up order by depth desc`
}

// Counted per category with the menu_items_business_category index: one range per category.
const OWN_ITEM_COUNT = `(select count(*) from ${ITEM_FROM} where ${ITEM_SOLD} and m.category_id = k.id)`

const CATEGORY_COUNT_COLUMNS = `k.id, k.parent_id, k.slug, k.name, k.description, k.image_url,
  k.age_restriction, ${OWN_ITEM_COUNT} as item_count`

/** A deal is live when active and within its dates; `now` is the parameter holding the instant. */
/**
 * A deal live now and allowed at the store: every statement using it binds ?1 = storeId and
 * ?2 = businessId. Tobacco (tobacco.ts) and licensing (alcohol.ts) take deals off sale here.
 */
export function dealLive(now: string): string {
  return `d.business_id = ?2 and d.is_active = 1
    and (d.starts_at is null or d.starts_at <= ${now}) and (d.ends_at is null or d.ends_at > ${now})
    and ${dealWithoutTobacco('d.id')} and ${dealAllowedAtStore('?1')}`
}

export const DEAL_COLUMNS = `d.id, d.slug, d.name, d.description, d.kind, d.quantity_required, d.price,
  d.discount_percent, d.discount_amount, d.badge_text, d.badge_color, d.badge_background_color,
  d.image_url, d.ends_at`

// --- Categories --------------------------------------------------------------------------------

export async function findCategoryTree(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<{ storeFound: boolean; categories: Array<CategoryCountRow> }> {
  const params = [storeId, businessId]
  const [store, categories] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select ${CATEGORY_COUNT_COLUMNS} from categories k
       where k.business_id = ?2 and k.is_active = 1 order by k.position, k.id`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, categories: rows(categories) }
}

export interface CategoryPageQuery {
  businessId: number
  storeId: number
  categoryId: number | null
  categorySlug: string | null
  limit: number
  offset: number
  sort: CategorySort
  filters: CategoryFilters
  /** The instant price claims are judged at, for the on-offer filter (ISO 8601). */
  at: string
}

export async function findCategoryPage(db: D1Database, query: CategoryPageQuery) {
  const target = `(select id from categories where business_id = ?2 and is_active = 1
    and case when ?3 is not null then id = ?3 else slug = ?4 end)`
  const subtree = `with recursive tree(id, depth) as (
      select ${target}, 0
      union all
      select k.id, tree.depth + 1 from categories k join tree on k.parent_id = tree.id
      where k.is_active = 1 and tree.depth < 10
    )`
  // The categories in page order, read one by one through the item index (CROSS JOIN keeps them
  // the outer loop): 5 ms instead of 25 ms for a department of 15,000 items.
  const ordered = `${subtree}, ordered as materialized (
      select tree.id, row_number() over (order by tree.depth, k.position, k.id) as ord
      from tree join categories k on k.id = tree.id
    )`
  const params = [
    query.storeId,
    query.businessId,
    query.categoryId,
    query.categorySlug,
    query.limit,
    query.offset,
    query.at,
    JSON.stringify(query.filters.tags),
    JSON.stringify(query.filters.freeFrom),
  ]
  const plain = query.sort === 'relevance' && filtersSql(query.filters, ITEM_TOBACCO) === '1'
  const listed = `${ITEM_FROM} where m.category_id = tree.id and ${ITEM_SOLD}
    and ${filtersSql(query.filters, ITEM_TOBACCO)}`
  // The plain listing reads each category's items in order through the index; a sort reads the
  // whole subtree and orders it, and a filter counts what matches (ADR 034).
  const pageOfItems =
    query.sort === 'relevance'
      ? `${ordered} select ${ITEM_COLUMNS} from ordered cross join ${ITEM_FROM}
       where m.category_id = ordered.id and ${ITEM_SOLD}
         and ${filtersSql(query.filters, ITEM_TOBACCO)}
       order by ordered.ord, m.position, m.id limit ?5 offset ?6`
      : `${subtree} select ${ITEM_COLUMNS} from tree cross join ${listed}
       order by ${orderBySql(query.sort)} limit ?5 offset ?6`
  const matching = plain
    ? []
    : [statement(db, `${subtree} select count(*) as total from tree cross join ${listed}`, params)]
  const [store, category, crumbs, categories, items, count] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select id, slug, name, description, image_url, age_restriction, seo_title, seo_description
       from categories where id = ${target}`,
      params
    ),
    statement(db, breadcrumbsFrom(target), params),
    statement(
      db,
      `${subtree} select ${CATEGORY_COUNT_COLUMNS} from tree join categories k on k.id = tree.id
       order by tree.depth, k.position, k.id`,
      params
    ),
    statement(db, pageOfItems, params),
    ...matching,
  ])
  const counted = rows<CategoryCountRow>(categories)
  return {
    storeFound: rows(store).length > 0,
    category: rows<CategoryRow>(category)[0] ?? null,
    breadcrumbs: rows<CrumbRow>(crumbs),
    categories: counted,
    items: rows<ItemRow>(items),
    // Unfiltered, every item of the page's categories is counted in exactly one of them.
    total: plain ? counted.reduce((sum, row) => sum + row.item_count, 0) : total(count),
  }
}

// --- Menu items --------------------------------------------------------------------------------

export async function findMenuItem(
  db: D1Database,
  query: { businessId: number; storeId: number; itemId: number | null; itemSlug: string | null }
) {
  const target = `(select id from menu_items where business_id = ?2
    and case when ?3 is not null then id = ?3 else slug = ?4 end)`
  const params = [query.storeId, query.businessId, query.itemId, query.itemSlug]
  const [store, item, options, values, sizeCosts, crumbs] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select ${ITEM_COLUMNS}, m.description, m.ingredients, ${FOOD_INFORMATION_COLUMNS}
       from ${ITEM_FROM}
       where ${ITEM_SOLD} and m.id = ${target}`,
      params
    ),
    statement(
      db,
      `select id, name, placeholder, minimum_selected, maximum_selected, display_as_grid,
         mutually_exclusive, dependent_on, dependent_on_value_id, extra_cost_instances_threshold,
         is_size
       from menu_item_options where menu_item_id = ${target} order by position, id`,
      params
    ),
    statement(
      db,
      `select v.id, v.option_id, v.name, v.extra_cost, v.is_default, v.out_of_stock
       from menu_item_option_values v join menu_item_options o on o.id = v.option_id
       where o.menu_item_id = ${target} order by v.position, v.id`,
      params
    ),
    statement(
      db,
      `select sc.id, sc.option_value_id, sc.size_id, sc.extra_cost
       from menu_item_option_value_size_costs sc
       join menu_item_option_values v on v.id = sc.option_value_id
       join menu_item_options o on o.id = v.option_id
       where o.menu_item_id = ${target} order by sc.id`,
      params
    ),
    statement(
      db,
      breadcrumbsFrom(`(select category_id from menu_items where id = ${target})`),
      params
    ),
  ])
  return {
    storeFound: rows(store).length > 0,
    item: rows<ItemDetailsRow>(item)[0] ?? null,
    options: rows<OptionRow>(options),
    values: rows<OptionValueRow>(values),
    sizeCosts: rows<SizeCostRow>(sizeCosts),
    breadcrumbs: rows<CrumbRow>(crumbs),
  }
}

/** Items by id, in the order asked for; ids the store does not sell are left out. */
export async function findItemsByIds(
  db: D1Database,
  businessId: number,
  storeId: number,
  ids: ReadonlyArray<number>
) {
  const params = [storeId, businessId, JSON.stringify(ids)]
  const [store, items] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select ${ITEM_COLUMNS} from ${ITEM_FROM} join json_each(?3) j on j.value = m.id
       where ${ITEM_SOLD} order by j.key`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, items: rows<ItemRow>(items) }
}

/** The items of a live deal, or of one of its sections, by section then position. */
export async function findItemsOfDeal(
  db: D1Database,
  query: {
    businessId: number
    storeId: number
    dealId: number
    sectionId: number | null
    now: string
  }
) {
  const params = [query.storeId, query.businessId, query.dealId, query.sectionId, query.now]
  const [store, items] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select ${ITEM_COLUMNS} from ${ITEM_FROM}
       join (
         select dsi.menu_item_id, min(ds.position * 100000 + dsi.position) as ord
         from deal_section_items dsi
         join deal_sections ds on ds.id = dsi.deal_section_id
         join deals d on d.id = ds.deal_id
         where ds.deal_id = ?3 and (?4 is null or ds.id = ?4) and ${dealLive('?5')}
         group by dsi.menu_item_id
       ) picked on picked.menu_item_id = m.id
       where ${ITEM_SOLD} order by picked.ord, m.id`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, items: rows<ItemRow>(items) }
}

/** Spec §7 recommended items: up to this many. */
export const RECOMMENDED_LIMIT = 12

// Offers looked at for the fallback: enough that a few out of stock, unavailable or already in
// the basket still leave a full list.
const OFFER_CANDIDATES = 200

/**
 * Best sellers at the store (lines of orders the store took), then items with a badge or an
 * offer, in stock, leaving out what the basket (by its token's hash) already holds and tobacco
 * (never promoted, tobacco.ts).
 */
export async function findRecommendedItems(
  db: D1Database,
  businessId: number,
  storeId: number,
  basketTokenHash: string | null
) {
  const params = [storeId, businessId, basketTokenHash]
  // The store's orders by their own index (not every order of the business).
  const sales = `select ol.menu_item_id, sum(ol.quantity) as sold
    from orders o join order_lines ol on ol.order_id = o.id
    where o.store_id = ?1 and +o.business_id = ?2 and o.status_code is not null
      and ol.menu_item_id is not null
    group by ol.menu_item_id`
  const candidates = `select menu_item_id from sales
    union
    select menu_item_id from store_menu_items where store_id = ?1 and was_price is not null
    union
    select id from (
      select id from menu_items
      where business_id = ?2 and is_active = 1
        and (badge_text is not null or was_price is not null)
      order by position, id limit ${OFFER_CANDIDATES}
    )`
  const [store, items] = await db.batch([
    statement(db, STORE_EXISTS, params),
    // CROSS JOIN keeps the few candidates as the outer loop, so items are read by id.
    statement(
      db,
      `with sales as (${sales}), candidates(id) as (${candidates})
       select ${ITEM_COLUMNS} from candidates cross join ${ITEM_FROM}
       left join sales on sales.menu_item_id = m.id
       where m.id = candidates.id and ${ITEM_SOLD} and not ${ITEM_TOBACCO}
         and coalesce(s.out_of_stock, m.out_of_stock) = 0
         and m.id not in (
           select bl.menu_item_id from baskets b join basket_lines bl on bl.basket_id = b.id
           where ${basketTokenMatch('?3', 'b')} and b.business_id = ?2
         )
       order by coalesce(sales.sold, 0) desc, m.badge_text is null, m.position, m.id
       limit ${RECOMMENDED_LIMIT}`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, items: rows<ItemRow>(items) }
}

// --- Deals -------------------------------------------------------------------------------------

export async function findLiveDeals(
  db: D1Database,
  businessId: number,
  storeId: number,
  now: string
) {
  const params = [storeId, businessId, now]
  const [store, deals] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select ${DEAL_COLUMNS} from deals d where ${dealLive('?3')} order by d.position, d.id`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, deals: rows<DealRow>(deals) }
}

export async function findDeal(
  db: D1Database,
  query: {
    businessId: number
    storeId: number
    dealId: number | null
    dealSlug: string | null
    now: string
  }
) {
  const target = `(select id from deals d where ${dealLive('?5')}
    and case when ?3 is not null then d.id = ?3 else d.slug = ?4 end)`
  const params = [query.storeId, query.businessId, query.dealId, query.dealSlug, query.now]
  const [store, deal, sections, items] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(db, `select ${DEAL_COLUMNS} from deals d where d.id = ${target}`, params),
    statement(
      db,
      `select id, name, minimum_selected, maximum_selected from deal_sections
       where deal_id = ${target} order by position, id`,
      params
    ),
    statement(
      db,
      `select dsi.deal_section_id, dsi.extra_cost, ${ITEM_COLUMNS}
       from deal_section_items dsi join deal_sections ds on ds.id = dsi.deal_section_id,
         ${ITEM_FROM}
       where m.id = dsi.menu_item_id and ds.deal_id = ${target} and ${ITEM_SOLD}
       order by dsi.position, m.id`,
      params
    ),
  ])
  return {
    storeFound: rows(store).length > 0,
    deal: rows<DealRow>(deal)[0] ?? null,
    sections: rows<DealSectionRow>(sections),
    items: rows<SectionItemRow>(items),
  }
}

// --- Banners -----------------------------------------------------------------------------------

const BANNER_COLUMNS = `b.id, b.slug, b.title, b.subtitle, b.image_url, b.image_width,
  b.image_height, b.link_type, lc.slug as link_category_slug, ld.slug as link_deal_slug,
  li.slug as link_menu_item_slug, lic.slug as link_menu_item_category_slug, b.link_url`

const BANNER_FROM = `banners b
  left join categories lc on lc.id = b.link_category_id
  left join deals ld on ld.id = b.link_deal_id
  left join menu_items li on li.id = b.link_menu_item_id
  left join categories lic on lic.id = li.category_id`

function bannerLive(now: string): string {
  return `b.is_active = 1 and (b.starts_at is null or b.starts_at <= ${now})
    and (b.ends_at is null or b.ends_at > ${now}) and ${bannerWithoutTobacco('b')}`
}

/** Banners for the store home (categoryId null) or a category page, brand- or business-wide. */
export async function findBanners(
  db: D1Database,
  query: {
    businessId: number
    storeId: number
    brandId: number | null
    categoryId: number | null
    fulfilmentMethod: string
    now: string
  }
) {
  const params = [
    query.storeId,
    query.businessId,
    query.brandId,
    query.categoryId,
    query.fulfilmentMethod,
    query.now,
  ]
  const [store, banners] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(
      db,
      `select ${BANNER_COLUMNS} from ${BANNER_FROM}
       where b.business_id = ?2 and ${bannerLive('?6')}
         and (b.link_deal_id is null or exists (select 1 from deals d
           where d.id = b.link_deal_id and ${dealAllowedAtStore('?1')}))
         and (b.brand_id is null or b.brand_id = ?3)
         and (b.store_id is null or b.store_id = ?1)
         and case when ?4 is null then b.category_id is null else b.category_id = ?4 end
         and (b.fulfilment_method is null or b.fulfilment_method = ?5)
       order by b.position, b.id`,
      params
    ),
  ])
  return { storeFound: rows(store).length > 0, banners: rows<BannerRow>(banners) }
}

export async function findBannerBySlug(
  db: D1Database,
  businessId: number,
  slug: string,
  now: string
): Promise<BannerRow | null> {
  return statement(
    db,
    `select ${BANNER_COLUMNS} from ${BANNER_FROM}
     where b.business_id = ?1 and b.slug = ?2 and ${bannerLive('?3')}`,
    [businessId, slug, now]
  ).first<BannerRow>()
}

/**
 * Counts a click or an impression of each of the business's banners named (unknown ids and
 * other businesses' banners are not counted), on the banner and per platform and day, in one
 * batch. Returns how many banners were counted.
 */
export async function countBannerEvent(
  db: D1Database,
  event: {
    businessId: number
    bannerIds: ReadonlyArray<number>
    platform: string
    day: string
    kind: 'click' | 'impression'
  }
): Promise<number> {
  const [counter, daily] =
    event.kind === 'click' ? ['click_count', 'clicks'] : ['impression_count', 'impressions']
  const params = [event.businessId, JSON.stringify(event.bannerIds), event.platform, event.day]
  const named = `business_id = ?1 and id in (select value from json_each(?2))`
  const [updated] = await db.batch([
    statement(db, `update banners set ${counter} = ${counter} + 1 where ${named}`, params),
    statement(
      db,
      `insert into banner_metrics (banner_id, platform, day, ${daily})
       select id, ?3, ?4, 1 from banners where ${named}
       on conflict (banner_id, platform, day) do update set ${daily} = ${daily} + 1`,
      params
    ),
  ])
  return updated?.meta.changes ?? 0
}

import {
  MARKETING_LOG_LIMIT,
  type MarketingEventKind,
  type MarketingLogEntry,
} from '../../../schemas/marketing.ts'
import { ITEM_FROM, ITEM_SOLD } from '../catalogue/items.ts'
import { basketTokenMatch } from '../basket-ref-repo.ts'

/*
 * SQL of the marketing service (ADR 004): the local log, the consent it checks, and what the
 * deep-link action validates against.
 */

export async function insertMarketingEvent(
  db: D1Database,
  event: {
    businessId: number
    brandId: number | null
    kind: MarketingEventKind
    eventName: string | null
    userKey: string
    payloadJson: string
    createdAt: string
  }
): Promise<void> {
  await db
    .prepare(
      // A purchase, or an event with an id, is kept once per id, as Iterable keeps it: a
      // retried effect (ADR 037) that already recorded it adds nothing.
      `insert into marketing_events (business_id, brand_id, kind, event_name, user_key,
         payload_json, created_at)
       select ?1, ?2, ?3, ?4, ?5, ?6, ?7
       where ?3 not in ('purchase', 'event') or json_extract(?6, '$.id') is null
         or not exists (
           select 1 from marketing_events where business_id = ?1 and kind = ?3
             and json_extract(payload_json, '$.id') = json_extract(?6, '$.id'))`
    )
    .bind(
      event.businessId,
      event.brandId,
      event.kind,
      event.eventName,
      event.userKey,
      event.payloadJson,
      event.createdAt
    )
    .run()
}

interface LogRow {
  id: number
  kind: MarketingEventKind
  event_name: string | null
  user_key: string
  payload_json: string
  created_at: string
}

/** The business's newest recorded calls first (ties: the later insert first). */
export async function listMarketingEvents(
  db: D1Database,
  businessId: number
): Promise<Array<MarketingLogEntry>> {
  const { results } = await db
    .prepare(
      `select id, kind, event_name, user_key, payload_json, created_at from marketing_events
       where business_id = ?1 order by created_at desc, id desc limit ?2`
    )
    .bind(businessId, MARKETING_LOG_LIMIT)
    .all<LogRow>()
  return results.map((row) => ({
    id: row.id,
    kind: row.kind,
    eventName: row.event_name,
    userKey: row.user_key,
    payload: row.payload_json,
    createdAt: row.created_at,
  }))
}

/**
 * The member's email when they are opted in to marketing on at least one channel of the
 * business (marketing_preferences), else null: events about them are then anonymous (ADR 025).
 */
export async function optedInMemberEmail(
  db: D1Database,
  businessId: number,
  customerId: number
): Promise<{ email: string; firstName: string | null; lastName: string | null } | null> {
  const row = await db
    .prepare(
      `select c.email, c.first_name, c.last_name from customers c
       where c.id = ?2 and c.business_id = ?1 and exists (
         select 1 from marketing_preferences p
         join marketing_channels m on m.id = p.marketing_channel_id
         where p.customer_id = c.id and m.business_id = ?1 and p.opted_in = 1)`
    )
    .bind(businessId, customerId)
    .first<{ email: string | null; first_name: string | null; last_name: string | null }>()
  if (!row?.email) return null
  return { email: row.email, firstName: row.first_name, lastName: row.last_name }
}

/** A basket's id, owner, brand and store, as the marketing events name them. */
export interface MarketingBasket {
  id: number
  customerId: number | null
  brandId: number | null
  storeId: number | null
  status: string
}

interface MarketingBasketRow {
  id: number
  customer_id: number | null
  brand_id: number | null
  store_id: number | null
  status: string
}

function marketingBasketOf(row: MarketingBasketRow): MarketingBasket {
  return {
    id: row.id,
    customerId: row.customer_id,
    brandId: row.brand_id,
    storeId: row.store_id,
    status: row.status,
  }
}

/**
 * A basket's id, owner, brand, store and how many lines and meal deals it holds, by its token
 * hash (any status).
 */
export async function findMarketingBasket(
  db: D1Database,
  businessId: number,
  tokenHash: string
): Promise<(MarketingBasket & { lineCount: number }) | null> {
  const row = await db
    .prepare(
      `select b.id, b.customer_id, b.brand_id, b.store_id, b.status,
         (select count(*) from basket_lines l where l.basket_id = b.id)
         + (select count(*) from basket_meal_deals d where d.basket_id = b.id) as line_count
       from baskets b where ${basketTokenMatch('?1', 'b')} and b.business_id = ?2`
    )
    .bind(tokenHash, businessId)
    .first<MarketingBasketRow & { line_count: number }>()
  return row ? { ...marketingBasketOf(row), lineCount: row.line_count } : null
}

/** An order's customer, basket and brand, for the purchase event. */
export async function findOrderParties(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<{ customerId: number | null; basketId: number | null; brandId: number | null } | null> {
  const row = await db
    .prepare(
      `select customer_id, basket_id, brand_id from orders where id = ?2 and business_id = ?1`
    )
    .bind(businessId, orderId)
    .first<{ customer_id: number | null; basket_id: number | null; brand_id: number | null }>()
  return row
    ? { customerId: row.customer_id, basketId: row.basket_id, brandId: row.brand_id }
    : null
}

/** A store of the business that is live, by id: its slug; null when none. */
export async function findLinkStore(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<{ slug: string } | null> {
  return db
    .prepare(`select slug from stores where id = ?2 and business_id = ?1 and is_active = 1`)
    .bind(businessId, storeId)
    .first<{ slug: string }>()
}

/** Whether the store sells anything in the category or a subcategory of it (ITEM_SOLD). */
export async function categorySoldAtStore(
  db: D1Database,
  businessId: number,
  storeId: number,
  categoryId: number
): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as found from ${ITEM_FROM}
       where ${ITEM_SOLD} and (c.id = ?3 or c.parent_id = ?3) limit 1`
    )
    .bind(storeId, businessId, categoryId)
    .first<{ found: number }>()
  return row !== null
}

/** The item's and its category's slugs when the store sells it (ITEM_SOLD); null otherwise. */
export async function itemSoldAtStore(
  db: D1Database,
  businessId: number,
  storeId: number,
  itemId: number
): Promise<{ slug: string; categorySlug: string } | null> {
  return db
    .prepare(
      `select m.slug, c.slug as categorySlug from ${ITEM_FROM} where ${ITEM_SOLD} and m.id = ?3`
    )
    .bind(storeId, businessId, itemId)
    .first<{ slug: string; categorySlug: string }>()
}

/** The business's active deal's slug; null when it has no such deal. */
export async function findActiveDealSlug(
  db: D1Database,
  businessId: number,
  dealId: number
): Promise<string | null> {
  const row = await db
    .prepare(`select slug from deals where id = ?2 and business_id = ?1 and is_active = 1`)
    .bind(businessId, dealId)
    .first<{ slug: string }>()
  return row?.slug ?? null
}

/** Retention: the local marketing log (development's /dev/marketing) keeps 90 days. */
export const MARKETING_LOG_RETENTION_DAYS = 90

export async function deleteMarketingLogBefore(db: D1Database, before: Date): Promise<number> {
  const result = await db
    .prepare(`delete from marketing_events where created_at < ?1`)
    .bind(before.toISOString())
    .run()
  return result.meta.changes
}

/** A basket's id, owner, brand and store, by id (any status): whom its cart event is about. */
export async function findMarketingBasketById(
  db: D1Database,
  businessId: number,
  basketId: number
): Promise<MarketingBasket | null> {
  const row = await db
    .prepare(
      `select id, customer_id, brand_id, store_id, status from baskets
       where id = ?1 and business_id = ?2`
    )
    .bind(basketId, businessId)
    .first<MarketingBasketRow>()
  return row ? marketingBasketOf(row) : null
}

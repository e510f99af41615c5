import type { CardBrand } from '../../../schemas/payments.ts'
import type { PaymentMethod } from '../../../schemas/checkout.ts'
import type { StoreOrderStatus } from '../../../schemas/order-states.ts'
import { ofCallingBrand } from '../order-brand.ts'

/*
 * The member's own orders and reviews (ADR 004: SQL lives here). Every read is scoped by the
 * customer id requireMember answered and by the calling brand (ADR 012), and only placed orders
 * count: a draft or an unpaid order is not an order the member made yet.
 */

const PLACED = `o.placed_at is not null and o.status in ('sent_to_store',
  'store_accepted_picking', 'picked', 'en_route', 'delivered', 'store_rejected', 'refunded',
  'declined', 'cancelled', 'unable_to_deliver')`

/** An order as the member's list and detail read it. */
export interface MemberOrderRow {
  id: number
  business_order_id: string
  status: StoreOrderStatus
  status_code: number | null
  fulfilment_method: 'delivery' | 'collection'
  fulfilment_timing: 'asap' | 'future'
  slot_date: string | null
  slot_starts_at: string | null
  slot_ends_at: string | null
  placed_at: string
  store_id: number
  store_slug: string
  store_name: string
  items_count: number
  subtotal: number
  discount_total: number
  delivery_cost: number
  service_fee: number
  delivery_tip: number
  credit_applied: number
  tip_refund: number
  refund: number
  original_total: number
  total_adjustment: number
  total: number
  currency: string
  payment_method: PaymentMethod | null
  delivery_address_json: string | null
  age_verified: number
  ready_for_collection_at: string | null
  driver_latitude: number | null
  driver_longitude: number | null
  driver_updated_at: string | null
  review_id: number | null
  /** 1 for an order archived to R2 (ADR 050): only its index row's fields are set. */
  archived: number
}

const ORDER_COLUMNS = `o.id, o.business_order_id, o.status, o.status_code, o.fulfilment_method,
  o.fulfilment_timing, o.slot_date, o.slot_starts_at, o.slot_ends_at, o.placed_at, o.store_id,
  s.slug as store_slug, s.name as store_name,
  (select coalesce(sum(l.quantity), 0) from order_lines l
   where l.order_id = o.id and l.parent_line_id is null) as items_count,
  o.subtotal, o.discount_total, o.delivery_cost, o.service_fee, o.delivery_tip, o.credit_applied, o.tip_refund,
  o.refund, o.original_total, o.total_adjustment, o.total, o.currency, o.payment_method,
  o.delivery_address_json, o.age_verified, o.ready_for_collection_at, o.driver_latitude,
  o.driver_longitude, o.driver_updated_at, r.id as review_id, 0 as archived`

const ORDER_FROM = `from orders o join stores s on s.id = o.store_id
  left join reviews r on r.order_id = o.id`

/** An archived order's index row (migration 0101) in ORDER_COLUMNS' shape, for the list. */
const ARCHIVED_COLUMNS = `o.order_id as id, o.business_order_id, o.status, o.status_code,
  o.fulfilment_method, 'asap' as fulfilment_timing, null as slot_date, null as slot_starts_at,
  null as slot_ends_at, o.placed_at, o.store_id, s.slug as store_slug, s.name as store_name,
  o.items_count, 0 as subtotal, 0 as discount_total, 0 as delivery_cost, 0 as service_fee,
  0 as delivery_tip, 0 as credit_applied, 0 as tip_refund, 0 as refund, o.total as original_total,
  0 as total_adjustment, o.total, o.currency, null as payment_method,
  null as delivery_address_json, 0 as age_verified, null as ready_for_collection_at,
  null as driver_latitude, null as driver_longitude, null as driver_updated_at,
  null as review_id, 1 as archived`

const ARCHIVED_FROM = 'from archived_orders o join stores s on s.id = o.store_id'

export interface MemberOrderFilter {
  businessId: number
  brandId: number | null
  customerId: number
  /** UTC instants: placed at or after `from`, before `until`. */
  from: string | null
  until: string | null
  status: StoreOrderStatus | null
  limit: number
  offset: number
}

/** One page of the member's placed orders, newest first, and how many match over all pages. */
export async function listMemberOrders(
  db: D1Database,
  filter: MemberOrderFilter
): Promise<{ rows: Array<MemberOrderRow>; total: number }> {
  const where = `where o.business_id = ?1 and o.customer_id = ?2 and ${PLACED}
    and ${ofCallingBrand('?3')} and (?4 is null or o.placed_at >= ?4)
    and (?5 is null or o.placed_at < ?5) and (?6 is null or o.status = ?6)`
  const params = [
    filter.businessId,
    filter.customerId,
    filter.brandId,
    filter.from,
    filter.until,
    filter.status,
  ]
  // Archived orders (ADR 050) are listed with the rest, from their index rows.
  const [page, count] = await db.batch([
    db
      .prepare(
        `select * from (select ${ORDER_COLUMNS} ${ORDER_FROM} ${where}
         union all select ${ARCHIVED_COLUMNS} ${ARCHIVED_FROM} ${where})
         order by placed_at desc, id desc limit ?7 offset ?8`
      )
      .bind(...params, filter.limit, filter.offset),
    db
      .prepare(
        `select (select count(*) from orders o ${where})
          + (select count(*) from archived_orders o ${where}) as total`
      )
      .bind(...params),
  ])
  return {
    rows: (page?.results ?? []) as Array<MemberOrderRow>,
    total: ((count?.results[0] as { total: number } | undefined)?.total ?? 0) as number,
  }
}

/** The member's placed order with this number, or null (another member's is as if absent). */
export function findMemberOrder(
  db: D1Database,
  input: { businessId: number; brandId: number | null; customerId: number; businessOrderId: string }
): Promise<MemberOrderRow | null> {
  return db
    .prepare(
      `select ${ORDER_COLUMNS} ${ORDER_FROM}
       where o.business_id = ?1 and o.customer_id = ?2 and o.business_order_id = ?3
         and ${PLACED} and ${ofCallingBrand('?4')}`
    )
    .bind(input.businessId, input.customerId, input.businessOrderId, input.brandId)
    .first<MemberOrderRow>()
}

/** A placed order of the business by id, whoever placed it (a guest's signed receipt link). */
export function findPlacedOrder(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<MemberOrderRow | null> {
  return db
    .prepare(
      `select ${ORDER_COLUMNS} ${ORDER_FROM} where o.business_id = ?1 and o.id = ?2 and ${PLACED}`
    )
    .bind(businessId, orderId)
    .first<MemberOrderRow>()
}

/** The store's address and how the order was paid (the newest payment that counts). */
export interface MemberOrderDisplayRow {
  address_line1: string | null
  address_line2: string | null
  town: string | null
  county: string | null
  postcode: string | null
  method: PaymentMethod | null
  card_brand: CardBrand | null
  card_last4: string | null
}

export interface RefundRow {
  amount: number
  reason: string
  created_at: string
}

/**
 * A change of status: the placing, then each move the store made (ADR 017), in the order they
 * were recorded (every store action follows the placing; instants alone can tie).
 */
export interface StatusHistoryRow {
  status: string
  reason: string | null
  at: string
}

export interface ReviewRow {
  id: number
  star_rating: number
  comment: string | null
  created_at: string
  updated_at: string | null
}

/** What the detail adds to the row, in one round trip. */
export async function findMemberOrderParts(
  db: D1Database,
  orderId: number
): Promise<{
  display: MemberOrderDisplayRow | null
  refunds: Array<RefundRow>
  statusHistory: Array<StatusHistoryRow>
  review: ReviewRow | null
}> {
  const [display, refunds, history, review] = await db.batch([
    db
      .prepare(
        `select s.address_line1, s.address_line2, s.town, s.county, s.postcode, p.method,
           coalesce(p.card_brand, c.brand) as card_brand, coalesce(p.card_last4, c.last4) as card_last4
         from orders o join stores s on s.id = o.store_id
         left join payments p on p.id = (
           select id from payments where order_id = o.id and void_reason is null
             and (status in ('authorised', 'captured', 'partially_refunded', 'refunded')
                  or (status = 'pending' and gateway = 'cash'))
           order by id desc limit 1)
         left join saved_cards c on c.id = p.saved_card_id
         where o.id = ?1`
      )
      .bind(orderId),
    db
      .prepare(
        `select r.amount, r.reason, r.created_at from payment_refunds r
         join payments p on p.id = r.payment_id
         where p.order_id = ?1 and r.status = 'done' order by r.id`
      )
      .bind(orderId),
    db
      .prepare(
        `select 'sent_to_store' as status, null as reason, placed_at as at, 0 as seq
         from orders where id = ?1 and placed_at is not null
         union all
         select to_status as status, reason, at, id as seq from order_history
         where order_id = ?1 and to_status <> from_status
         order by seq`
      )
      .bind(orderId),
    db
      .prepare(
        `select id, star_rating, comment, created_at, updated_at from reviews where order_id = ?1`
      )
      .bind(orderId),
  ])
  return {
    display: (display?.results[0] as MemberOrderDisplayRow | undefined) ?? null,
    refunds: (refunds?.results ?? []) as Array<RefundRow>,
    statusHistory: (history?.results ?? []) as Array<StatusHistoryRow>,
    review: (review?.results[0] as ReviewRow | undefined) ?? null,
  }
}

/** A top-level line to add again: an item with its option values, or a meal deal with its items. */
export interface ReorderLineRow {
  id: number
  kind: 'item' | 'meal_deal' | 'meal_deal_choice'
  parent_line_id: number | null
  menu_item_id: number | null
  deal_id: number | null
  name: string
  quantity: number
}

export interface ReorderChoiceRow {
  order_line_id: number
  option_id: number | null
  option_value_id: number | null
  quantity: number
}

export interface ReorderDealChoiceRow {
  parent_line_id: number
  section_id: number | null
  menu_item_id: number | null
}

/**
 * The order's lines as they can be added again: each item's option values with their option (a
 * value deleted since has no option), and each meal deal choice with the section of the deal
 * that offers that item now (none when the deal no longer offers it).
 */
export async function findReorderLines(
  db: D1Database,
  orderId: number
): Promise<{
  lines: Array<ReorderLineRow>
  choices: Array<ReorderChoiceRow>
  dealChoices: Array<ReorderDealChoiceRow>
}> {
  const [lines, choices, dealChoices] = await db.batch([
    db
      .prepare(
        `select id, kind, parent_line_id, menu_item_id, deal_id, name, quantity from order_lines
         where order_id = ?1 and parent_line_id is null order by position, id`
      )
      .bind(orderId),
    db
      .prepare(
        `select x.order_line_id, v.option_id, x.option_value_id, x.quantity
         from order_line_selections x join order_lines l on l.id = x.order_line_id
         left join menu_item_option_values v on v.id = x.option_value_id
         where l.order_id = ?1 order by x.id`
      )
      .bind(orderId),
    db
      .prepare(
        `select c.parent_line_id, c.menu_item_id,
           (select ds.id from deal_sections ds
              join deal_section_items di on di.deal_section_id = ds.id
            where ds.deal_id = p.deal_id and di.menu_item_id = c.menu_item_id
            order by ds.position, ds.id limit 1) as section_id
         from order_lines c join order_lines p on p.id = c.parent_line_id
         where c.order_id = ?1 and c.parent_line_id is not null order by c.position, c.id`
      )
      .bind(orderId),
  ])
  return {
    lines: (lines?.results ?? []) as Array<ReorderLineRow>,
    choices: (choices?.results ?? []) as Array<ReorderChoiceRow>,
    dealChoices: (dealChoices?.results ?? []) as Array<ReorderDealChoiceRow>,
  }
}

/**
 * Writes the member's review of their delivered order: the first one, or a change to theirs
 * while `editableFrom` (the oldest creation time still editable) allows. Answers whether a row
 * was written; the conditions make a lost race or a closed window write nothing.
 */
export async function saveReview(
  db: D1Database,
  input: {
    orderId: number
    storeId: number
    customerId: number
    starRating: number
    comment: string | null
    now: string
    editableFrom: string
  }
): Promise<boolean> {
  const result = await db
    .prepare(
      `insert into reviews (order_id, store_id, customer_id, star_rating, comment, created_at)
       values (?1, ?2, ?3, ?4, ?5, ?6)
       on conflict (order_id) do update set star_rating = excluded.star_rating,
         comment = excluded.comment, updated_at = ?6
       where reviews.customer_id = ?3 and reviews.created_at >= ?7`
    )
    .bind(
      input.orderId,
      input.storeId,
      input.customerId,
      input.starRating,
      input.comment,
      input.now,
      input.editableFrom
    )
    .run()
  return result.meta.changes === 1
}

import type { LineMark, OrderStatusName } from '../../../schemas/order-states.ts'
import type { PaymentMethod } from '../../../schemas/checkout-answers.ts'
import type { CardBrand } from '../../../schemas/payments.ts'
import { optionSelectionTexts } from '../../../schemas/option-selections.ts'
import type { ActorRole } from '../../../schemas/order-states.ts'
import type { SoldBy } from '../../../schemas/weighing.ts'

/*
 * The store console's reads and writes of orders (ADR 004: SQL lives here). Every action is ONE
 * batch: the conditional update of the order (status and the facts inside it) writes a random
 * action token, and every other statement of the batch runs only where the order carries that
 * token, so the loser of a race writes nothing (ADR 017 "One batch per action").
 */

/** The order as the console reads it, with its store's accept window and driver. */
export interface StoreOrderRow {
  id: number
  business_id: number
  store_id: number
  business_order_id: string
  status: OrderStatusName
  status_code: number | null
  fulfilment_method: 'delivery' | 'collection'
  fulfilment_timing: 'asap' | 'future'
  slot_date: string | null
  slot_starts_at: string | null
  slot_ends_at: string | null
  first_name: string
  last_name: string
  email: string
  phone: string | null
  delivery_address_json: string | null
  instructions: string | null
  subtotal: number
  delivery_cost: number
  delivery_tip: number
  credit_applied: number
  /** The member who placed it (null: a guest); only store credit needs it. */
  customer_id: number | null
  original_total: number
  total_adjustment: number
  refund: number
  tip_refund: number
  total: number
  payment_method: PaymentMethod | null
  placed_at: string
  accepted_at: string | null
  estimated_ready_at: string | null
  picking_started_at: string | null
  ready_for_collection_at: string | null
  driver_id: number | null
  driver_name: string | null
  closing_reason: string | null
  accept_alerted_at: string | null
  accept_window_minutes: number | null
  items_count: number
  /** The store's IANA time zone: the console shows times in it. */
  time_zone: string
  /** Marks so far: a mark's re-pricing holds only while it is still this (migration 0045). */
  picks_version: number
  /** What the payment holds over the estimate of weighed lines, in percent (migration 0081). */
  weighed_margin_percent: number
  /** Lines sold by weight or by the piece at an estimated weight (ADR 039). */
  weighed_lines: number
  /** The basket's terms at checkout (repricing.ts), null for an order placed before. */
  pricing_terms_json: string | null
}

const ORDER_COLUMNS = `o.id, o.business_id, o.store_id, o.business_order_id, o.status, o.status_code,
  o.fulfilment_method, o.fulfilment_timing, o.slot_date, o.slot_starts_at, o.slot_ends_at,
  o.first_name, o.last_name, o.email, o.phone, o.delivery_address_json, o.instructions,
  o.subtotal, o.delivery_cost, o.delivery_tip, o.credit_applied, o.customer_id, o.original_total, o.total_adjustment, o.refund,
  o.tip_refund, o.total, o.payment_method, o.placed_at, o.accepted_at, o.estimated_ready_at,
  o.picking_started_at, o.ready_for_collection_at, o.driver_id, d.name as driver_name,
  o.closing_reason, o.accept_alerted_at, s.order_accept_window_minutes as accept_window_minutes,
  s.time_zone, o.picks_version, o.weighed_margin_percent, o.pricing_terms_json,
  (select coalesce(sum(l.quantity), 0) from order_lines l
   where l.order_id = o.id and l.parent_line_id is null) as items_count,
  (select count(*) from order_lines l
   where l.order_id = o.id and l.parent_line_id is null and l.sold_by <> 'each') as weighed_lines`

const ORDER_FROM = `from orders o
  join stores s on s.id = o.store_id
  left join staff_accounts d on d.id = o.driver_id`

/**
 * The statuses of an order the store has (after payment). Checkout also marks a superseded,
 * never-paid draft 'cancelled', so every query pairs these with `o.placed_at is not null`.
 */
const STORE_STATUSES = `('sent_to_store', 'store_accepted_picking', 'picked', 'en_route',
  'delivered', 'store_rejected', 'refunded', 'declined', 'cancelled', 'unable_to_deliver')`

export function findStoreOrder(
  db: D1Database,
  businessId: number,
  storeId: number,
  orderId: number
): Promise<StoreOrderRow | null> {
  return db
    .prepare(
      `select ${ORDER_COLUMNS} ${ORDER_FROM}
       where o.id = ?1 and o.business_id = ?2 and o.store_id = ?3
         and o.status in ${STORE_STATUSES} and o.placed_at is not null`
    )
    .bind(orderId, businessId, storeId)
    .first<StoreOrderRow>()
}

/**
 * The board: the store's orders not finished, and those finished since `finishedSince`, newest
 * first; a driver sees only their own. Uses orders_store_status_placed.
 */
export async function listBoardOrders(
  db: D1Database,
  input: { businessId: number; storeId: number; finishedSince: string; driverId: number | null }
): Promise<Array<StoreOrderRow>> {
  const { results } = await db
    .prepare(
      `select ${ORDER_COLUMNS} ${ORDER_FROM}
       where o.store_id = ?1 and o.business_id = ?2 and o.placed_at is not null
         and (o.status in ('sent_to_store', 'store_accepted_picking', 'picked', 'en_route')
              or (o.status in ${STORE_STATUSES} and o.updated_at >= ?3))
         and (?4 is null or o.driver_id = ?4)
       order by o.placed_at desc, o.id desc
       limit 1000`
    )
    .bind(input.storeId, input.businessId, input.finishedSince, input.driverId)
    .all<StoreOrderRow>()
  return results
}

/** A top-level line of the picking list with its mark and department. */
export interface PickLineRow {
  id: number
  kind: 'item' | 'meal_deal'
  menu_item_id: number | null
  name: string
  quantity: number
  unit_price: number
  total_price: number
  age_restriction: number | null
  department: string | null
  department_position: number | null
  mark: LineMark | null
  picked_quantity: number | null
  substitute_menu_item_id: number | null
  substitute_name: string | null
  substitute_quantity: number | null
  substitute_unit_price: number | null
  charged_price: number | null
  refunded_quantity: number | null
  /** 0 when the shopper asked for no substitutes (copied from the basket at checkout). */
  allow_substitutes: number
  /** The replacement the shopper chose, with its name (migration 0089); else null. */
  chosen_item_id: number | null
  chosen_name: string | null
  /** The mark's version: 0 until marked, one more at each mark (migration 0046). */
  version: number
  /** How the line was sold (migration 0080) and, once weighed, the grams picked (0081). */
  sold_by: SoldBy
  price_per_kg: number | null
  unit_grams: number | null
  picked_grams: number | null
  /** A substitute sent back (migration 0096): at review or at the door, and what it gave back. */
  rejected_by: 'review' | 'door' | null
  rejected_amount: number | null
  /** The line's share of tax added at checkout (migration 0108, ADR 055); null where included. */
  tax_amount: number | null
}

/** orderPickLines' select, for a caller that reads the lines in a batch of its own (ADR 069). */
export const PICK_LINES_SELECT = `select l.id, l.kind, l.menu_item_id, l.name, l.quantity, l.unit_price,
    l.total_price, coalesce(l.age_restriction, m.age_restriction, c.age_restriction) as age_restriction,
    coalesce(g.name, p.name, c.name) as department,
    coalesce(g.position, p.position, c.position) as department_position,
    k.mark, k.picked_quantity, k.substitute_menu_item_id, k.substitute_name,
    k.substitute_quantity, k.substitute_unit_price, k.charged_price, k.refunded_quantity,
    l.allow_substitutes, coalesce(k.version, 0) as version,
    l.substitute_item_id as chosen_item_id, r.name as chosen_name,
    l.sold_by, l.price_per_kg, l.unit_grams, k.picked_grams, k.rejected_by,
    k.rejected_amount, l.tax_amount
  from order_lines l
  left join menu_items m on m.id = l.menu_item_id
  left join menu_items r on r.id = l.substitute_item_id
  left join categories c on c.id = m.category_id
  left join categories p on p.id = c.parent_id
  left join categories g on g.id = p.parent_id
  left join order_line_picks k on k.order_line_id = l.id`

/** The order PICK_LINES_SELECT's lines are told in. */
export const PICK_LINES_ORDER = 'order by l.position, l.id'

/**
 * The order's top-level lines (a meal deal's choices ride with it) with their marks. The
 * department is the item's top category (up to three levels, as the catalogue has them).
 */
export async function orderPickLines(db: D1Database, orderId: number): Promise<Array<PickLineRow>> {
  const { results } = await db
    .prepare(
      `${PICK_LINES_SELECT} where l.order_id = ?1 and l.parent_line_id is null ${PICK_LINES_ORDER}`
    )
    .bind(orderId)
    .all<PickLineRow>()
  return results
}

export interface LineSelectionRow {
  order_line_id: number
  text: string
}

interface ChosenValueRow {
  order_line_id: number
  option_name: string
  value_name: string
  quantity: number
}

/**
 * Options chosen (one text per option: 'Fillings: Ham, Cheese') and a meal deal's choices, as
 * text per top-level line.
 */
export async function orderLineSelections(
  db: D1Database,
  orderId: number
): Promise<Array<LineSelectionRow>> {
  const [chosen, children] = await db.batch([
    db
      .prepare(
        `select s.order_line_id, s.option_name, s.value_name, s.quantity
         from order_line_selections s join order_lines l on l.id = s.order_line_id
         where l.order_id = ?1 order by s.id`
      )
      .bind(orderId),
    db
      .prepare(
        `select c.parent_line_id as order_line_id, c.name as text
         from order_lines c where c.order_id = ?1 and c.parent_line_id is not null order by c.id`
      )
      .bind(orderId),
  ])
  const values = (chosen?.results ?? []) as Array<ChosenValueRow>
  const lineIds = [...new Set(values.map((value) => value.order_line_id))]
  return [
    ...lineIds.flatMap((lineId) =>
      optionSelectionTexts(
        values
          .filter((value) => value.order_line_id === lineId)
          .map((value) => ({
            optionName: value.option_name,
            valueName: value.value_name,
            quantity: value.quantity,
          }))
      ).map((text) => ({ order_line_id: lineId, text }))
    ),
    ...((children?.results ?? []) as Array<LineSelectionRow>),
  ]
}

export interface HistoryRow {
  id: number
  actor_staff_id: number | null
  actor_name: string | null
  role: ActorRole
  action: string
  from_status: OrderStatusName
  to_status: OrderStatusName
  reason: string | null
  detail_json: string | null
  at: string
}

export async function orderHistory(db: D1Database, orderId: number): Promise<Array<HistoryRow>> {
  const { results } = await db
    .prepare(
      `select h.id, h.actor_staff_id, a.name as actor_name, h.role, h.action, h.from_status,
         h.to_status, h.reason, h.detail_json, h.at
       from order_history h left join staff_accounts a on a.id = h.actor_staff_id
       where h.order_id = ?1 order by h.id`
    )
    .bind(orderId)
    .all<HistoryRow>()
  return results
}

/** Where an order was placed and the card it was paid with, as its order page states them. */
export interface OrderFactsRow {
  brand_name: string | null
  card_brand: CardBrand | null
  card_last4: string | null
}

/**
 * The brand the order was placed on and its card's brand and last four (the latest card payment,
 * voided or not: a rejected order was still paid with it; a saved card's own record fills in
 * what the payment did not keep).
 */
export async function orderFacts(db: D1Database, orderId: number): Promise<OrderFactsRow> {
  const row = await db
    .prepare(
      `select b.name as brand_name, coalesce(p.card_brand, c.brand) as card_brand,
         coalesce(p.card_last4, c.last4) as card_last4
       from orders o
       left join brands b on b.id = o.brand_id
       left join payments p on p.id = (
         select id from payments where order_id = o.id and method = 'paymentCard'
         order by id desc limit 1)
       left join saved_cards c on c.id = p.saved_card_id
       where o.id = ?1`
    )
    .bind(orderId)
    .first<OrderFactsRow>()
  return row ?? { brand_name: null, card_brand: null, card_last4: null }
}

/** An item the store sells now (a substitute), at the store's price. */
export function findStoreItem(
  db: D1Database,
  businessId: number,
  storeId: number,
  menuItemId: number
): Promise<{ id: number; name: string; price: number } | null> {
  return db
    .prepare(
      `select m.id, m.name, coalesce(s.price, m.price) as price
       from menu_items m left join store_menu_items s on s.menu_item_id = m.id and s.store_id = ?2
       where m.id = ?3 and m.business_id = ?1 and m.is_active = 1
         and coalesce(s.is_available, 1) = 1`
    )
    .bind(businessId, storeId, menuItemId)
    .first<{ id: number; name: string; price: number }>()
}

/** The payment that paid an order, as giving money back needs it. */
export interface OrderPayment {
  id: number
  amount: number
  amount_refunded: number
  /** 1: a hold for weighed lines, captured after picking (ADR 039). */
  capture_later: number
  /** What the hold's capture took; null while nothing is captured. */
  captured_amount: number | null
  /** The capture's answer is not known yet (ADR 039): nothing is refunded until it is. */
  capture_unknown: number
}

/** The payment that paid the order (the newest captured or authorised one). */
export function findOrderPayment(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<OrderPayment | null> {
  return db
    .prepare(
      `select id, amount, amount_refunded, capture_later, captured_amount, capture_unknown
       from payments
       where order_id = ?1 and business_id = ?2
         and status in ('authorised', 'captured', 'partially_refunded')
         and voided_at is null and void_reason is null
       order by id desc limit 1`
    )
    .bind(orderId, businessId)
    .first<OrderPayment>()
}

/** An order's money fields that name its discounts (named-discounts.ts). */
export interface OrderDiscountRow {
  pricing_terms_json: string | null
  coupon_code: string | null
  coupon_discount: number
  discount_total: number
  credit_applied: number
}

export function findOrderDiscountFacts(
  db: D1Database,
  orderId: number
): Promise<OrderDiscountRow | null> {
  return db
    .prepare(
      `select pricing_terms_json, coupon_code, coupon_discount, discount_total, credit_applied
       from orders where id = ?1`
    )
    .bind(orderId)
    .first<OrderDiscountRow>()
}

/** What an order's change event says of it (ADR 038): its store and status as they are now. */
export function findOrderBoardState(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<{ store_id: number; status: OrderStatusName } | null> {
  return db
    .prepare('select store_id, status from orders where id = ?1 and business_id = ?2')
    .bind(orderId, businessId)
    .first<{ store_id: number; status: OrderStatusName }>()
}

import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import type { OrderStatusName } from '../../../schemas/order-states.ts'
import type { SoldBy } from '../../../schemas/weighing.ts'
import type { MemberOrderRef } from '../member-orders/member-order-route.ts'
import { ofCallingBrand } from '../order-brand.ts'
import type { AmendedPricing } from './pricing.ts'
import { amendNoticeStatement } from './notice-effect.ts'
import { AMEND_REFUND_REASON, amendRefundReference, amendRefundStatement } from './refund-effect.ts'
import { coveredSql } from '../payments/capture-repo.ts'
import { owedRefundStatement, refundFits } from '../payments/refunds-repo.ts'
import { supersedeOtherChangesStatement } from '../payments/repo.ts'

/*
 * The reads and the one guarded batch of an amend (ADR 004: SQL lives here; ADR 048). The order's
 * update decides the race: it holds only while the order is at the amend version the change was
 * priced from, still before picking, still at the total read, and the new total within what the
 * payment can pay; every other statement runs only where that update won (the random action
 * token it stamped, as the store's actions do, ADR 017).
 */

export interface AmendOrderRow {
  id: number
  business_id: number
  business_order_id: string
  store_id: number
  fulfilment_method: FulfilmentMethod
  status: OrderStatusName
  picking_started_at: string | null
  slot_date: string | null
  slot_starts_at: string | null
  time_zone: string
  payment_method: string | null
  total: number
  credit_applied: number
  total_adjustment: number
  refund: number
  amend_version: number
  pricing_terms_json: string | null
  amend_cutoff: string
  amend_cutoff_hours: number
  max_basket_items: number | null
  basket_id: number | null
  /** Tax added at checkout (ADR 055): such an order is not amended online. */
  tax_json: string | null
  /** The margin the order's card holds over its weighed lines (ADR 039): a top-up holds it too. */
  weighed_margin_percent: number
}

// The columns an amend reads and the joins they come from.
const AMEND_ORDER_READ = `o.id, o.business_id, o.business_order_id, o.store_id,
  o.fulfilment_method, o.status, o.picking_started_at, o.slot_date, o.slot_starts_at,
  s.time_zone, o.payment_method, o.total, o.credit_applied, o.total_adjustment, o.refund,
  o.amend_version, o.pricing_terms_json, b.amend_cutoff, b.amend_cutoff_hours, s.max_basket_items,
  o.basket_id, o.tax_json, o.weighed_margin_percent
  from orders o join stores s on s.id = o.store_id join businesses b on b.id = o.business_id`

/** The member's placed order of the calling brand, with its store's zone and business rule. */
export function findMemberAmendOrder(
  db: D1Database,
  ref: MemberOrderRef
): Promise<AmendOrderRow | null> {
  return db
    .prepare(
      `select ${AMEND_ORDER_READ}
       where o.business_id = ?1 and o.business_order_id = ?2 and o.customer_id = ?3
         and o.placed_at is not null and ${ofCallingBrand('?4')}`
    )
    .bind(ref.businessId, ref.businessOrderId, ref.customerId, ref.brandId)
    .first<AmendOrderRow>()
}

/** A placed order by id, for a caller the tracking call already let see it (a guest's link). */
export function findPlacedAmendOrder(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<AmendOrderRow | null> {
  return db
    .prepare(
      `select ${AMEND_ORDER_READ}
       where o.business_id = ?1 and o.id = ?2 and o.placed_at is not null`
    )
    .bind(businessId, orderId)
    .first<AmendOrderRow>()
}

export interface AmendLineRow {
  id: number
  menu_item_id: number | null
  kind: string
  quantity: number
  unit_price: number
  total_price: number
  sold_by: SoldBy
  price_per_kg: number | null
  unit_grams: number | null
  choices: number
}

export async function findAmendLines(
  db: D1Database,
  orderId: number
): Promise<Array<AmendLineRow>> {
  const rows = await db
    .prepare(
      `select l.id, l.menu_item_id, l.kind, l.quantity, l.unit_price, l.total_price, l.sold_by,
         l.price_per_kg, l.unit_grams,
         (select count(*) from order_line_selections c where c.order_line_id = l.id)
         + (select count(*) from order_lines k where k.parent_line_id = l.id) as choices
       from order_lines l where l.order_id = ?1 and l.parent_line_id is null
       order by l.position, l.id`
    )
    .bind(orderId)
    .all<AmendLineRow>()
  return rows.results
}

/**
 * How far the new total may go, checked inside the order's update: `settled` at most the total
 * read (the difference is refunded; more would need a new authorisation), `hold` at most what
 * the uncaptured authorisation still holds, `cash` anything (paid at the door).
 */
export type AmendCap =
  | { kind: 'settled' }
  | { kind: 'hold'; paymentId: number }
  | { kind: 'cash' }
  /** Several payments (ADR 059): at most what the kept ones together can still pay. */
  | { kind: 'covered' }

/** What the order's kept payments can still pay, money on its way back counted as gone. */
const COVERED = coveredSql('?1')

/**
 * The card refund the amend owes, if any (?15 its payment, ?16 its amount): the payment can give
 * it back beyond what is already on its way. The owed row's insert holds on the same, so the
 * order changes only with its refund recorded.
 */
const REFUND_FITS = `(?15 is null or exists (select 1 from payments p
  where p.id = ?15 and p.order_id = ?1 and ${refundFits('?16')}))`

function capCondition(cap: AmendCap): string {
  switch (cap.kind) {
    case 'covered':
      return `?5 <= ${COVERED} and ?13 is null`
    case 'settled':
      return '?5 <= total and ?13 is null'
    case 'hold':
      return `?5 <= (select amount - amount_refunded from payments where id = ?13
                       and capture_later = 1 and captured_amount is null and status = 'authorised')`
    case 'cash':
      return '?13 is null'
  }
}

/** The order moved to another slot of its store and method (ADR 054): the slot's row as reserving makes it. */
export interface SlotMove {
  key: readonly [storeId: number, method: FulfilmentMethod, date: string, startTime: string]
  endTime: string
  start: Date
  end: Date
  /** The capacity the slot's row gets when this is its first booking. */
  capacity: number
}

/**
 * The slot move's statements, each only where the order's update won: the order's confirmed
 * place is given back and released, a place in the new slot taken (a full or blocked slot breaks
 * time_slots' CHECK and rolls the whole batch back, as reserving does), a confirmed reservation
 * of the order inserted for it (where the shopper was, kept from the old one) and the order's
 * slot moved. The slot's row is created first when nobody booked it yet, as reserving does.
 */
function slotMoveStatements(
  db: D1Database,
  orderId: number,
  token: string,
  move: SlotMove,
  now: Date
): Array<D1PreparedStatement> {
  const ours = `(select action_token from orders where id = ?1) = ?2`
  const at = now.toISOString()
  const slotOf = `store_id = ?3 and fulfilment_method = ?4 and slot_date = ?5 and starts_at = ?6`
  return [
    db
      .prepare(
        `insert or ignore into time_slots (store_id, fulfilment_method, slot_date, starts_at,
           ends_at, start_utc, end_utc, capacity)
         select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8`
      )
      .bind(
        ...move.key,
        move.endTime,
        move.start.toISOString(),
        move.end.toISOString(),
        move.capacity
      ),
    db
      .prepare(
        `update time_slots set reserved_count = reserved_count - 1
         where id in (select time_slot_id from slot_reservations
                      where order_id = ?1 and status = 'confirmed') and ${ours}`
      )
      .bind(orderId, token),
    db
      .prepare(
        `update slot_reservations set status = 'released', released_at = ?3
         where order_id = ?1 and status = 'confirmed' and ${ours}`
      )
      .bind(orderId, token, at),
    db
      .prepare(
        `update time_slots
         set reserved_count = reserved_count + 1 + is_blocked * (capacity + 1)
         where ${slotOf} and ${ours}`
      )
      .bind(orderId, token, ...move.key),
    db
      .prepare(
        `insert into slot_reservations (time_slot_id, store_id, basket_id, order_id,
           fulfilment_method, is_asap, status, postcode, latitude, longitude, expires_at,
           confirmed_at, created_at)
         select t.id, ?3, o.basket_id, o.id, ?4, 0, 'confirmed', r.postcode, r.latitude,
           r.longitude, ?7, ?7, ?7
         from time_slots t join orders o on o.id = ?1 and o.action_token = ?2
           left join slot_reservations r on r.id = (select max(id) from slot_reservations
                                                    where order_id = ?1 and status = 'released')
         where t.${slotOf.replaceAll(' and ', ' and t.')}`
      )
      .bind(orderId, token, ...move.key, at),
    db
      .prepare(
        `update orders set slot_date = ?3, slot_starts_at = ?4, slot_ends_at = ?5,
           slot_start_utc = ?6, fulfilment_timing = 'future'
         where id = ?1 and action_token = ?2`
      )
      .bind(orderId, token, move.key[2], move.key[3], move.endTime, move.start.toISOString()),
  ]
}

/** The amend's one batch; the first result's `changes` says whether it won. */
export async function amendOrderBatch(
  db: D1Database,
  order: AmendOrderRow,
  amended: AmendedPricing,
  cap: AmendCap,
  /**
   * The card refund the amend owes (a settled card's lower total): recorded owed on its payment
   * and written as its effect, both only where the order's update won.
   */
  refund: { paymentId: number; amount: number } | null,
  /** Another slot for the order, or null: it keeps its slot. */
  slot: SlotMove | null,
  now: Date,
  /** The pending change this batch applies once its top-up is authorised (ADR 059). */
  pendingId: number | null = null
): Promise<boolean> {
  const totals = amended.pricing.totals
  // The loser of a race reads the same next version: only the winner's token marks the order.
  const token = crypto.randomUUID()
  const ours = `(select action_token from orders where id = ?1) = ?2`
  const update = db
    .prepare(
      `update orders set amend_version = ?3 + 1, action_token = ?2, subtotal = ?6, discount_total = ?7,
         coupon_discount = ?8, delivery_cost = ?9, service_fee = ?10, original_total = ?5,
         total = ?5, updated_at = ?11
       where id = ?1 and amend_version = ?3 and total = ?4 and ?5 >= 0 and tax_json is null
         and status in ('sent_to_store', 'store_accepted_picking') and picking_started_at is null
         and total_adjustment = 0 and refund = 0 and business_id = ?12 and ${capCondition(cap)}
         and ${REFUND_FITS}
         and (?14 is null or exists (select 1 from amend_pending where id = ?14
                                     and order_id = ?1 and status = 'pending'))`
    )
    .bind(
      order.id,
      token,
      order.amend_version,
      order.total,
      amended.total,
      totals.subtotal,
      totals.dealDiscount + totals.couponDiscount,
      totals.couponDiscount,
      totals.deliveryFee,
      totals.serviceFee,
      now.toISOString(),
      order.business_id,
      cap.kind === 'hold' ? cap.paymentId : null,
      pendingId,
      refund?.paymentId ?? null,
      refund?.amount ?? null
    )
  const statements: Array<D1PreparedStatement> = [update]
  // A change still waiting for its top-up is left behind by this one (ADR 059).
  statements.push(
    supersedeOtherChangesStatement(db, order.id, pendingId, now.toISOString(), {
      sql: 'select 1 from orders where id = ?1 and action_token = ?2',
      params: [order.id, token],
    })
  )
  if (pendingId !== null) {
    statements.push(
      db
        .prepare(
          `update amend_pending set status = 'applied', settled_at = ?4
           where id = ?3 and status = 'pending' and ${ours}`
        )
        .bind(order.id, token, pendingId, now.toISOString())
    )
  }
  for (const line of amended.lines) {
    statements.push(
      db
        .prepare(
          `update order_lines set quantity = ?3, total_price = ?4
           where id = ?5 and order_id = ?1 and ${ours}`
        )
        .bind(order.id, token, line.quantity, line.totalPrice, line.id)
    )
  }
  for (const id of amended.removed) {
    statements.push(
      db
        .prepare(`delete from order_lines where id = ?3 and order_id = ?1 and ${ours}`)
        .bind(order.id, token, id)
    )
  }
  if (refund !== null && refund.amount > 0) {
    const payload = { orderId: order.id, ...refund, version: order.amend_version + 1 }
    // Owed from this instant (ADR 059): every cover counts it before its effect gives it back.
    statements.push(
      owedRefundStatement(
        db,
        {
          businessId: order.business_id,
          paymentId: refund.paymentId,
          reference: amendRefundReference(payload),
          amount: refund.amount,
          reason: AMEND_REFUND_REASON,
          at: now.toISOString(),
        },
        {
          sql: 'select 1 from orders where id = ?1 and action_token = ?2',
          params: [order.id, token],
        }
      ),
      amendRefundStatement(db, order.business_id, payload, token, now)
    )
  }
  for (const line of amended.added) {
    // A new line after the order's last, written only where the order carries the token.
    statements.push(
      db
        .prepare(
          `insert into order_lines (order_id, menu_item_id, kind, name, quantity, unit_price,
             total_price, age_restriction, position, sold_by, price_per_kg, unit_grams)
           select ?1, ?3, 'item', ?4, ?5, ?6, ?7, ?8,
             (select coalesce(max(position), 0) + 1 from order_lines where order_id = ?1),
             ?9, ?10, ?11
           where ${ours}`
        )
        .bind(
          order.id,
          token,
          line.itemId,
          line.name,
          line.quantity,
          line.unitPrice,
          line.totalPrice,
          line.ageRestriction,
          line.weighing?.soldBy ?? 'each',
          line.weighing?.pricePerKg ?? null,
          line.weighing?.unitGrams ?? null
        )
    )
  }
  if (slot !== null) statements.push(...slotMoveStatements(db, order.id, token, slot, now))
  // The boards and tracking hear of the change (ADR 038), exactly when it was made.
  statements.push(
    amendNoticeStatement(
      db,
      order.business_id,
      { orderId: order.id, version: order.amend_version + 1 },
      token,
      now
    )
  )
  // The console's history names the shopper's change and what went back (migration 0102).
  statements.push(
    db
      .prepare(
        `insert into order_history (order_id, actor_staff_id, role, action, from_status,
           to_status, detail_json, at)
         select ?1, null, 'shopper', 'shopper_amend', status, status,
           json_object('amount', ?3, 'total', ?4, 'version', ?5, 'slot', ?7), ?6
         from orders where id = ?1 and action_token = ?2`
      )
      .bind(
        order.id,
        token,
        refund?.amount ?? 0,
        amended.total,
        order.amend_version + 1,
        now.toISOString(),
        slot === null ? null : `${slot.key[2]} ${slot.key[3]}`
      )
  )
  const [result] = await db.batch(statements)
  return (result?.meta.changes ?? 0) === 1
}

/** A priced change held until its top-up is authorised (ADR 059). */
export interface PendingChange {
  id: number
  business_id: number
  order_id: number
  from_version: number
  from_total: number
  new_total: number
  amount: number
  change_json: string
  status: 'pending' | 'applied' | 'abandoned' | 'superseded'
}

/** Holds the priced change; answers its id. */
export async function insertPendingChange(
  db: D1Database,
  order: AmendOrderRow,
  change: { newTotal: number; amount: number; json: string },
  now: Date
): Promise<number> {
  const row = await db
    .prepare(
      `insert into amend_pending (business_id, order_id, from_version, from_total, new_total,
         amount, change_json, status, created_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8)
       returning id`
    )
    .bind(
      order.business_id,
      order.id,
      order.amend_version,
      order.total,
      change.newTotal,
      change.amount,
      change.json,
      now.toISOString()
    )
    .first<{ id: number }>()
  if (!row) throw new Error('pending change insert returned no id')
  return row.id
}

export function findPendingChange(
  db: D1Database,
  businessId: number,
  id: number
): Promise<PendingChange | null> {
  return db
    .prepare(
      `select id, business_id, order_id, from_version, from_total, new_total, amount, change_json,
         status
       from amend_pending where id = ?1 and business_id = ?2`
    )
    .bind(id, businessId)
    .first<PendingChange>()
}

/** Gives a pending change up (its order moved on): true for the one call that did. */
export async function abandonPendingChange(
  db: D1Database,
  id: number,
  now: Date
): Promise<boolean> {
  const result = await db
    .prepare(
      `update amend_pending set status = 'abandoned', settled_at = ?2
       where id = ?1 and status = 'pending'`
    )
    .bind(id, now.toISOString())
    .run()
  return result.meta.changes === 1
}

import {
  type CheckoutAddress,
  CheckoutAddressSchema,
  type OrderLineSummary,
  type OrderStatus,
  type OrderSummary,
  type PaidWith,
  type PaymentGateway,
  type PaymentMethod,
} from '../../../schemas/checkout.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { CardBrand } from '../../../schemas/payments.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { hashBasketToken } from '../basket/repo.ts'
import { createMessenger, type MessengerEnv } from '../messaging/messenger.ts'
import { confirmHoldStatements } from '../slots/reservations-repo.ts'
import { addressOf, type AddressColumns } from '../stores/repo.ts'
import { ofCallingBrand } from './order-brand.ts'
import {
  assertBasketUnchanged,
  assertMethodAccepted,
  assertSlotHeld,
  assertStoreOpen,
  findStorePayment,
} from './refusals.ts'

/** An order as the payments domain needs it to take a payment. */
export interface PayableOrder {
  orderId: number
  businessId: number
  businessOrderId: string
  storeId: number
  storeName: string
  basketId: number
  customerId: number | null
  status: OrderStatus
  total: number
  currency: string
  paymentMethod: PaymentMethod | null
  paymentGateway: PaymentGateway | null
  contact: { firstName: string; lastName: string; email: string; phone: string | null }
  /** The billing address, or the delivery address when billing is the same; null if neither. */
  billingAddress: CheckoutAddress | null
}

/** The statuses an order can still be paid (or confirmed) from. */
export const UNPAID_STATUSES = ['draft', 'payment_pending', 'payment_failed'] as const

/** An orders row with its store's name, as the readers here select it. */
export interface OrderRow {
  id: number
  business_id: number
  business_order_id: string
  store_id: number
  store_name: string
  store_slug: string
  customer_id: number | null
  basket_id: number | null
  basket_version: number | null
  status: OrderStatus
  status_code: number | null
  fulfilment_method: OrderSummary['fulfilmentMethod']
  fulfilment_timing: OrderSummary['fulfilmentTiming']
  slot_date: string | null
  slot_starts_at: string | null
  slot_ends_at: string | null
  payment_method: PaymentMethod | null
  payment_gateway: PaymentGateway | null
  first_name: string
  last_name: string
  email: string
  phone: string | null
  delivery_address_json: string | null
  billing_address_json: string | null
  coupon_id: number | null
  coupon_code: string | null
  coupon_discount: number
  subtotal: number
  discount_total: number
  delivery_cost: number
  service_fee: number
  delivery_tip: number
  total: number
  currency: string
  placed_at: string | null
  driver_latitude: number | null
  driver_longitude: number | null
  driver_updated_at: string | null
}

const ORDER_SELECT = `select o.*, s.name as store_name, s.slug as store_slug
  from orders o join stores s on s.id = o.store_id`

/** The store's address and the payment kept for the order (the confirmation shows both). */
interface OrderDisplayRow extends AddressColumns {
  method: PaymentMethod | null
  card_brand: CardBrand | null
  card_last4: string | null
}

// The newest payment not cancelled, declined or voided: the one that paid, or the pending cash
// payment collected on delivery. A saved card's brand and last four where the gateway said none.
const ORDER_DISPLAY_SELECT = `select s.address_line1, s.address_line2, s.town, s.county, s.postcode,
    s.country_code, p.method, coalesce(p.card_brand, c.brand) as card_brand,
    coalesce(p.card_last4, c.last4) as card_last4
  from orders o join stores s on s.id = o.store_id
  left join payments p on p.id = (
    select id from payments where order_id = o.id and void_reason is null
      and (status in ('authorised', 'captured') or (status = 'pending' and gateway = 'cash'))
    order by id desc limit 1)
  left join saved_cards c on c.id = p.saved_card_id
  where o.id = ?1 and o.business_id = ?2`

function paidWithOf(row: OrderDisplayRow | undefined): PaidWith | null {
  if (!row?.method) return null
  const card = row.method === 'paymentCard' && row.card_brand && row.card_last4
  return {
    method: row.method,
    cardBrand: card ? row.card_brand : null,
    cardLast4: card ? row.card_last4 : null,
  }
}

/**
 * The order of the business with this id, or null; with brandId (the calling brand), null for
 * another brand's order too: it is as if absent there.
 */
export async function findOrderRow(
  db: D1Database,
  businessId: number,
  orderId: number,
  brandId?: number
): Promise<OrderRow | null> {
  return db
    .prepare(`${ORDER_SELECT} where o.id = ?1 and o.business_id = ?2 and ${ofCallingBrand('?3')}`)
    .bind(orderId, businessId, brandId ?? null)
    .first<OrderRow>()
}

/** A stored address (JSON written by checkout), or null when absent or unreadable. */
export function parseAddress(json: string | null): CheckoutAddress | null {
  if (json === null) return null
  try {
    const parsed = CheckoutAddressSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function toPayable(row: OrderRow): PayableOrder {
  if (row.basket_id === null) throw new AppError('not_found', MESSAGES.orderNotFound)
  return {
    orderId: row.id,
    businessId: row.business_id,
    businessOrderId: row.business_order_id,
    storeId: row.store_id,
    storeName: row.store_name,
    basketId: row.basket_id,
    customerId: row.customer_id,
    status: row.status,
    total: row.total,
    currency: row.currency,
    paymentMethod: row.payment_method,
    paymentGateway: row.payment_gateway,
    contact: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
    },
    billingAddress:
      parseAddress(row.billing_address_json) ?? parseAddress(row.delivery_address_json),
  }
}

/** True when the basket this token names (active or checked out) is the order's basket. */
export async function tokenOwnsOrder(
  db: D1Database,
  businessId: number,
  basketToken: string,
  basketId: number | null
): Promise<boolean> {
  if (basketId === null) return false
  const row = await db
    .prepare('select id from baskets where token_hash = ?1 and business_id = ?2')
    .bind(await hashBasketToken(basketToken), businessId)
    .first<{ id: number }>()
  return row?.id === basketId
}

/** The caller's order, ready to pay: owner check by basket token (not_found otherwise). */
export async function findPayableOrder(
  db: D1Database,
  input: { businessId: number; brandId?: number | undefined; orderId: number; basketToken: string }
): Promise<PayableOrder> {
  const row = await findOrderRow(db, input.businessId, input.orderId, input.brandId)
  // "Not yours" answers exactly like "no such order", so order ids cannot be probed.
  if (!row || !(await tokenOwnsOrder(db, input.businessId, input.basketToken, row.basket_id))) {
    throw new AppError('not_found', MESSAGES.orderNotFound)
  }
  return toPayable(row)
}

/** Same, without an owner (the hosted page's signed answer is the proof). */
export async function findOrderById(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<PayableOrder | null> {
  const row = await findOrderRow(db, businessId, orderId)
  return row && row.basket_id !== null ? toPayable(row) : null
}

function isUnpaid(status: OrderStatus): boolean {
  return (UNPAID_STATUSES as ReadonlyArray<OrderStatus>).includes(status)
}

/**
 * Throws the refusal (as process-order does) when the order cannot be paid now: already paid
 * (conflict MESSAGES.orderAlreadyPaid), superseded by a newer draft or cancelled (conflict
 * MESSAGES.basketChanged, reason 'superseded'), store closed (MESSAGES.storeClosedCheckout),
 * method not accepted, slot lapsed (MESSAGES.slotExpired), basket changed since the draft
 * (MESSAGES.basketChanged).
 */
export async function assertPayable(
  db: D1Database,
  order: PayableOrder,
  method: PaymentMethod,
  now: Date
): Promise<void> {
  const [current, newest, basket] = await db.batch([
    db.prepare('select status, basket_version from orders where id = ?1').bind(order.orderId),
    db
      .prepare(
        `select max(id) as id from orders
         where basket_id = ?1 and status in ('draft', 'payment_pending', 'payment_failed')`
      )
      .bind(order.basketId),
    db.prepare(`select version, status from baskets where id = ?1`).bind(order.basketId),
  ])
  const row = current?.results[0] as
    { status: OrderStatus; basket_version: number | null } | undefined
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  if (!isUnpaid(row.status)) {
    if (row.status === 'cancelled') throw supersededError()
    throw new AppError('conflict', MESSAGES.orderAlreadyPaid, {
      details: { reason: 'already_paid' },
    })
  }
  const newestId = (newest?.results[0] as { id: number | null } | undefined)?.id ?? null
  if (newestId !== order.orderId) throw supersededError()
  const basketRow = basket?.results[0] as { version: number; status: string } | undefined
  assertBasketUnchanged(basketRow?.status === 'active' && basketRow.version === row.basket_version)
  if (order.paymentMethod !== null && order.paymentMethod !== method) {
    throw new AppError('conflict', MESSAGES.basketChanged, {
      details: { reason: 'payment_method_changed' },
    })
  }
  const store = await findStorePayment(db, order.businessId, order.storeId, now)
  assertStoreOpen(store.availability)
  assertMethodAccepted(store.paymentOptions, method)
  await assertSlotHeld(db, order.basketId, now)
}

function supersededError(): AppError {
  return new AppError('conflict', MESSAGES.basketChanged, { details: { reason: 'superseded' } })
}

/** Statement: order status → 'payment_pending' or 'payment_failed' (only from draft/payment_pending/payment_failed). */
export function orderPaymentStateStatement(
  db: D1Database,
  orderId: number,
  status: 'payment_pending' | 'payment_failed'
): D1PreparedStatement {
  return db
    .prepare(
      `update orders set status = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where id = ?1 and status in ('draft', 'payment_pending', 'payment_failed')`
    )
    .bind(orderId, status)
}

/**
 * Confirms a paid order (or a confirmed cash order) in ONE batch: sent_to_store (20) with
 * placed_at, a status history row, the slot hold confirmed (a lapsed hold is kept, or its place
 * taken again when the slot has room; a paid order is never dropped), the basket checked out and
 * the coupon redeemed within its limit (the order keeps its price if the limit is gone; noted in
 * its history). Then the confirmation email goes to the outbox. Idempotent: a second call answers
 * the same summary and sends nothing.
 */
export async function confirmOrder(
  env: MessengerEnv,
  input: { businessId: number; orderId: number; now: Date }
): Promise<OrderSummary> {
  const db = env.DB
  const { businessId, orderId, now } = input
  const row = await findOrderRow(db, businessId, orderId)
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  if (!isUnpaid(row.status)) {
    if (row.status === 'cancelled') throw supersededError()
    return orderSummary(db, businessId, orderId)
  }
  const at = now.toISOString()
  const basketId = row.basket_id ?? 0
  const statements: Array<D1PreparedStatement> = [
    db
      .prepare(
        `update orders set status = 'sent_to_store', status_code = 20, placed_at = ?2,
           updated_at = ?2
         where id = ?1 and status in ('draft', 'payment_pending', 'payment_failed')`
      )
      .bind(orderId, at),
    db
      .prepare(
        `insert into order_status_history (order_id, status, status_code, created_at)
         select ?1, 'sent_to_store', 20, ?2
         where not exists (select 1 from order_status_history
                           where order_id = ?1 and status = 'sent_to_store')`
      )
      .bind(orderId, at),
    ...confirmHoldStatements(db, basketId, orderId, now),
    // A hold that lapsed but was not swept still counts in reserved_count: keep it.
    db
      .prepare(
        `update slot_reservations set status = 'confirmed', confirmed_at = ?3, order_id = ?2
         where id = (select max(id) from slot_reservations where basket_id = ?1)
           and (status = 'held' or (status = 'expired' and time_slot_id is null))
           and not exists (select 1 from slot_reservations where order_id = ?2
                           and status = 'confirmed')`
      )
      .bind(basketId, orderId, at),
    // A swept hold gave its place back: take it again if the slot still has room ...
    db
      .prepare(
        `update time_slots set reserved_count = reserved_count + 1
         where reserved_count < capacity
           and id = (select time_slot_id from slot_reservations
                     where id = (select max(id) from slot_reservations where basket_id = ?1)
                       and status = 'expired')
           and not exists (select 1 from slot_reservations where order_id = ?2
                           and status = 'confirmed')`
      )
      .bind(basketId, orderId),
    // ... and only then (changes() of the statement above) mark it confirmed.
    db
      .prepare(
        `update slot_reservations set status = 'confirmed', confirmed_at = ?3, order_id = ?2,
           released_at = null
         where changes() = 1
           and id = (select max(id) from slot_reservations where basket_id = ?1)
           and status = 'expired'`
      )
      .bind(basketId, orderId, at),
    db
      .prepare(
        `insert into order_status_history (order_id, status, status_code, note, created_at)
         select ?1, 'sent_to_store', 20, 'slot_not_held', ?2
         where not exists (select 1 from slot_reservations where order_id = ?1
                           and status = 'confirmed')
           and not exists (select 1 from order_status_history where order_id = ?1
                           and note = 'slot_not_held')`
      )
      .bind(orderId, at),
    db
      .prepare(
        `update baskets set status = 'checked_out', updated_at = ?2
         where id = ?1 and status = 'active'`
      )
      .bind(basketId, at),
  ]
  if (row.coupon_id !== null) {
    statements.push(
      // The limit and the count are checked in the same statement, inside the batch's
      // transaction, so concurrent confirms cannot redeem past max_redemptions.
      db
        .prepare(
          `insert into coupon_redemptions (coupon_id, order_id, customer_id, email, amount, status,
             created_at)
           select c.id, ?2, ?3, lower(?4), ?5, 'redeemed', ?6 from coupons c
           where c.id = ?1 and (c.max_redemptions is null or c.redemption_count < c.max_redemptions)
           on conflict (coupon_id, order_id) do nothing`
        )
        .bind(row.coupon_id, orderId, row.customer_id, row.email, row.coupon_discount, at),
      db
        .prepare(
          `update coupons set redemption_count = redemption_count + 1, updated_at = ?2
           where changes() = 1 and id = ?1`
        )
        .bind(row.coupon_id, at),
      db
        .prepare(
          `insert into order_status_history (order_id, status, status_code, note, created_at)
           select ?1, 'sent_to_store', 20, 'coupon_limit_reached', ?2
           where not exists (select 1 from coupon_redemptions where order_id = ?1)
             and not exists (select 1 from order_status_history where order_id = ?1
                             and note = 'coupon_limit_reached')`
        )
        .bind(orderId, at)
    )
  }
  const [placed] = await db.batch(statements)
  const summary = await orderSummary(db, businessId, orderId)
  if ((placed?.meta.changes ?? 0) === 1) {
    await createMessenger(env).send({
      businessId,
      channel: 'email',
      to: summary.contact.email,
      template: 'order_confirmation',
      data: {
        businessOrderId: summary.businessOrderId,
        firstName: summary.contact.firstName,
        storeName: summary.storeName,
        fulfilmentMethod: summary.fulfilmentMethod,
        slotDate: summary.slotDate,
        slotStartsAt: summary.slotStartsAt,
        total: formatMoney(summary.totals.total),
      },
    })
  }
  return summary
}

interface LineRow {
  id: number
  parent_line_id: number | null
  kind: 'item' | 'meal_deal' | 'meal_deal_choice'
  name: string
  quantity: number
  unit_price: number
  total_price: number
}

interface SelectionRow {
  order_line_id: number
  option_name: string
  value_name: string
  quantity: number
}

function summaryLines(
  lines: ReadonlyArray<LineRow>,
  selections: ReadonlyArray<SelectionRow>
): Array<OrderLineSummary> {
  return lines
    .filter((line) => line.parent_line_id === null)
    .map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      totalPrice: line.total_price,
      selections: [
        ...selections
          .filter((selection) => selection.order_line_id === line.id)
          .map(
            (selection) =>
              `${selection.option_name}: ${selection.quantity > 1 ? `${selection.quantity} x ` : ''}${selection.value_name}`
          ),
        ...lines.filter((child) => child.parent_line_id === line.id).map((child) => child.name),
      ],
    }))
}

/** The order as OrderSummary (used by /checkout/order and the payment answers). */
export async function orderSummary(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<OrderSummary> {
  const [orders, lines, selections, display] = await db.batch([
    db.prepare(`${ORDER_SELECT} where o.id = ?1 and o.business_id = ?2`).bind(orderId, businessId),
    db
      .prepare(
        `select l.id, l.parent_line_id, l.kind, l.name, l.quantity, l.unit_price, l.total_price
         from order_lines l join orders o on o.id = l.order_id
         where l.order_id = ?1 and o.business_id = ?2 order by l.position, l.id`
      )
      .bind(orderId, businessId),
    db
      .prepare(
        `select x.order_line_id, x.option_name, x.value_name, x.quantity
         from order_line_selections x join order_lines l on l.id = x.order_line_id
         where l.order_id = ?1 order by x.id`
      )
      .bind(orderId),
    db.prepare(ORDER_DISPLAY_SELECT).bind(orderId, businessId),
  ])
  const row = orders?.results[0] as OrderRow | undefined
  const shown = display?.results[0] as OrderDisplayRow | undefined
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  return {
    draftOrderId: row.id,
    businessOrderId: row.business_order_id,
    status: row.status,
    statusCode: row.status_code,
    storeId: row.store_id,
    storeSlug: row.store_slug,
    storeName: row.store_name,
    fulfilmentMethod: row.fulfilment_method,
    fulfilmentTiming: row.fulfilment_timing,
    slotDate: row.slot_date,
    slotStartsAt: row.slot_starts_at,
    slotEndsAt: row.slot_ends_at,
    paymentMethod: row.payment_method,
    paymentGateway: row.payment_gateway,
    contact: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phoneNumber: row.phone,
    },
    deliveryAddress: parseAddress(row.delivery_address_json),
    storeAddress: shown ? addressOf(shown) : null,
    paidWith: paidWithOf(shown),
    lines: summaryLines(
      (lines?.results ?? []) as Array<LineRow>,
      (selections?.results ?? []) as Array<SelectionRow>
    ),
    totals: {
      subtotal: row.subtotal,
      discountTotal: row.discount_total,
      deliveryCost: row.delivery_cost,
      serviceFee: row.service_fee,
      deliveryTip: row.delivery_tip,
      total: row.total,
      currency: row.currency,
    },
    placedAt: row.placed_at,
  }
}

import { weighingOf } from '../../../schemas/weighing.ts'
import { countCheckoutFailure, countOrderPlaced } from '../../lib/checkout-outcome.ts'
import { log } from '../../lib/log.ts'
import { optionSelectionTexts } from '../../../schemas/option-selections.ts'
import {
  type CheckoutAddress,
  type OrderLineSummary,
  type OrderStatus,
  type OrderSummary,
  type PaidWith,
  type PaymentGateway,
  type PaymentMethod,
} from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { addedTaxOf } from '../../../schemas/added-tax.ts'
import { TOTAL_CHANGED_REASON } from '../../../schemas/constants.ts'
import { AppError } from '../../lib/errors.ts'
import { readBasket } from '../basket/read.ts'
import {
  couponHasUseLeft,
  dropCouponStatement,
  isCouponClaimRollback,
} from './coupon-claim-repo.ts'
import { discountsOfOrder } from '../orders/named-discounts.ts'
import { businessLocaleOf } from '../businesses-repo.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { tokenOwnsOrder } from '../orders/ownership.ts'
import { parseAddress } from '../orders/view.ts'
import { dispatchEffects, type RelayEnv } from '../effects/relay.ts'
import { placedEffectKeys, placedEffectStatements } from './placed-effect-rows.ts'
import { addressOf } from '../stores/repo.ts'
import {
  confirmOrderStatements,
  findOrderRow,
  findPaymentState,
  orderSummaryRowsOf,
  orderSummaryStatements,
  type OrderDisplayRow,
  type OrderLineRow,
  type OrderRow,
  type OrderSelectionRow,
} from './orders-repo.ts'
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
  /** The coupon the order was priced with, if any. */
  couponId: number | null
  /** The coupon's discount the order was priced with, in pence (its use claims it). */
  couponDiscount: number
}

/** The statuses an order can still be paid (or confirmed) from. */
export const UNPAID_STATUSES = ['draft', 'payment_pending', 'payment_failed'] as const

function paidWithOf(row: OrderDisplayRow | undefined): PaidWith | null {
  if (!row?.method) return null
  const card = row.method === 'paymentCard' && row.card_brand && row.card_last4
  return {
    method: row.method,
    cardBrand: card ? row.card_brand : null,
    cardLast4: card ? row.card_last4 : null,
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
    couponId: row.coupon_id,
    couponDiscount: row.coupon_discount,
  }
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
  const {
    order: row,
    newestUnpaidId,
    basket: basketRow,
  } = await findPaymentState(db, order.orderId, order.basketId)
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  if (!isUnpaid(row.status)) {
    if (row.status === 'cancelled') throw supersededError()
    throw new AppError('conflict', MESSAGES.orderAlreadyPaid, {
      details: { reason: 'already_paid' },
    })
  }
  if (newestUnpaidId !== order.orderId) throw supersededError()
  assertBasketUnchanged(basketRow?.status === 'active' && basketRow.version === row.basket_version)
  if (order.paymentMethod !== null && order.paymentMethod !== method) {
    throw new AppError('conflict', MESSAGES.basketChanged, {
      details: { reason: 'payment_method_changed' },
    })
  }
  const store = await findStorePayment(db, order.businessId, order.storeId, now)
  assertStoreOpen(store.availability)
  assertMethodAccepted(store.paymentOptions, method)
  const slot = await assertSlotHeld(db, order.basketId, now)
  assertStoreOpen(store.availability, slot.type === 'asap')
  if (
    order.couponId !== null &&
    !(await couponHasUseLeft(db, {
      couponId: order.couponId,
      orderId: order.orderId,
      customerId: order.customerId,
      email: order.contact.email,
    }))
  ) {
    throw await couponUsedUpRefusal(db, { ...order, couponId: order.couponId }, now)
  }
}

/** `details.couponUsedUp` of the refusal of an order whose coupon ran out (issue 36.3). */
export const COUPON_USED_UP = 'couponUsedUp'

/**
 * The refusal of an order whose coupon has no use left (issue 36.3): the coupon comes off the
 * basket (whose version moves on, so this draft can never be paid), and the shopper is told to
 * check the basket, with its total now ('total_changed', as when prices change meanwhile).
 */
async function couponUsedUpRefusal(
  db: D1Database,
  order: Pick<PayableOrder, 'businessId' | 'basketId' | 'storeId' | 'customerId'> & {
    couponId: number
  },
  now: Date
): Promise<AppError> {
  await dropCouponStatement(db, order.basketId, order.couponId, now.toISOString()).run()
  const basket = await readBasket(
    db,
    order.businessId,
    order.basketId,
    order.storeId,
    now,
    order.customerId
  )
  return new AppError('conflict', MESSAGES.basketPricesChanged, {
    details: { reason: TOTAL_CHANGED_REASON, total: basket.totals.total, [COUPON_USED_UP]: true },
  })
}

/** Whether a refusal is {@link couponUsedUpRefusal}'s: a payment already taken must be voided. */
export function isCouponUsedUp(error: unknown): boolean {
  return error instanceof AppError && error.details?.[COUPON_USED_UP] === true
}

function supersededError(): AppError {
  return new AppError('conflict', MESSAGES.basketChanged, { details: { reason: 'superseded' } })
}

/**
 * Confirms a paid order (or a confirmed cash order) in ONE batch: sent_to_store (20) with
 * placed_at, a status history row, the slot hold confirmed (a lapsed hold is kept, or its place
 * taken again when the slot has room; a paid order is never dropped), the basket checked out, the
 * coupon's use claimed within its limits, and the placing's effects written to the outbox (the
 * confirmation email, the purchase event, the store boards' notice: placed-effects.ts, ADR 037).
 * An order whose coupon has no use left is not placed: the batch rolls back and the refusal says
 * to check the basket, with its new total ({@link isCouponUsedUp}; the caller voids a payment it
 * took). After the commit the effects are handed to the EFFECTS queue; nothing they do can fail
 * the placing. Idempotent: a second call answers the same summary and writes no second effect.
 */
export async function confirmOrder(env: RelayEnv, input: ConfirmInput): Promise<OrderSummary> {
  await placeOrder(env, input)
  return orderSummary(env.DB, input.businessId, input.orderId)
}

interface ConfirmInput {
  businessId: number
  orderId: number
  now: Date
  /**
   * How the placing's effects are handed to the queue: at once by default; a caller with the
   * request's waitUntil hands them on after its answer (ADR 065).
   */
  handOn?: (dispatch: () => Promise<void>) => Promise<void>
}

/** confirmOrder without the summary, for a caller that answers something else. */
export async function placeOrder(env: RelayEnv, input: ConfirmInput): Promise<void> {
  const { businessId, orderId } = input
  log.annotate({ orderId, businessId })
  const row = await findOrderRow(env.DB, businessId, orderId)
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  if (!isUnpaid(row.status)) {
    if (row.status === 'cancelled') throw supersededError()
    return
  }
  await placeInBatch(env, row, input)
}

/** What placing an order writes from (the order's row, or a payable order's same fields). */
export type Placing = Pick<
  OrderRow,
  | 'id'
  | 'business_id'
  | 'store_id'
  | 'basket_id'
  | 'coupon_id'
  | 'customer_id'
  | 'email'
  | 'coupon_discount'
>

/** A payable order as placing needs it (make payment places it in the batch that takes cash). */
export function placingOf(order: PayableOrder): Placing {
  return {
    id: order.orderId,
    business_id: order.businessId,
    store_id: order.storeId,
    basket_id: order.basketId,
    coupon_id: order.couponId,
    customer_id: order.customerId,
    email: order.contact.email,
    coupon_discount: order.couponDiscount,
  }
}

/**
 * Places an unpaid order: confirmOrder's batch, led by the caller's own statements (a cash
 * payment's key, guard and attempt, ADR 069) and followed by its reads of what the batch wrote,
 * all in one transaction; answers the reads' results. Whether this batch placed the order is the
 * confirm's own condition (its status still unpaid).
 */
export async function placeInBatch(
  env: RelayEnv,
  order: Placing,
  input: ConfirmInput,
  {
    before = [],
    after = [],
  }: {
    before?: ReadonlyArray<D1PreparedStatement>
    after?: ReadonlyArray<D1PreparedStatement>
  } = {}
): Promise<Array<D1Result>> {
  const db = env.DB
  const { now } = input
  const orderId = order.id
  const businessId = order.business_id
  let results: Array<D1Result>
  try {
    results = await db.batch([
      ...before,
      ...confirmOrderStatements(db, order, now),
      ...placedEffectStatements(db, businessId, orderId, now),
      ...after,
    ])
  } catch (error) {
    if (order.coupon_id === null || order.basket_id === null || !isCouponClaimRollback(error)) {
      throw error
    }
    const claim = {
      orderId,
      businessId,
      basketId: order.basket_id,
      storeId: order.store_id,
      customerId: order.customer_id,
      email: order.email,
      couponId: order.coupon_id,
    }
    if (await couponHasUseLeft(db, claim)) throw error
    // The coupon had no use left for this order: nothing of the batch was written.
    const refusal = await couponUsedUpRefusal(db, claim, now)
    countCheckoutFailure(refusal)
    throw refusal
  }
  if ((results[before.length]?.meta.changes ?? 0) === 1) {
    // Counted once: only the confirm that moved the order counts, never a replay.
    countOrderPlaced({ orderId, businessId })
    const dispatch = () => dispatchEffects(env, placedEffectKeys(orderId), now)
    await (input.handOn ? input.handOn(dispatch) : dispatch())
  }
  return results.slice(results.length - after.length)
}

function summaryLines(
  lines: ReadonlyArray<OrderLineRow>,
  selections: ReadonlyArray<OrderSelectionRow>
): Array<OrderLineSummary> {
  return lines
    .filter((line) => line.parent_line_id === null)
    .map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      totalPrice: line.total_price,
      weighing: weighingOf(line),
      selections: [
        ...optionSelectionTexts(
          selections
            .filter((selection) => selection.order_line_id === line.id)
            .map((selection) => ({
              optionName: selection.option_name,
              valueName: selection.value_name,
              quantity: selection.quantity,
            }))
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
  return orderSummaryOf(await db.batch(orderSummaryStatements(db, businessId, { orderId })))
}

/** The summary a batch's last results read (orderSummaryStatements); not found when no order. */
export function orderSummaryOf(results: ReadonlyArray<D1Result>): OrderSummary {
  const { row, lines, selections, shown, pickLines, locale } = orderSummaryRowsOf(results)
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  const discounts = discountsOfOrder(row, pickLines, sayIn(businessLocaleOf(locale)))
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
    lines: summaryLines(lines, selections),
    totals: {
      subtotal: row.subtotal,
      discountTotal: row.discount_total,
      deliveryCost: row.delivery_cost,
      serviceFee: row.service_fee,
      deliveryTip: row.delivery_tip,
      creditApplied: row.credit_applied,
      total: row.total,
      currency: row.currency,
    },
    placedAt: row.placed_at,
    discounts,
    addedTax: addedTaxOf(row),
  }
}

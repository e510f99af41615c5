import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { shopperStatusLabel, type OrderActionType } from '../../../schemas/order-states.ts'
import type { OrderBoardEvent, WiredAdapters } from '../adapters.ts'
import { logError } from '../../lib/log.ts'
import { createMessenger, inBusinessLocale } from '../messaging/messenger.ts'
import { captureOrderPayment, capturePayment } from '../payments/capture.ts'
import { findKeptPayments } from '../payments/capture-repo.ts'
import {
  capturePlan,
  isHold,
  refundable,
  refundShares,
  type KeptPayment,
} from '../payments/order-payments.ts'
import { findPayment } from '../payments/repo.ts'
import { refundPayment, voidPayment } from '../payments/refunds.ts'
import { findMoneyBack, type MoneyBackStatus } from '../payments/refunds-repo.ts'
import type { PaymentsEnv } from '../payments/service.ts'
import { publishOrderChange } from '../orders/events.ts'
import { trackingLinkFor } from '../tracking/link.ts'
import { findOrderPayment, type StoreOrderRow } from '../orders/repo.ts'
import { storeStatusOf } from './view.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'

/*
 * What follows a committed action (ADR 017 "Effects"): money back through the payment's own
 * gateway (refundPayment / voidPayment, never a gateway directly), the shopper's email through
 * the messenger, the store's live boards. A store action's run from its settle effect
 * (action-effects.ts, ADR 037), only for the call that won the batch, and each is idempotent by a
 * reference derived from the order, so the queue may run them again (the refund row says what the
 * gateway did; ADR 017 lists the reconciliation).
 */

export type EffectsEnv = Env & WiredAdapters & PaymentsEnv

/** Money given back by an action, in pence (0: none). */
export type MoneyOutcome = number

/**
 * The order's payments, each capture known: a hold's capture whose answer was lost is asked of
 * the gateway first (ADR 039), since a refund may only give back what was taken; still unknown,
 * the effect fails and runs again. Oldest first; several after an amend's top-up (ADR 059).
 */
async function keptPaymentsOf(
  env: EffectsEnv,
  orderId: number,
  now: Date
): Promise<Array<KeptPayment>> {
  const kept = await findKeptPayments(env.DB, orderId)
  const unknown = kept.filter((payment) => payment.capture_unknown > 0)
  for (const payment of unknown) {
    const row = await findPayment(env.DB, payment.business_id, payment.id)
    if (!row || row.captured_amount === null) continue
    const outcome = await capturePayment(env, row, row.captured_amount, now)
    if (outcome.kind === 'unknown') {
      throw new Error(`capture of order ${orderId} unanswered (${outcome.resultCode})`)
    }
  }
  return unknown.length === 0 ? kept : findKeptPayments(env.DB, orderId)
}

/** The order's one payment (the newest kept), its capture known. */
async function paymentOf(
  env: EffectsEnv,
  row: Pick<StoreOrderRow, 'business_id' | 'id'>,
  now: Date
) {
  await keptPaymentsOf(env, row.id, now)
  return findOrderPayment(env.DB, row.business_id, row.id)
}

/**
 * Reject, auto-reject, cancel, unable to deliver: everything the payment still holds goes back.
 * The whole authorisation is voided when the gateway still can (before settlement, nothing
 * refunded yet), else what is left of it is refunded (after a picking refund: the rest). Safe to
 * run again (the action's settle effect, ADR 037): a void or refund already made under the
 * order's references answers what it came to and nothing reaches the gateway twice.
 */
export async function giveEverythingBack(
  env: EffectsEnv,
  order: Pick<StoreOrderRow, 'business_id' | 'id'>,
  amount: number,
  reason: string,
  now: Date,
  tryVoid: boolean
): Promise<MoneyOutcome> {
  if (amount <= 0) return 0
  const [voidedBefore, refundedBefore] = await Promise.all([
    findMoneyBack(env.DB, order.business_id, `o${order.id}-void`),
    findMoneyBack(env.DB, order.business_id, `o${order.id}-all`),
  ])
  // A rerun answers the earlier call's outcome: what the payment holds has moved since.
  if (refundedBefore) return refundedBefore.status === 'done' ? refundedBefore.amount : 0
  if (voidedBefore?.status === 'done') return amount
  if (voidedBefore) voidNotSettled(order.id, voidedBefore.status)
  const kept = await keptPaymentsOf(env, order.id, now)
  if (kept.length > 1) return giveAllOfEach(env, order, kept, reason, now)
  const payment = await paymentOf(env, order, now)
  if (!payment) return 0
  const request = { businessId: order.business_id, paymentId: payment.id, reason }
  // A hold nothing was captured from yet (picking done's capture still on the queue) took no
  // money: everything goes back by voiding it, whatever the action, and that capture then finds
  // no hold to take from (capture-repo.ts) rather than taking what is left of the total.
  const uncapturedHold = payment.capture_later === 1 && payment.captured_amount === null
  if ((tryVoid || uncapturedHold) && !voidedBefore && payment.amount_refunded === 0) {
    const voided = await voidPayment(env, { ...request, reference: `o${order.id}-void` }, now)
    if (voided.status === 'done') return amount
    voidNotSettled(order.id, voided.status)
  }
  if (payment.capture_later === 1 && payment.captured_amount === null) {
    // A hold nothing was captured from took no money, so none can be refunded: a refused void
    // leaves it to lapse at the bank (ADR 039).
    logError(new Error(`void of held order ${order.id} refused`), { paymentId: payment.id })
    return 0
  }
  const refunded = await refundPayment(
    env,
    {
      ...request,
      reference: `o${order.id}-all`,
      amount: Math.min(amount, payment.amount - payment.amount_refunded),
    },
    now
  )
  return refunded.status === 'done' ? refunded.amount : 0
}

/**
 * Everything back from an order paid by several payments (an amend's top-up, ADR 059): each
 * uncaptured hold voided, each payment's money taken refunded, every one under a reference of its
 * own (`o<id>-void-p<payment>`, `o<id>-all-p<payment>`), so a rerun asks the gateway for none
 * twice. What came back: the sum of the refunds and of what the voided holds would have taken.
 */
async function giveAllOfEach(
  env: EffectsEnv,
  order: Pick<StoreOrderRow, 'business_id' | 'id'>,
  kept: ReadonlyArray<KeptPayment>,
  reason: string,
  now: Date
): Promise<MoneyOutcome> {
  let back = 0
  for (const payment of kept) {
    const request = { businessId: order.business_id, paymentId: payment.id, reason }
    if (isHold(payment) && payment.captured_amount === null) {
      const reference = `o${order.id}-void-p${payment.id}`
      const voided = await voidPayment(env, { ...request, reference }, now)
      if (voided.status !== 'done') voidNotSettled(order.id, voided.status)
      continue
    }
    const reference = `o${order.id}-all-p${payment.id}`
    const earlier = await findMoneyBack(env.DB, order.business_id, reference)
    const amount = earlier?.amount ?? refundable(payment)
    if (amount <= 0) continue
    const refunded = await refundPayment(env, { ...request, reference, amount }, now)
    back += refunded.status === 'done' ? refunded.amount : 0
  }
  return back
}

/**
 * A void the gateway did not answer (unknown) or whose call may still be in flight (pending) may
 * have let the authorisation go: refunding meanwhile could give the money back twice, and a hold
 * cannot be refunded at all. The reconciliation asks the gateway and settles the void once
 * (refund-reconciliation.ts); the effect fails here and its retry reads the settled void.
 */
function voidNotSettled(orderId: number, status: MoneyBackStatus): void {
  if (status === 'refused') return
  throw new Error(`void of order ${orderId} not settled (${status}): reconciled with the gateway`)
}

/**
 * Picking done of an order whose card payment is a hold (weighed lines, ADR 039): `picked`, the
 * total Picking done committed with, is captured instead of the difference refunded. Never the
 * order's total as it is when the effect runs: a retried capture may run after a refund lowered it
 * (to 0 after a full refund). False when the payment is no hold (settled at once, cash): the caller
 * refunds the difference as before. Safe to run again: a captured hold answers as captured and
 * nothing reaches the gateway twice; a hold voided meanwhile (the order refunded before its
 * capture ran) has nothing to capture and nothing to give back.
 */
export async function captureFinal(
  env: EffectsEnv,
  order: Pick<StoreOrderRow, 'id' | 'business_id'>,
  picked: number,
  now: Date
): Promise<MoneyOutcome | false> {
  const kept = await findKeptPayments(env.DB, order.id)
  const { settledExcess } = capturePlan(kept, picked)
  const outcome = await captureOrderPayment(env, { orderId: order.id, amount: picked }, now)
  if (outcome.kind === 'no_hold') {
    const voided = await findMoneyBack(env.DB, order.business_id, `o${order.id}-void`)
    if (!voided || voided.status === 'done') return voided === null ? false : 0
    voidNotSettled(order.id, voided.status)
    return false
  }
  if (outcome.kind === 'unknown') {
    // No answer we can trust: the effect runs again (the claim keeps it from a second capture).
    throw new Error(`capture of order ${order.id} unanswered (${outcome.resultCode})`)
  }
  if (outcome.kind === 'refused' || outcome.kind === 'over_authorised') {
    logError(new Error(`capture of order ${order.id} refused`), { outcome: outcome.kind })
    return 0
  }
  // Settled money over the picked total (a settled order with an amend's top-up, ADR 059): the
  // holds took nothing and the excess goes back from the settled payments.
  // One hold and nothing settled: nothing to give back. Several: a rerun (the excess already
  // refunded, so 0 now) answers the shares the first run gave back under their references.
  if (kept.length <= 1) return 0
  return refundShared(env, order, settledExcess, `o${order.id}-picking`, 'picking', now)
}

/** A partial refund (the picking difference, lines after delivery) with a stable reference. */
export async function givePartBack(
  env: EffectsEnv,
  row: StoreOrderRow,
  amount: number,
  reference: string,
  reason: string,
  now: Date
): Promise<MoneyOutcome> {
  if (amount <= 0) return 0
  return refundShared(env, row, amount, reference, reason, now)
}

/**
 * A refund of `amount` under `reference`: from the order's one payment, or shared among several
 * newest first (refundShares, ADR 059), each share under `<reference>-p<payment>`. A rerun counts
 * the shares an earlier run made by their references and asks only for the rest.
 */
async function refundShared(
  env: EffectsEnv,
  row: Pick<StoreOrderRow, 'business_id' | 'id'>,
  amount: number,
  reference: string,
  reason: string,
  now: Date
): Promise<MoneyOutcome> {
  const kept = await keptPaymentsOf(env, row.id, now)
  if (kept.length <= 1) {
    const payment = await paymentOf(env, row, now)
    if (!payment) return 0
    const refunded = await refundPayment(
      env,
      { businessId: row.business_id, paymentId: payment.id, reference, reason, amount },
      now
    )
    return refunded.status === 'done' ? refunded.amount : 0
  }
  let left = amount
  let back = 0
  for (const payment of [...kept].sort((a, b) => b.id - a.id)) {
    const shareReference = `${reference}-p${payment.id}`
    const earlier = await findMoneyBack(env.DB, row.business_id, shareReference)
    if (earlier) {
      // A share asked for before (done or still settling) is not asked for again.
      if (earlier.status !== 'refused') left -= earlier.amount
      back += earlier.status === 'done' ? earlier.amount : 0
      continue
    }
    const [share] = refundShares([payment], left)
    if (!share || left <= 0) continue
    const refunded = await refundPayment(
      env,
      {
        businessId: row.business_id,
        paymentId: payment.id,
        reference: shareReference,
        reason,
        amount: share.amount,
      },
      now
    )
    left -= share.amount
    back += refunded.status === 'done' ? refunded.amount : 0
  }
  return back
}

/** The shopper's message for an action (spec §4 tracking messages), or null when none is due. */
export function trackingMessage(
  action: OrderActionType,
  moneyBack: MoneyOutcome,
  fallbackAmount: number,
  /** Cash is paid at the door: an order that ends before it was paid cost the shopper nothing. */
  cash: boolean,
  /** Says each sentence in the shop's language and money: English by default. */
  shop: ShopLocale = GB_LOCALE
): string | null {
  const say = sayIn(shop)
  const amount = formatMoney(moneyBack > 0 ? moneyBack : fallbackAmount, shop)
  switch (action) {
    case 'accept':
      return say(MESSAGES.orderTrackingAccepted)
    case 'finish_picking':
      return moneyBack > 0 ? say(MESSAGES.orderTrackingPickedChanges, amount) : null
    case 'ready_for_collection':
      return say(MESSAGES.orderTrackingReadyForCollection)
    case 'start_route':
      return say(MESSAGES.orderTrackingEnRoute)
    case 'collected':
    case 'deliver':
      return say(MESSAGES.orderTrackingDelivered)
    case 'unable_to_deliver':
      return cash
        ? say(MESSAGES.orderTrackingDeliveryProblem)
        : say(MESSAGES.orderTrackingDeliveryProblemRefunded, amount)
    case 'reject':
    case 'auto_reject':
      return cash
        ? say(MESSAGES.orderTrackingRejectedCash)
        : say(MESSAGES.orderTrackingRejected, amount)
    case 'cancel':
      return cash
        ? say(MESSAGES.orderTrackingCancelledCash)
        : say(MESSAGES.orderTrackingCancelled, amount)
    case 'refund_order':
    case 'refund_lines':
      return say(MESSAGES.orderTrackingRefunded, amount)
    case 'mark_line':
    case 'assign_driver':
      return null
  }
}

/** Emails the shopper the order's new state, with the signed link to its tracking page. */
export async function tellShopper(
  env: EffectsEnv,
  row: StoreOrderRow,
  message: string,
  now: Date,
  /** The provider's idempotency key: the effect's key, so a rerun sends nothing twice. */
  idempotencyKey?: string
): Promise<void> {
  const status = storeStatusOf(row)
  const email = await inBusinessLocale(env.DB, {
    businessId: row.business_id,
    channel: 'email',
    to: row.email,
    template: 'order_status',
    ...(idempotencyKey ? { idempotencyKey } : {}),
    data: {
      businessOrderId: row.business_order_id,
      firstName: row.first_name,
      status,
      statusLabel: shopperStatusLabel(status, row.fulfilment_method),
      message,
      trackingPath: await trackingLinkFor(
        env,
        {
          businessId: row.business_id,
          orderId: row.id,
          orderNumber: row.business_order_id,
          slotDate: row.slot_date,
        },
        now
      ),
    },
  })
  await createMessenger(env).send(email)
}

/**
 * Publishes the order's change to its subscribers (the store's live boards, then the order's
 * tracking: order-subscribers.ts, ADR 038); never throws (a board that misses it is right on
 * reload).
 */
export async function publishBoard(
  env: EffectsEnv,
  event: Omit<OrderBoardEvent, 'at'>,
  now: Date
): Promise<void> {
  try {
    await publishOrderChange(env, event, now)
  } catch (error) {
    logError(error, { event: 'order board publish failed', orderId: event.orderId })
  }
}

/** Tells the boards and the tracking that the order changed (its status as it now is). */
export async function publishOrderUpdated(
  env: EffectsEnv,
  row: Pick<StoreOrderRow, 'business_id' | 'store_id' | 'id' | 'status'>,
  now: Date
): Promise<void> {
  await publishBoard(
    env,
    {
      businessId: row.business_id,
      storeId: row.store_id,
      orderId: row.id,
      status: row.status,
      change: 'updated',
    },
    now
  )
}

/** Runs an effect of a committed action: a failure is logged, the action still answers. */
export async function afterCommit<T>(
  what: string,
  orderId: number,
  fallback: T,
  effect: () => Promise<T>
): Promise<T> {
  try {
    return await effect()
  } catch (error) {
    logError(error, { event: `order ${what} failed`, orderId })
    return fallback
  }
}

import { z } from 'zod'
import { formatMessage } from '../../../schemas/messages.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { businessLocale } from '../businesses-repo.ts'
import type { EffectHandlers } from '../effects/handlers.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { effectStatement } from '../effects/repo.ts'
import { findStoreOrder, type StoreOrderRow } from '../orders/repo.ts'
import { findMoneyBack } from '../payments/refunds-repo.ts'
import { ACTION_EFFECTS } from '../store-orders/action-effect-rows.ts'
import { captureFinal, type EffectsEnv, givePartBack } from '../store-orders/effects.ts'
import { refundsClaimed, SUBSTITUTE_REFUND_EFFECT } from './repo.ts'
import { findKeptPayments } from '../payments/capture-repo.ts'
import { isHold } from '../payments/order-payments.ts'

/*
 * What follows a substitute sent back (issue 42, ADR 043), from the outbox row its batch wrote
 * (ADR 037): the line's charge back through the payment's own gateway (payments/refunds.ts, the
 * path of every refund), then the shopper's email and the boards' notice as rows of their own,
 * the kinds every store action uses. Safe to run again: the refund's reference is the line's.
 */

const PayloadSchema = z.object({
  orderId: z.number().int().positive(),
  storeId: z.number().int().positive(),
  lineId: z.number().int().positive(),
  amount: z.number().int().nonnegative(),
  by: z.enum(['review', 'door']),
  name: z.string(),
})
type Payload = z.infer<typeof PayloadSchema>

/** The line's refund reference: one per line, so it is given back once. */
export const substituteRefundReference = (orderId: number, lineId: number): string =>
  `o${orderId}-sub${lineId}`

/**
 * A held card payment (weighed lines, ADR 039) is captured first if picking's capture has not
 * run yet: the capture takes the order's total as it now is, the rejected line already out, so
 * nothing is refunded. Captured before the rejection, what the payment holds over the order's
 * total (less refunds already claimed) is given back, at most the line's charge.
 */
async function heldRefundAmount(
  env: EffectsEnv,
  order: StoreOrderRow,
  amount: number
): Promise<number> {
  // Every kept payment of the order (an amend's top-up makes several, ADR 059).
  const kept = await findKeptPayments(env.DB, order.id)
  if (!kept.some(isHold)) return amount
  if (kept.some((payment) => isHold(payment) && payment.captured_amount === null)) return 0
  let taken = 0
  for (const payment of kept) {
    const captured = isHold(payment) ? (payment.captured_amount ?? 0) : payment.amount
    taken += captured - (await refundsClaimed(env.DB, payment.id))
  }
  return Math.max(0, Math.min(amount, taken - order.total))
}

async function refundLine(
  env: EffectsEnv,
  order: StoreOrderRow,
  payload: Payload,
  now: Date
): Promise<number> {
  if (order.payment_method === 'paymentCash' || payload.amount === 0) return 0
  const reference = substituteRefundReference(order.id, payload.lineId)
  const earlier = await findMoneyBack(env.DB, order.business_id, reference)
  if (earlier) return earlier.status === 'done' ? earlier.amount : 0
  // A held payment not captured yet is captured now, for the total without the line.
  const held = (await captureFinal(env, order, order.total, now)) !== false
  const amount = held ? await heldRefundAmount(env, order, payload.amount) : payload.amount
  return givePartBack(env, order, amount, reference, `substitute rejected (${payload.by})`, now)
}

/** The email's sentence: its words are said in the shopper's language when sent, its money here. */
function messageOf(order: StoreOrderRow, payload: Payload, shop: ShopLocale): string {
  return order.payment_method === 'paymentCash'
    ? formatMessage('substituteRejectedCash', payload.name)
    : formatMessage('substituteRejectedRefund', payload.name, formatMoney(payload.amount, shop))
}

export const substituteRefundHandlers: EffectHandlers<EffectsEnv> = {
  async [SUBSTITUTE_REFUND_EFFECT](env, effect) {
    const payload = PayloadSchema.parse(effect.payload)
    const { now } = effect
    const order = await findStoreOrder(env.DB, effect.businessId, payload.storeId, payload.orderId)
    if (!order) throw new Error(`order ${payload.orderId} not found`)
    await refundLine(env, order, payload, now)
    const shop = await businessLocale(env.DB, order.business_id)
    const base = { orderId: payload.orderId, storeId: payload.storeId }
    const rows = [
      {
        key: `${effect.key}:email`,
        kind: ACTION_EFFECTS.email,
        payload: { ...base, message: messageOf(order, payload, shop) },
      },
      { key: `${effect.key}:notice`, kind: ACTION_EFFECTS.notice, payload: base },
    ]
    // Keyed after the refund: a rerun writes none again.
    await env.DB.batch(
      rows.map((row) => effectStatement(env.DB, { businessId: effect.businessId, ...row }, now))
    )
    await dispatchEffects(
      env,
      rows.map((row) => row.key),
      now
    )
  },
}

import { z } from 'zod'
import { MESSAGES } from '../../../schemas/messages.ts'
import { fillMessage, type Say } from '../../../schemas/message-format.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { businessLocale } from '../businesses-repo.ts'
import { closingMessage, isClosing, moneySummary } from '../../../schemas/money-summary.ts'
import { creditReturnedBy } from '../credit/order-credit-repo.ts'
import type { EffectHandlers, EffectRun } from '../effects/handlers.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { effectStatement } from '../effects/repo.ts'
import { earnPoints, reversePoints } from '../loyalty/order-points.ts'
import { givenBackOnOrder } from '../payments/refunds-repo.ts'
import { rewardReferral } from '../referrals/reward.ts'
import {
  ACTION_EFFECTS,
  type ActionEffectPayload,
  emailEffectKey,
  noticeEffectKey,
} from './action-effect-rows.ts'
import { giveCreditBack, trackingMessageWithCredit } from './credit-effects.ts'
import {
  type EffectsEnv,
  giveEverythingBack,
  captureFinal,
  givePartBack,
  type MoneyOutcome,
  publishOrderUpdated,
  tellShopper,
} from './effects.ts'
import { changesSentence, orderChangesOf } from '../orders/order-changes.ts'
import { findStoreOrder, orderPickLines, type StoreOrderRow } from '../orders/repo.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

/*
 * What follows a store action (ADR 017 "Effects", ADR 037), run by the EFFECTS queue's consumer
 * from the row the action's batch wrote (and once inline, right after the commit, so the console
 * answers with what was given back and the boards hear of it at once). Every step is safe to run again: the gateway's refunds and
 * voids by the order's references, credit and loyalty by their ledger references, the referral by
 * its pending status; the email and the boards' notice are rows of their own, keyed after the
 * action, so a provider outage retries only the email.
 */

const SettlePayloadSchema = z.object({
  orderId: z.number().int().positive(),
  storeId: z.number().int().positive(),
  action: z.string(),
  token: z.string(),
  to: z.string(),
  reason: z.string(),
  beforeTotal: z.number().int(),
  cash: z.boolean(),
  refundPart: z.number().int(),
  creditBack: z.number().int(),
  cashAsCredit: z.boolean(),
  cashReturn: z.enum(['door', 'store', 'credit']).nullable(),
})

const FollowUpPayloadSchema = z.object({
  orderId: z.number().int().positive(),
  storeId: z.number().int().positive(),
  message: z.string().optional(),
})

type Settle = ActionEffectPayload

async function orderOf(
  env: EffectsEnv,
  effect: EffectRun,
  payload: { orderId: number; storeId: number }
): Promise<StoreOrderRow> {
  const row = await findStoreOrder(env.DB, effect.businessId, payload.storeId, payload.orderId)
  if (!row) throw new Error(`order ${payload.orderId} not found`)
  return row
}

/** The money the action gives back through the payment's gateway. */
async function moneyBackOf(env: EffectsEnv, order: StoreOrderRow, s: Settle, now: Date) {
  switch (s.action) {
    case 'reject':
    case 'auto_reject':
    case 'cancel':
    case 'unable_to_deliver':
      return giveEverythingBack(env, order, s.beforeTotal, s.reason, now, true)
    case 'refund_order':
      if (s.cashAsCredit) return 0
      return giveEverythingBack(env, order, s.beforeTotal, s.reason, now, false)
    case 'finish_picking':
      // A held payment is captured for the final total, as Picking done saw it (a refund since
      // lowered the order's): nothing to give back (ADR 039).
      {
        const captured = await captureFinal(env, order, s.beforeTotal, now)
        if (captured !== false) return captured
      }
      return givePartBack(
        env,
        order,
        -order.total_adjustment,
        `o${order.id}-picking`,
        'picking',
        now
      )
    case 'refund_lines':
      if (s.cashAsCredit) return 0
      return givePartBack(env, order, s.refundPart, `o${order.id}-${s.token}`, s.reason, now)
    default:
      return 0
  }
}

/** The credit that came back: this run's, or an earlier run's by the same reference. */
async function creditBackOf(env: EffectsEnv, order: StoreOrderRow, s: Settle, now: Date) {
  const given = await giveCreditBack(
    env.DB,
    order,
    s.action,
    { token: s.token, creditBack: s.creditBack },
    now
  )
  if (given > 0) return given
  switch (s.action) {
    case 'reject':
    case 'auto_reject':
    case 'cancel':
    case 'unable_to_deliver':
    case 'refund_order':
      return creditReturnedBy(env.DB, order.id, `order:${order.id}:return`)
    case 'finish_picking':
      return creditReturnedBy(env.DB, order.id, `order:${order.id}:return:picking`)
    default:
      return 0
  }
}

async function loyaltyOf(env: EffectsEnv, s: Settle, now: Date): Promise<void> {
  if (s.action === 'deliver' || s.action === 'collected') await earnPoints(env.DB, s.orderId, now)
  if (s.action === 'refund_order' || s.action === 'refund_lines') {
    await reversePoints(env.DB, s.orderId, now)
  }
}

/*
 * The status email's sentences are each said in the business's language (sayIn(shop)), so a
 * Dutch business's email reads Dutch sentence by sentence; a British one's are the same bytes as
 * always. The edge's localiseMessage cannot do it: it knows whole messages only,
 * not two joined.
 */

/** A cash order's refund as the shopper is told it: how the cash reaches them (issue 35.2). */
export function cashRefundMessage(
  how: ActionEffectPayload['cashReturn'],
  amount: number,
  shop: ShopLocale = GB_LOCALE
): string | null {
  const say = sayIn(shop)
  const money = formatMoney(amount, shop)
  switch (how) {
    case 'door':
      return say(MESSAGES.orderRefundCashAtDoor, money)
    case 'store':
      return say(MESSAGES.orderRefundCashAtStore, money)
    case 'credit':
      return say(MESSAGES.orderTrackingCreditReturned, money)
    default:
      return null
  }
}

/** The store's reason after the closing's words, as the order page shows it (issue 44). */
export function withStoreReason(
  order: Pick<StoreOrderRow, 'closing_reason'>,
  message: string | null,
  say: Say = fillMessage
): string | null {
  if (message === null || !order.closing_reason) return message
  return `${message} ${say(MESSAGES.orderTrackingStoreReason, order.closing_reason)}`
}

async function messageOf(
  env: EffectsEnv,
  order: StoreOrderRow,
  s: Settle,
  moneyBack: MoneyOutcome,
  creditBack: MoneyOutcome
): Promise<string | null> {
  const shop = await businessLocale(env.DB, order.business_id)
  const say = sayIn(shop)
  if (isClosing(s.to as StoreOrderRow['status'])) {
    return withStoreReason(
      order,
      closingMessage(
        moneySummary({
          status: order.status,
          paymentMethod: order.payment_method,
          originalTotal: order.original_total,
          creditApplied: order.credit_applied,
          totalAdjustment: order.total_adjustment,
          refund: order.refund,
          tipRefund: order.tip_refund,
          total: order.total,
          givenBack: await givenBackOnOrder(env.DB, order.business_id, order.id),
          creditReturned: creditBack,
        }),
        shop
      ),
      say
    )
  }
  const message =
    cashRefundMessage(s.cashReturn, s.beforeTotal - order.total, shop) ??
    trackingMessageWithCredit(
      s.action,
      moneyBack,
      s.beforeTotal - order.total,
      s.cash,
      creditBack,
      shop
    )
  return withChanges(env, order, s.action, withWeighedTotal(order, s.action, message, shop), say)
}

/**
 * Picking done with substitutes or shortages: the picked email lists them and says a substitute
 * can be rejected until the order leaves the store (issue 42, ADR 043).
 */
async function withChanges(
  env: EffectsEnv,
  order: StoreOrderRow,
  action: Settle['action'],
  message: string | null,
  say: Say
): Promise<string | null> {
  if (action !== 'finish_picking') return message
  const changes = orderChangesOf(order, await orderPickLines(env.DB, order.id))
  if (changes === null) return message
  const substituted = changes.lines.some((change) => change.kind === 'substituted')
  const list = say(
    substituted ? MESSAGES.orderChangesEmail : MESSAGES.orderChangesEmailShortOnly,
    changesSentence(changes, say)
  )
  return `${message ?? say(MESSAGES.orderTrackingPicked)} ${list}`
}

/**
 * Once picked, an order with weighed lines costs what they weighed (ADR 039): the picked and the
 * on-its-way emails say the final amount.
 */
export function withWeighedTotal(
  order: Pick<StoreOrderRow, 'weighed_lines' | 'total'>,
  action: ActionEffectPayload['action'],
  message: string | null,
  shop: ShopLocale = GB_LOCALE
): string | null {
  if (order.weighed_lines === 0) return message
  if (action !== 'finish_picking' && action !== 'start_route') return message
  const say = sayIn(shop)
  const total = say(MESSAGES.weighedOrderTotal, formatMoney(order.total, shop))
  return `${message ?? say(MESSAGES.orderTrackingPicked)} ${total}`
}

/** The action's email and notice as rows of their own, handed to the queue. */
async function writeFollowUps(
  env: EffectsEnv,
  effect: EffectRun,
  s: Settle,
  message: string | null,
  now: Date
): Promise<void> {
  const base = { orderId: s.orderId, storeId: s.storeId }
  const rows = [
    ...(message === null
      ? []
      : [
          {
            key: emailEffectKey(effect.key),
            kind: ACTION_EFFECTS.email,
            payload: { ...base, message },
          },
        ]),
    { key: noticeEffectKey(effect.key), kind: ACTION_EFFECTS.notice, payload: base },
  ]
  // Keyed after the action: a rerun of the settle writes none again.
  await env.DB.batch(
    rows.map((row) => effectStatement(env.DB, { businessId: effect.businessId, ...row }, now))
  )
  await dispatchEffects(
    env,
    rows.map((row) => row.key),
    now
  )
}

export const storeActionHandlers: EffectHandlers<EffectsEnv> = {
  async [ACTION_EFFECTS.settle](env, effect) {
    const s = SettlePayloadSchema.parse(effect.payload) as Settle & { storeId: number }
    const { now } = effect
    const order = await orderOf(env, effect, s)
    const moneyBack = await moneyBackOf(env, order, s, now)
    const creditBack = await creditBackOf(env, order, s, now)
    await loyaltyOf(env, s, now)
    if (s.action === 'deliver' || s.action === 'collected') {
      await rewardReferral(env, { businessId: order.business_id, orderId: order.id }, now)
    }
    const message = await messageOf(env, order, s, moneyBack, creditBack)
    await writeFollowUps(env, effect, s, message, now)
  },

  async [ACTION_EFFECTS.email](env, effect) {
    const payload = FollowUpPayloadSchema.parse(effect.payload)
    if (payload.message === undefined) return
    const order = await orderOf(env, effect, payload)
    await tellShopper(env, order, payload.message, effect.now, effect.key)
  },

  async [ACTION_EFFECTS.notice](env, effect) {
    const order = await orderOf(env, effect, FollowUpPayloadSchema.parse(effect.payload))
    await publishOrderUpdated(env, order, effect.now)
  },
}

import type { OrderActionType } from '../../../schemas/order-states.ts'
import { logError } from '../../lib/log.ts'
import { businessLocale } from '../businesses-repo.ts'
import { creditEntryStatement } from '../credit/ledger-repo.ts'
import {
  type AccountState,
  findLoyaltyOrder,
  findScheme,
  hasReference,
  isLoyaltyConflict,
  type LoyaltyOrderRow,
  openAccount,
  orderPointsHeld,
  orderPointsStatement,
  readAccount,
  type SchemeRow,
  settleAccountStatement,
  transactionStatement,
} from './repo.ts'
import { paidForPoints, planEarning, planReversal, pointsFor, type SchemeRule } from './rules.ts'
import { earnedWords, reversedWords, rewardCreditWords, rewardWords } from './words.ts'

/*
 * Points follow the store's actions on an order (ADR 020 "Loyalty"): delivered or collected, the
 * member's order earns them (and any rewards they complete, as store credit in the same batch);
 * refunded in whole or in part, the points of what was refunded are taken back. Each write is
 * planned from one reading of the account and refused if another write got there first (the
 * account's seq), then planned again; every transaction has a reference derived from the order,
 * so an effect run twice writes once.
 */

/** How many times a write is planned again after another write reached the account first. */
const ATTEMPTS = 4

const EARNING: ReadonlySet<OrderActionType> = new Set(['deliver', 'collected'])
const REFUNDS: ReadonlySet<OrderActionType> = new Set(['refund_order', 'refund_lines'])

/**
 * The store-orders effect (one call after each committed action). Never throws: points that
 * fail to land are logged, and the action still answers (the effect can be run again).
 */
export async function loyaltyAfterAction(
  db: D1Database,
  orderId: number,
  action: OrderActionType,
  now: Date
): Promise<void> {
  try {
    if (EARNING.has(action)) await earnPoints(db, orderId, now)
    else if (REFUNDS.has(action)) await reversePoints(db, orderId, now)
  } catch (error) {
    logError(error, { event: 'order loyalty points failed', orderId })
  }
}

const ruleOf = (scheme: SchemeRow): SchemeRule => ({
  pointsPerPound: scheme.points_per_pound,
  rewardThreshold: scheme.reward_threshold,
  rewardValue: scheme.reward_value,
})

/** Plans and writes against a fresh reading until no other write got there first. */
async function withAccount(
  db: D1Database,
  order: LoyaltyOrderRow & { customer_id: number },
  now: Date,
  write: (account: AccountState) => Promise<Array<D1PreparedStatement>>
): Promise<void> {
  await openAccount(db, order.business_id, order.customer_id, now)
  for (let attempt = 1; ; attempt++) {
    const account = await readAccount(db, order.customer_id)
    if (!account) return
    const statements = await write(account)
    if (statements.length === 0) return
    try {
      await db.batch(statements)
      return
    } catch (error) {
      if (!isLoyaltyConflict(error) || attempt >= ATTEMPTS) throw error
    }
  }
}

const memberOrder = (order: LoyaltyOrderRow | null) =>
  order && order.customer_id !== null ? { ...order, customer_id: order.customer_id } : null

const paidOf = (order: LoyaltyOrderRow) =>
  paidForPoints({
    total: order.total,
    deliveryTip: order.delivery_tip,
    tipRefund: order.tip_refund,
  })

/** A delivered member's order earns its points once; guests and schemeless businesses nothing. */
export async function earnPoints(db: D1Database, orderId: number, now: Date): Promise<void> {
  const order = memberOrder(await findLoyaltyOrder(db, orderId))
  if (!order) return
  const scheme = await findScheme(db, order.business_id)
  if (!scheme || scheme.is_active !== 1) return
  const rule = ruleOf(scheme)
  const earned = pointsFor(paidOf(order), rule.pointsPerPound)
  if (earned <= 0) return
  const shop = await businessLocale(db, order.business_id)
  const reference = `order:${order.id}:earn`
  await withAccount(db, order, now, async (account) => {
    if (await hasReference(db, account.id, reference)) return []
    const plan = planEarning(account.balance, account.rewards, earned, rule)
    let seq = account.lastSeq
    const tx = { accountId: account.id, orderId: order.id }
    const statements = [
      transactionStatement(
        db,
        {
          ...tx,
          seq: ++seq,
          points: earned,
          kind: 'earn',
          reference,
          description: earnedWords(order.business_order_id),
        },
        now
      ),
    ]
    for (const reward of plan.rewards) {
      statements.push(
        transactionStatement(
          db,
          {
            ...tx,
            seq: ++seq,
            points: -reward.points,
            kind: 'reward',
            reference: `reward:${reward.n}`,
            description: rewardWords(reward.points, reward.value, shop),
          },
          now
        ),
        creditEntryStatement(
          db,
          {
            businessId: order.business_id,
            customerId: order.customer_id,
            amount: reward.value,
            kind: 'loyalty_reward',
            reference: `loyalty:${account.id}:reward:${reward.n}`,
            description: rewardCreditWords(scheme.name, reward.points),
          },
          now
        )
      )
    }
    return [
      ...statements,
      settleAccountStatement(db, account.id, now),
      orderPointsStatement(db, order.id),
    ]
  })
}

/**
 * A refund takes back the points of what it refunded: the order should hold the points of what
 * is still paid; the rest is reversed, once per refund (the reference names how much had been
 * refunded after it, which only grows).
 */
export async function reversePoints(db: D1Database, orderId: number, now: Date): Promise<void> {
  const order = memberOrder(await findLoyaltyOrder(db, orderId))
  if (!order) return
  const scheme = await findScheme(db, order.business_id)
  const target = scheme ? pointsFor(paidOf(order), scheme.points_per_pound) : 0
  const reference = `order:${order.id}:reverse:${order.refund + order.tip_refund}`
  await withAccount(db, order, now, async (account) => {
    if (await hasReference(db, account.id, reference)) return []
    const held = await orderPointsHeld(db, account.id, order.id)
    const plan = planReversal(account.balance, held, target)
    if (plan.reversed === 0) return []
    return [
      transactionStatement(
        db,
        {
          accountId: account.id,
          orderId: order.id,
          seq: account.lastSeq + 1,
          points: -plan.reversed,
          kind: 'reverse',
          reference,
          description: reversedWords(order.business_order_id, plan.owed),
        },
        now
      ),
      settleAccountStatement(db, account.id, now),
      orderPointsStatement(db, order.id),
    ]
  })
}

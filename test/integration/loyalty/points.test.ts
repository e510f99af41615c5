import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { earnPoints, loyaltyAfterAction } from '../../../worker/backend/loyalty/order-points.ts'
import { loyaltyScheme } from '../../support/workers/seed.ts'
import {
  deliver,
  memberOrder,
  newMember,
  seedCheckout,
  type Member,
} from '../member/orders-fixtures.ts'
import { actOk, cashOrder, detail, staffMember, STORES } from '../store-orders/fixtures.ts'
import {
  accountOf,
  customerIdOf,
  orderMoney,
  rewardCreditOf,
  summaryOf,
  transactionsOf,
} from './fixtures.ts'

/*
 * Points through the store console's actions against migrated D1 (ADR 020 "Loyalty"): a member's
 * order earns them when it is handed over, a reward becomes store credit in the same batch, a
 * refund takes them back (below zero when they were already credit), and guests earn nothing.
 * The scheme here: 5 points per £1, £3 of credit every 40 points (one test order crosses it).
 */

const SCHEME = { businessId: 1, pointsPerPound: 5, rewardThreshold: 40, rewardValue: 300 }

let manager: string
let ada: Member
let adaId: number

/** The points an order of this total earns (no tip on a collection). */
const pointsOf = (total: number) => Math.floor((total * SCHEME.pointsPerPound) / 100)

beforeAll(async () => {
  await seedCheckout(env.DB)
  await env.DB.batch(loyaltyScheme(env.DB, SCHEME))
  manager = (await staffMember([{ storeId: STORES.main, role: 'store_manager' }])).bearer
  ada = await newMember('Ada')
  adaId = await customerIdOf(ada)
})

function refundOrder(orderId: number) {
  return actOk(manager, STORES.main, orderId, 'delivered', {
    type: 'refund_order',
    reason: 'Damaged in transit',
    cashReturn: 'door',
  })
}

describe('earning on delivery', () => {
  let orderId: number
  let earned: number

  it('earns the points of what was paid, and at the threshold gives store credit', async () => {
    const draft = await memberOrder(ada)
    orderId = draft.orderId
    await deliver(orderId)
    const order = await orderMoney(orderId)
    earned = pointsOf(order.total)
    expect(earned).toBeGreaterThanOrEqual(SCHEME.rewardThreshold)
    expect(order.loyalty_points_earned).toBe(earned)
    const account = await accountOf(adaId)
    expect(await transactionsOf(orderId)).toEqual([
      expect.objectContaining({ kind: 'earn', points: earned, reference: `order:${orderId}:earn` }),
      expect.objectContaining({ kind: 'reward', points: -40, reference: 'reward:1' }),
    ])
    expect(await rewardCreditOf(adaId)).toEqual([
      expect.objectContaining({ amount: 300, reference: `loyalty:${account?.id}:reward:1` }),
    ])
    expect(account).toMatchObject({ points_balance: earned - 40, lifetime_points: earned })
  })

  it('writes once when the effect runs again, one after the other or at once', async () => {
    const now = new Date()
    await loyaltyAfterAction(env.DB, orderId, 'collected', now)
    await Promise.all([
      loyaltyAfterAction(env.DB, orderId, 'collected', now),
      loyaltyAfterAction(env.DB, orderId, 'deliver', now),
    ])
    expect(await transactionsOf(orderId)).toHaveLength(2)
    expect(await rewardCreditOf(adaId)).toHaveLength(1)
    expect(await accountOf(adaId)).toMatchObject({ points_balance: earned - 40 })
  })

  it('answers the summary: progress, history and the credit the reward gave', async () => {
    const summary = await summaryOf(ada)
    expect(summary.progress).toMatchObject({
      scheme: { pointsPerPound: 5, rewardThreshold: 40, rewardValue: 300 },
      pointsBalance: earned - 40,
      lifetimePoints: earned,
      pointsToNextReward: 40 - (earned - 40),
    })
    expect(summary.history.map((line) => [line.kind, line.points])).toEqual([
      ['reward', -40],
      ['earn', earned],
    ])
    expect(summary.history[1]?.businessOrderId).not.toBeNull()
    expect(summary.credit.balance).toBe(300)
    expect(summary.credit.entries[0]).toMatchObject({ kind: 'loyalty_reward', amount: 300 })
  })

  it('points reversed on refund: below zero when they were already credit, which is kept', async () => {
    await refundOrder(orderId)
    expect((await orderMoney(orderId)).loyalty_points_earned).toBe(0)
    const reversal = (await transactionsOf(orderId)).at(-1)
    expect(reversal).toMatchObject({ kind: 'reverse', points: -earned })
    expect(reversal?.description).toContain('already become store credit')
    expect(await accountOf(adaId)).toMatchObject({ points_balance: -40, lifetime_points: 0 })
    expect(await rewardCreditOf(adaId)).toHaveLength(1)
    // The refund's effect again writes nothing more.
    await loyaltyAfterAction(env.DB, orderId, 'refund_order', new Date())
    expect(await transactionsOf(orderId)).toHaveLength(3)
  })

  it('pays the negative balance back from the next points before any reward', async () => {
    const next = await memberOrder(ada)
    await deliver(next.orderId)
    const points = pointsOf((await orderMoney(next.orderId)).total)
    const balance = -40 + points
    const rewards = balance >= 40 ? Math.floor(balance / 40) : 0
    expect(await accountOf(adaId)).toMatchObject({ points_balance: balance - rewards * 40 })
    expect(await rewardCreditOf(adaId)).toHaveLength(1 + rewards)
  })
})

describe('refunding part of a delivered order', () => {
  it('takes back the points of the lines refunded, then the rest with the whole order', async () => {
    const grace = await newMember('Grace')
    const graceId = await customerIdOf(grace)
    await env.DB.batch(loyaltyScheme(env.DB, { ...SCHEME, rewardThreshold: 100_000 }))
    const { orderId } = await memberOrder(grace)
    await deliver(orderId)
    const earned = (await orderMoney(orderId)).loyalty_points_earned
    const line = (await detail(manager, STORES.main, orderId)).departments[0]?.lines[0]
    await actOk(manager, STORES.main, orderId, 'delivered', {
      type: 'refund_lines',
      reason: 'One was bruised',
      cashReturn: 'door',
      lines: [{ lineId: line?.lineId ?? 0, quantity: 1 }],
    })
    const afterLines = await orderMoney(orderId)
    expect(afterLines.loyalty_points_earned).toBe(pointsOf(afterLines.total))
    expect(afterLines.loyalty_points_earned).toBeLessThan(earned)
    await refundOrder(orderId)
    const kinds = (await transactionsOf(orderId)).map((tx) => [tx.kind, tx.points])
    expect(kinds).toEqual([
      ['earn', earned],
      ['reverse', -(earned - afterLines.loyalty_points_earned)],
      ['reverse', -afterLines.loyalty_points_earned],
    ])
    expect(await accountOf(graceId)).toMatchObject({ points_balance: 0, lifetime_points: 0 })
    await env.DB.batch(loyaltyScheme(env.DB, SCHEME))
  })
})

describe('two orders of one member at once', () => {
  it('both earn: the write planned from a stale balance is planned again', async () => {
    const lin = await newMember('Lin')
    const linId = await customerIdOf(lin)
    // Delivered while the scheme is off, then both orders' points land at the same moment.
    await env.DB.batch(loyaltyScheme(env.DB, { ...SCHEME, isActive: 0 }))
    const orders = [(await memberOrder(lin)).orderId, (await memberOrder(lin)).orderId]
    for (const orderId of orders) await deliver(orderId)
    await env.DB.batch(loyaltyScheme(env.DB, SCHEME))
    await Promise.all(orders.map((orderId) => earnPoints(env.DB, orderId, new Date())))
    let points = 0
    for (const orderId of orders) {
      const earned = pointsOf((await orderMoney(orderId)).total)
      expect((await transactionsOf(orderId))[0]).toMatchObject({ kind: 'earn', points: earned })
      points += earned
    }
    const rewards = Math.floor(points / 40)
    expect(await rewardCreditOf(linId)).toHaveLength(rewards)
    expect(await accountOf(linId)).toMatchObject({
      points_balance: points - rewards * 40,
      lifetime_points: points,
    })
  })
})

describe('guests', () => {
  it('earn nothing', async () => {
    const { orderId } = await cashOrder('collection')
    await deliver(orderId)
    expect((await orderMoney(orderId)).loyalty_points_earned).toBe(0)
    expect(await transactionsOf(orderId)).toEqual([])
  })
})

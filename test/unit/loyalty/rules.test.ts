import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  paidForPoints,
  planEarning,
  planReversal,
  pointsFor,
  progressTowardsReward,
} from '../../../worker/backend/loyalty/rules.ts'

/** The demo scheme: 1 point per £1, £2.50 every 250 points. */
const DEMO = { pointsPerPound: 1, rewardThreshold: 250, rewardValue: 250 }

describe('points for an amount', () => {
  it('gives whole points per pound paid, rounding down', () => {
    expect(pointsFor(4999, 1)).toBe(49)
    expect(pointsFor(5000, 1)).toBe(50)
    expect(pointsFor(1250, 2)).toBe(25)
    expect(pointsFor(99, 1)).toBe(0)
    expect(pointsFor(0, 5)).toBe(0)
    expect(pointsFor(5000, 0)).toBe(0)
  })

  it('never gives more for less', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(20), (a, b, rate) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        expect(pointsFor(low, rate)).toBeLessThanOrEqual(pointsFor(high, rate))
      })
    )
  })

  it('counts what was paid for goods and fees: the total less the tip still paid', () => {
    expect(paidForPoints({ total: 5300, deliveryTip: 300, tipRefund: 0 })).toBe(5000)
    expect(paidForPoints({ total: 5000, deliveryTip: 300, tipRefund: 300 })).toBe(5000)
    // Everything refunded: the tip went back too.
    expect(paidForPoints({ total: 0, deliveryTip: 300, tipRefund: 300 })).toBe(0)
    expect(paidForPoints({ total: 100, deliveryTip: 300, tipRefund: 0 })).toBe(0)
  })
})

describe('rewards', () => {
  it('gives none below the threshold', () => {
    expect(planEarning(100, 0, 149, DEMO)).toEqual({ earned: 149, rewards: [], balanceAfter: 249 })
  })

  it('gives one reward when the balance reaches the threshold, numbered after the earlier ones', () => {
    expect(planEarning(200, 3, 50, DEMO)).toEqual({
      earned: 50,
      rewards: [{ n: 4, points: 250, value: 250 }],
      balanceAfter: 0,
    })
  })

  it('gives one reward each time one order crosses the threshold', () => {
    const plan = planEarning(240, 0, 560, DEMO)
    expect(plan.rewards).toEqual([
      { n: 1, points: 250, value: 250 },
      { n: 2, points: 250, value: 250 },
      { n: 3, points: 250, value: 250 },
    ])
    expect(plan.balanceAfter).toBe(50)
  })

  it('keeps every point: what was earned is the rewards plus what is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 249 }), fc.nat(5000), (balance, earned) => {
        const plan = planEarning(balance, 0, earned, DEMO)
        const used = plan.rewards.reduce((sum, reward) => sum + reward.points, 0)
        expect(balance + earned).toBe(used + plan.balanceAfter)
        expect(plan.balanceAfter).toBeLessThan(DEMO.rewardThreshold)
      })
    )
  })
})

describe('reversal on a refund', () => {
  it('takes back the points of what was refunded, without a reward given', () => {
    // 50 points held, £20 of £50 refunded: the order should hold 30.
    expect(planReversal(120, 50, 30)).toEqual({ reversed: 20, balanceAfter: 100, owed: false })
  })

  it('takes back every point on a whole refund', () => {
    expect(planReversal(50, 50, 0)).toEqual({ reversed: 50, balanceAfter: 0, owed: false })
  })

  it('goes below zero when the points had already become a reward', () => {
    // The order's 250 points became £2.50 of credit; its refund leaves the balance owing them.
    expect(planReversal(0, 250, 0)).toEqual({ reversed: 250, balanceAfter: -250, owed: true })
    expect(planReversal(40, 100, 0)).toEqual({ reversed: 100, balanceAfter: -60, owed: true })
  })

  it('does nothing when the order already holds no more than its target (run twice)', () => {
    expect(planReversal(80, 30, 30).reversed).toBe(0)
    expect(planReversal(80, 0, 0).reversed).toBe(0)
    expect(planReversal(80, 20, 30).reversed).toBe(0)
  })

  it('pays a negative balance back from the next points before any reward', () => {
    const owing = planReversal(0, 250, 0).balanceAfter
    expect(planEarning(owing, 1, 300, DEMO)).toEqual({ earned: 300, rewards: [], balanceAfter: 50 })
    expect(planEarning(owing, 1, 500, DEMO)).toEqual({
      earned: 500,
      rewards: [{ n: 2, points: 250, value: 250 }],
      balanceAfter: 0,
    })
  })
})

describe('progress towards the next reward', () => {
  it('says how many points are left and how far along the bar is', () => {
    expect(progressTowardsReward(0, 250)).toEqual({ pointsToNextReward: 250, progressPercent: 0 })
    expect(progressTowardsReward(100, 250)).toEqual({
      pointsToNextReward: 150,
      progressPercent: 40,
    })
    expect(progressTowardsReward(249, 250)).toEqual({ pointsToNextReward: 1, progressPercent: 99 })
  })

  it('counts a negative balance as further away, at 0 %', () => {
    expect(progressTowardsReward(-60, 250)).toEqual({ pointsToNextReward: 310, progressPercent: 0 })
  })
})

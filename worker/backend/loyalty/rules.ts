/*
 * The loyalty rule (ADR 020 "Loyalty"), pure: no I/O, no clock. A business's scheme is data
 * (loyalty_schemes): points per pound paid for an order's goods and fees, and every
 * rewardThreshold points become rewardValue pence of store credit. A refund takes back the points
 * of what it refunded; when those had already become credit, the balance goes below zero and the
 * next points earned pay it back first.
 */

export interface SchemeRule {
  pointsPerPound: number
  rewardThreshold: number
  /** Pence of store credit per reward. */
  rewardValue: number
}

/** The money of an order that earns points, in pence: what the shopper paid, less the tip. */
export interface PaidOrder {
  /** What the shopper pays in the end (already net of store credit spent and of refunds). */
  total: number
  deliveryTip: number
  tipRefund: number
}

/**
 * What the shopper paid for goods and fees: the order's total less the tip still paid (a tip is
 * the driver's, not a purchase). Store credit spent earns nothing: the total is already net of it.
 */
export function paidForPoints(order: PaidOrder): number {
  return Math.max(0, order.total - (order.deliveryTip - order.tipRefund))
}

/** Points for an amount: whole points only, floor(pence / 100 × points per pound). */
export function pointsFor(pence: number, pointsPerPound: number): number {
  if (pence <= 0 || pointsPerPound <= 0) return 0
  return Math.floor((pence * pointsPerPound) / 100)
}

/** One reward: its number in the account (1, 2, …), the points it uses and the credit it gives. */
export interface Reward {
  n: number
  points: number
  value: number
}

export interface EarnPlan {
  earned: number
  rewards: ReadonlyArray<Reward>
  balanceAfter: number
}

/**
 * Earning `earned` points on a balance (which may be below zero: it is paid back first). Each
 * time the balance reaches the threshold, the threshold's points become one reward; one order
 * may cross it several times.
 */
export function planEarning(
  balance: number,
  rewardsSoFar: number,
  earned: number,
  scheme: SchemeRule
): EarnPlan {
  const rewards: Array<Reward> = []
  let after = balance + earned
  while (after >= scheme.rewardThreshold) {
    rewards.push({
      n: rewardsSoFar + rewards.length + 1,
      points: scheme.rewardThreshold,
      value: scheme.rewardValue,
    })
    after -= scheme.rewardThreshold
  }
  return { earned, rewards, balanceAfter: after }
}

export interface ReversalPlan {
  /** Points taken back (0: nothing to do). */
  reversed: number
  balanceAfter: number
  /** True when the points taken back had already become credit: the balance owes them. */
  owed: boolean
}

/**
 * A refund on an order that holds `held` points (earned less already reversed): the order should
 * now hold the points of what is still paid (`target`); the rest is taken back. Credit already
 * given is not clawed back: the balance goes below zero instead (ADR 020 "Loyalty").
 */
export function planReversal(balance: number, held: number, target: number): ReversalPlan {
  const reversed = Math.max(0, held - Math.max(0, target))
  const balanceAfter = balance - reversed
  return { reversed, balanceAfter, owed: reversed > 0 && balanceAfter < 0 }
}

export interface Progress {
  pointsToNextReward: number
  /** 0–100, for the progress bar. */
  progressPercent: number
}

/** How far the balance is towards the next reward (a balance below zero shows 0 %). */
export function progressTowardsReward(balance: number, rewardThreshold: number): Progress {
  const pointsToNextReward = Math.max(1, rewardThreshold - balance)
  const percent = Math.floor((Math.max(0, balance) * 100) / rewardThreshold)
  return { pointsToNextReward, progressPercent: Math.min(100, Math.max(0, percent)) }
}

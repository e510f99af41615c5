import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { LoyaltySummarySchema } from '../../../schemas/loyalty.ts'
import { send } from '../member/profile-fixtures.ts'
import type { Member } from '../member/orders-fixtures.ts'

/*
 * Loyalty as the member and the database see it: the member's id, their summary through the
 * API, and the rows points and rewards leave.
 */

export async function customerIdOf(member: Member): Promise<number> {
  const row = await env.DB.prepare('select id from customers where email = ?1')
    .bind(member.email)
    .first<{ id: number }>()
  if (!row) throw new Error(`no customer ${member.email}`)
  return row.id
}

export async function summaryOf(member: Member) {
  const answer = await send('GET', '/member/loyalty/summary', { businessId: 1 }, member.bearer)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return LoyaltySummarySchema.parse(answer.json)
}

/** The order's points transactions, oldest first. */
export async function transactionsOf(orderId: number) {
  const { results } = await env.DB.prepare(
    `select kind, points, reference, description from loyalty_transactions where order_id = ?1
     order by seq`
  )
    .bind(orderId)
    .all<{ kind: string; points: number; reference: string; description: string }>()
  return results
}

/** The member's account row as stored. */
export async function accountOf(customerId: number) {
  return env.DB.prepare(
    `select id, points_balance, lifetime_points from loyalty_accounts where customer_id = ?1`
  )
    .bind(customerId)
    .first<{ id: number; points_balance: number; lifetime_points: number }>()
}

/** The member's store credit entries from loyalty rewards, oldest first. */
export async function rewardCreditOf(customerId: number) {
  const { results } = await env.DB.prepare(
    `select amount, reference, description from customer_credit_ledger
     where customer_id = ?1 and kind = 'loyalty_reward' order by id`
  )
    .bind(customerId)
    .all<{ amount: number; reference: string; description: string }>()
  return results
}

/** What the order stores: its total, tip and the points it holds. */
export async function orderMoney(orderId: number) {
  const row = await env.DB.prepare(
    `select total, delivery_tip, tip_refund, loyalty_points_earned from orders where id = ?1`
  )
    .bind(orderId)
    .first<{
      total: number
      delivery_tip: number
      tip_refund: number
      loyalty_points_earned: number
    }>()
  if (!row) throw new Error(`no order ${orderId}`)
  return row
}

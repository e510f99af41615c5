import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import type { CreditEntryKind } from '../../../schemas/credit.ts'
import { creditBalance, creditEntryStatement } from '../../../worker/backend/credit/ledger-repo.ts'
import {
  expectOk,
  orderBody,
  plainItem,
  readyBasket,
  type ReadyBasket,
} from '../checkout/fixtures.ts'
import { callWith, makePayment, paymentBody, type Draft } from '../payments/fixtures.ts'
import { testEnv } from '../auth/fixtures.ts'
import type { Member } from '../member/orders-fixtures.ts'
import type { Call } from '../../support/workers/requests.ts'

/*
 * Store credit through the API (ADR 020): members with credit given straight into the ledger,
 * their baskets made ready the way checkout makes them, orders placed and paid in cash (the
 * quickest paid order).
 */

export const AT = new Date('2026-11-25T10:00:00.000Z')

export async function customerIdOf(email: string): Promise<number> {
  const row = await env.DB.prepare('select id from customers where lower(email) = lower(?1)')
    .bind(email)
    .first<{ id: number }>()
  if (!row) throw new Error(`no customer ${email}`)
  return row.id
}

/** Gives the member credit straight into the ledger (as a loyalty reward would). */
export async function giveCredit(
  customerId: number,
  amount: number,
  kind: CreditEntryKind = 'adjustment'
): Promise<void> {
  await creditEntryStatement(
    env.DB,
    {
      businessId: 1,
      customerId,
      amount,
      kind,
      reference: `test:${crypto.randomUUID()}`,
      description: 'Test credit',
    },
    AT
  ).run()
}

export const balanceOf = (customerId: number) => creditBalance(env.DB, customerId)

/** The member's ledger entries of an order: kind and amount, oldest first. */
export async function orderLedger(orderId: number): Promise<Array<[string, number]>> {
  const { results } = await env.DB.prepare(
    'select kind, amount from customer_credit_ledger where order_id = ?1 order by id'
  )
    .bind(orderId)
    .all<{ kind: string; amount: number }>()
  return results.map((row) => [row.kind, row.amount])
}

/** A collection basket of two of a plain item, ready to order, and its total before credit. */
export async function memberBasket(member: Member): Promise<{ ready: ReadyBasket; total: number }> {
  const item = await plainItem(500, 2500)
  const ready = await readyBasket({
    items: [{ id: item.id, quantity: 2 }],
    email: member.email,
    bearer: member.bearer,
  })
  const basket = BasketSchema.parse(
    await expectOk('/basket', { businessId: 1, basketToken: ready.token })
  )
  return { ready, total: basket.totals.total }
}

export function processOrder(
  member: Member,
  ready: ReadyBasket,
  paymentMethod: 'paymentCash' | 'paymentCard' = 'paymentCash'
): Promise<Call> {
  return callWith(
    testEnv,
    '/checkout/process-order',
    orderBody(ready, {
      emailAddress: member.email,
      paymentMethod,
      paymentGateway: paymentMethod === 'paymentCash' ? 'cash' : 'realex',
    }),
    member.bearer
  )
}

/** process-order, expecting the draft. */
export async function draftOf(member: Member, ready: ReadyBasket): Promise<Draft> {
  const placed = await processOrder(member, ready)
  expect(placed.status, JSON.stringify(placed.json)).toBe(200)
  const order = OrderSummarySchema.parse(placed.json)
  return {
    ready,
    orderId: order.draftOrderId,
    businessOrderId: order.businessOrderId,
    total: order.totals.total,
    bearer: member.bearer,
  }
}

/** Pays the draft in cash: Sent to Store at once. */
export async function payCash(draft: Draft): Promise<void> {
  const result = await makePayment(
    paymentBody(draft, {
      paymentMethod: 'paymentCash',
      paymentGateway: 'cash',
      cashConfirmed: true,
    })
  )
  expect(result.status).toBe('succeeded')
}

export async function orderMoney(orderId: number) {
  return env.DB.prepare(
    'select status, credit_applied, original_total, total, refund from orders where id = ?1'
  )
    .bind(orderId)
    .first<{
      status: string
      credit_applied: number
      original_total: number
      total: number
      refund: number
    }>()
}

import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { requirePaymentSandbox } from '../../../worker/backend/adapters.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import {
  VALID_EXPIRY,
  callWith,
  consumerData,
  draftOrder,
  makePayment,
  payOnSandbox,
  paymentBody,
  resultOf,
} from './fixtures.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  FRAMES_CARDS,
  cardToken,
  framesEnv,
  framesPayment,
  sandboxRequest,
} from './frames-fixtures.ts'

/*
 * Orders paid in full through each card gateway's local sandbox, for the tests of what comes
 * after a payment (refunds, voids, their reconciliation), and the sandbox ledger to check them by.
 */

export const NOW = new Date(Date.UTC(2026, 10, 25, 12, 0, 0))
export const SUCCESS_CARD = { cardNumber: '4263970000005262', ...VALID_EXPIRY }
export const sandbox = requirePaymentSandbox(backendAdapters)

export interface Paid {
  paymentId: number
  orderId: number
  total: number
  gatewayOrderId: string
  externalRef: string
}

export async function paymentOf(paymentId: number) {
  const row = await env.DB.prepare(
    `select status, amount, amount_refunded, voided_at, gateway_order_id, external_ref, auth_code
     from payments where id = ?1`
  )
    .bind(paymentId)
    .first<{
      status: string
      amount: number
      amount_refunded: number
      voided_at: string | null
      gateway_order_id: string
      external_ref: string
      auth_code: string | null
    }>()
  if (!row) throw new Error(`no payment ${paymentId}`)
  return row
}

/** The payment's gateway ids for an order paid in full. */
export async function paidOf(orderId: number, total: number, paymentId: number): Promise<Paid> {
  const row = await paymentOf(paymentId)
  return {
    paymentId,
    orderId,
    total,
    gatewayOrderId: row.gateway_order_id,
    externalRef: row.external_ref,
  }
}

/** An order paid on the Realex sandbox's hosted card page. */
export async function paidWithRealex(): Promise<Paid> {
  const draft = await draftOrder()
  const started = await makePayment(paymentBody(draft))
  const answer = resultOf(await consumerData(await payOnSandbox(started.redirect!, SUCCESS_CARD)))
  expect(answer.status).toBe('succeeded')
  return paidOf(draft.orderId, draft.total, answer.paymentId)
}

/** An order paid through the frames sandbox's payments API. */
export async function paidWithFrames(): Promise<Paid> {
  const draft = await draftOrder({ environment: framesEnv, gateway: 'frames' })
  const token = await cardToken(FRAMES_CARDS.success)
  const answer = resultOf(
    await callWith(framesEnv, '/payments/make', framesPayment(draft, { token }))
  )
  expect(answer.status).toBe('succeeded')
  return paidOf(draft.orderId, draft.total, answer.paymentId)
}

/** The sandbox gateways' ledger entry of one transaction. */
export async function ledgerOf(gatewayOrderId: string) {
  return (await sandbox.ledger(env.DB)).find((entry) => entry.gatewayOrderId === gatewayOrderId)
}

/** The sandbox wallet sheet's approved token (what the shopper's Pay gives the checkout). */
export async function walletToken(wallet: 'applePay' | 'googlePay'): Promise<string> {
  const res = await sandboxRequest(
    '/sandbox-gateway/wallets/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wallet, outcome: 'approve' }),
    },
    testEnv
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { tokenData: string }).tokenData
}

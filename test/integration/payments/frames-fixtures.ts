import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { expect } from 'vitest'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { PaymentResultSchema, type PaymentResult } from '../../../schemas/payments.ts'
import { backend } from '../../../worker/backend/index.ts'
import { SANDBOX_FRAMES_PUBLIC_KEY } from '../../../worker/backend/payments/frames-config.ts'
import type { AppEnv } from '../../../worker/env.ts'
import { requestId } from '../../../worker/middleware/request-id.ts'
import { securityHeaders } from '../../../worker/middleware/security-headers.ts'
import { sandboxGateway } from '../../../worker/sandbox-gateway/index.ts'
import { freshIp, testEnv, type Call } from '../auth/fixtures.ts'
import { guestBearer, orderBody, plainItem, readyBasket } from '../checkout/fixtures.ts'
import { ORIGIN, RETURN_URLS, type Draft } from './fixtures.ts'

/** The test environment with the embedded card frames as the card gateway (local sandbox). */
export const framesEnv: Env = { ...testEnv, CARD_GATEWAY: 'frames', FRAMES_PUBLIC_KEY: '' }

/** POSTs JSON to the backend with `environment`, answering the status and the parsed body. */
export async function callWith(
  environment: Env,
  path: string,
  body: unknown,
  bearer?: string
): Promise<Call> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'cf-connecting-ip': freshIp(),
  }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  const res = await backend.request(
    path,
    { method: 'POST', headers, body: JSON.stringify(body) },
    environment
  )
  return { status: res.status, json: await res.json() }
}

export function resultOf(answer: Call): PaymentResult {
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return PaymentResultSchema.parse(answer.json)
}

/** A draft order placed for the card gateway (or wallet) of `environment`. */
export async function draftFor(
  environment: Env,
  options: {
    bearer?: string
    email?: string
    method?: 'paymentCard' | 'applePay' | 'googlePay'
    gateway?: 'realex' | 'frames'
  } = {}
): Promise<Draft> {
  const item = await plainItem(500, 2500)
  const bearer = options.bearer ?? (await guestBearer())
  const email = options.email ?? `guest.${crypto.randomUUID()}@example.com`
  const ready = await readyBasket({
    items: [{ id: item.id, quantity: 2 }],
    email,
    ...(options.bearer ? { bearer: options.bearer } : {}),
  })
  const placed = await callWith(
    environment,
    '/checkout/process-order',
    orderBody(ready, {
      emailAddress: email,
      paymentMethod: options.method ?? 'paymentCard',
      paymentGateway: options.gateway ?? 'frames',
    }),
    bearer
  )
  expect(placed.status, JSON.stringify(placed.json)).toBe(200)
  const order = OrderSummarySchema.parse(placed.json)
  return {
    ready,
    orderId: order.draftOrderId,
    businessOrderId: order.businessOrderId,
    total: order.totals.total,
    bearer,
  }
}

/** A make-payment body for the draft with a frames card token (or other fields). */
export function framesPayment(draft: Draft, overrides: Record<string, unknown> = {}) {
  return {
    businessId: 1,
    basketToken: draft.ready.token,
    idempotencyKey: crypto.randomUUID(),
    draftOrderId: draft.orderId,
    paymentMethod: 'paymentCard',
    paymentGateway: 'frames',
    ...RETURN_URLS,
    ...overrides,
  }
}

/** The sandbox gateway as worker/index.ts serves it (security headers give the CSP nonce). */
const sandboxApp = new Hono<AppEnv>()
sandboxApp.use(requestId())
sandboxApp.use(securityHeaders())
sandboxApp.route('/sandbox-gateway', sandboxGateway)

export function sandboxRequest(
  path: string,
  init: RequestInit = {},
  environment: Env = framesEnv
): Promise<Response> {
  return Promise.resolve(sandboxApp.request(`${ORIGIN}${path}`, init, environment))
}

/** What the card frame posts to the sandbox provider's /tokens (a card or a CVV). */
export async function tokenise(
  body: Record<string, unknown>
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await sandboxRequest('/sandbox-gateway/frames/api/tokens', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${SANDBOX_FRAMES_PUBLIC_KEY}`,
    },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

/** A single-use card token for a test card (expiry 12/2039, CVV 123). */
export async function cardToken(number: string): Promise<string> {
  const answer = await tokenise({
    type: 'card',
    number,
    expiry_month: 12,
    expiry_year: 2039,
    cvv: '123',
  })
  expect(answer.status, JSON.stringify(answer.json)).toBe(201)
  return String(answer.json.token)
}

export const FRAMES_CARDS = {
  success: '4263970000005262',
  successMastercard: '5425230000004415',
  declined: '4000120000001154',
  challenge: '4012001038488884',
} as const

/** Every column of the sandbox tables and of payments, for "no card number stored" checks. */
export async function storedText(): Promise<string> {
  const tables = [
    'sandbox_frames_tokens',
    'sandbox_frames_sources',
    'sandbox_frames_payments',
    'sandbox_wallet_tokens',
    'payments',
    'saved_cards',
  ]
  const rows = await env.DB.batch(tables.map((table) => env.DB.prepare(`select * from ${table}`)))
  return JSON.stringify(rows.map((result) => result.results))
}

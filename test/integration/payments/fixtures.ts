import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { OrderSummarySchema, type PaymentGateway } from '../../../schemas/checkout.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  PaymentResultSchema,
  type PaymentRedirect,
  type PaymentResult,
} from '../../../schemas/payments.ts'
import { createApp } from '../../../worker/app.ts'
import { call, freshIp, testEnv, type Call } from '../auth/fixtures.ts'
import {
  guestBearer,
  orderBody,
  plainItem,
  readyBasket,
  type ReadyBasket,
} from '../checkout/fixtures.ts'

export { call, registerMember } from '../auth/fixtures.ts'
export { seedCheckout, STORES } from '../checkout/fixtures.ts'

export const ORIGIN = 'http://localhost'
export const RETURN_URLS = {
  successUrl: `${ORIGIN}/checkout/success`,
  failureUrl: `${ORIGIN}/checkout/payment?failed=1`,
  cancelUrl: `${ORIGIN}/checkout/payment`,
} as const

export interface Draft {
  ready: ReadyBasket
  orderId: number
  businessOrderId: string
  total: number
  bearer: string
}

/** POSTs JSON to the backend with `environment`, answering the status and the parsed body. */
export async function callWith(
  environment: Env,
  path: string,
  body: unknown,
  bearer?: string
): Promise<Call> {
  return callBackend(path, body, { bearer, ip: freshIp(), bindings: environment })
}

/**
 * A draft order (through /checkout/process-order) of a guest, or of a member with `bearer`: a
 * card through Realex unless `gateway` says otherwise (cash through 'cash'), in the test
 * environment unless `environment` is given (e.g. the frames card gateway's).
 */
export async function draftOrder(
  options: {
    bearer?: string
    email?: string
    method?: 'paymentCard' | 'paymentCash' | 'applePay' | 'googlePay'
    gateway?: PaymentGateway
    environment?: Env
    /** A coupon applied to the basket before the draft (robot check: the local token). */
    coupon?: string
    /** The basket's lines; two of a plain item unless given (e.g. a weighed item). */
    items?: ReadonlyArray<{ id: number; quantity: number }>
  } = {}
): Promise<Draft> {
  const bearer = options.bearer ?? (await guestBearer())
  const email = options.email ?? `guest.${crypto.randomUUID()}@example.com`
  const ready = await readyBasket({
    items: options.items ?? [{ id: (await plainItem(500, 2500)).id, quantity: 2 }],
    email,
    ...(options.bearer ? { bearer: options.bearer } : {}),
  })
  if (options.coupon) {
    const applied = await call('/basket/coupon/apply', {
      businessId: 1,
      basketToken: ready.token,
      coupon: options.coupon,
      verifyToken: LOCAL_ROBOT_CHECK_TOKEN,
    })
    expect(applied.json, JSON.stringify(applied.json)).not.toHaveProperty('errorCode')
  }
  const method = options.method ?? 'paymentCard'
  const placed = await callWith(
    options.environment ?? testEnv,
    '/checkout/process-order',
    orderBody(ready, {
      emailAddress: email,
      paymentMethod: method,
      paymentGateway: options.gateway ?? (method === 'paymentCash' ? 'cash' : 'realex'),
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

/** A make-payment body for the draft (card through Realex unless overridden). */
export function paymentBody(draft: Draft, overrides: Record<string, unknown> = {}) {
  return {
    businessId: 1,
    basketToken: draft.ready.token,
    idempotencyKey: crypto.randomUUID(),
    draftOrderId: draft.orderId,
    paymentMethod: 'paymentCard',
    paymentGateway: 'realex',
    ...RETURN_URLS,
    ...overrides,
  }
}

export function resultOf(answer: Call): PaymentResult {
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return PaymentResultSchema.parse(answer.json)
}

export async function makePayment(body: unknown): Promise<PaymentResult> {
  return resultOf(await call('/payments/make', body))
}

/** The storefront as the worker serves it, for the sandbox gateway's pages and posts. */
export const sandboxApp = createApp()

export function postForm(
  path: string,
  fields: Record<string, string>,
  envOverride: Env = env
): Promise<Response> {
  return Promise.resolve(
    sandboxApp.request(
      `${ORIGIN}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      },
      envOverride
    )
  )
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The value of a hidden input of a page. */
export function hiddenValue(html: string, name: string): string | null {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  return match?.[1] === undefined ? null : unescapeHtml(match[1])
}

export interface CardEntry {
  cardNumber?: string
  expiryMonth?: string
  expiryYear?: string
  cvv?: string
  cardholderName?: string
}

export const VALID_EXPIRY = { expiryMonth: '12', expiryYear: '39', cvv: '123' } as const

/** Opens the card page with the producer data and answers the card form. */
export async function submitCard(redirect: PaymentRedirect, card: CardEntry): Promise<Response> {
  const opened = await postForm(new URL(redirect.url).pathname, redirect.fields)
  expect(opened.status, await opened.clone().text()).toBe(200)
  const orderId = hiddenValue(await opened.text(), 'ORDER_ID')
  if (!orderId) throw new Error('no ORDER_ID on the card form')
  const fields: Record<string, string> = { ORDER_ID: orderId }
  for (const [key, value] of Object.entries(card)) if (value !== undefined) fields[key] = value
  return postForm('/sandbox-gateway/hpp/card', fields)
}

/**
 * The whole card page: request → card form → (3-D Secure challenge) → the signed hppResponse the
 * page posts to MERCHANT_RESPONSE_URL.
 */
export async function payOnSandbox(
  redirect: PaymentRedirect,
  card: CardEntry,
  challenge?: 'authenticate' | 'fail'
): Promise<string> {
  let page = await submitCard(redirect, card)
  let html = await page.text()
  expect(page.status, html).toBe(200)
  if (challenge) {
    expect(html).toContain('3-D Secure challenge')
    page = await postForm('/sandbox-gateway/hpp/challenge', {
      ORDER_ID: hiddenValue(html, 'ORDER_ID') ?? '',
      decision: challenge,
    })
    html = await page.text()
    expect(page.status, html).toBe(200)
  }
  const response = hiddenValue(html, 'hppResponse')
  if (!response) throw new Error(`no hppResponse on the page: ${html}`)
  return response
}

export function consumerData(hppResponse: string, orderId?: number): Promise<Call> {
  return call('/checkout/hpp/consumer-data', {
    businessId: 1,
    hppResponse,
    ...(orderId !== undefined ? { orderId } : {}),
  })
}

/** The decoded fields of an hppResponse. */
export function decodeResponse(hppResponse: string): Record<string, string> {
  const encoded = JSON.parse(hppResponse) as Record<string, string>
  return Object.fromEntries(Object.entries(encoded).map(([key, value]) => [key, atob(value)]))
}

/** An hppResponse with some fields changed (values base64-encoded again). */
export function alterResponse(hppResponse: string, changes: Record<string, string>): string {
  const encoded = JSON.parse(hppResponse) as Record<string, string>
  for (const [key, value] of Object.entries(changes)) encoded[key] = btoa(value)
  return JSON.stringify(encoded)
}

/** Payments, the order and saved cards as they are now, for "nothing changed" checks. */
export async function paymentState(orderId: number): Promise<unknown> {
  const [payments, order, cards] = await env.DB.batch([
    env.DB.prepare('select * from payments where order_id = ?1 order by id').bind(orderId),
    env.DB.prepare('select status, status_code, placed_at, total from orders where id = ?1').bind(
      orderId
    ),
    env.DB.prepare('select * from saved_cards order by id'),
  ])
  return { payments: payments?.results, order: order?.results, cards: cards?.results }
}

export async function orderStatus(orderId: number): Promise<string | undefined> {
  const row = await env.DB.prepare('select status from orders where id = ?1')
    .bind(orderId)
    .first<{ status: string }>()
  return row?.status
}

/** What an order holds from the shopper: authorised or captured payments not voided. */
export async function chargedFor(orderId: number): Promise<number> {
  const row = await env.DB.prepare(
    `select coalesce(sum(amount), 0) as charged from payments
     where order_id = ?1 and status in ('authorised', 'captured') and void_reason is null`
  )
    .bind(orderId)
    .first<{ charged: number }>()
  return row?.charged ?? -1
}

/**
 * Each answer of a race of payments with reused keys: a 200 names one of the attempts written,
 * anything else is one of the refusals such a race may meet (the order paid meanwhile, its key's
 * call still running, the key sent with another body).
 */
export function expectAnswersOfAttempts(
  answers: ReadonlyArray<Call>,
  attempts: ReadonlyArray<{ id: number }>
): void {
  for (const answer of answers) {
    if (answer.status === 200) {
      const result = PaymentResultSchema.parse(answer.json)
      expect(attempts.map((payment) => payment.id)).toContain(result.paymentId)
      continue
    }
    expect(
      [
        [409, MESSAGES.orderAlreadyPaid],
        [409, MESSAGES.idempotencyInProgress],
        [422, MESSAGES.idempotencyKeyReused],
      ],
      JSON.stringify(answer.json)
    ).toContainEqual([answer.status, ApiErrorSchema.parse(answer.json).error.message])
  }
}

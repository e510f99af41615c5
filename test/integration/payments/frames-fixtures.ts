import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { jsonPost } from '../../support/workers/requests.ts'
import { SANDBOX_FRAMES_PUBLIC_KEY } from '../../../worker/lib/payments-config.ts'
import { testEnv } from '../auth/fixtures.ts'
import { ORIGIN, paymentBody, sandboxApp, type Draft } from './fixtures.ts'

/** The test environment with the embedded card frames as the card gateway (local sandbox). */
export const framesEnv: Env = { ...testEnv, CARD_GATEWAY: 'frames', FRAMES_PUBLIC_KEY: '' }

/** A make-payment body for the draft with a frames card token (or other fields). */
export function framesPayment(draft: Draft, overrides: Record<string, unknown> = {}) {
  return paymentBody(draft, { paymentGateway: 'frames', ...overrides })
}

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
  const res = await sandboxRequest(
    '/sandbox-gateway/frames/api/tokens',
    jsonPost(body, { bearer: SANDBOX_FRAMES_PUBLIC_KEY })
  )
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

export type Wallet = 'applePay' | 'googlePay'

/** The sandbox wallet sheet's Pay: a signed single-use token carrying the chosen outcome. */
export async function walletToken(wallet: Wallet, outcome: 'approve' | 'decline' = 'approve') {
  const res = await sandboxRequest(
    '/sandbox-gateway/wallets/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wallet, outcome }),
    },
    testEnv
  )
  expect(res.status).toBe(201)
  const { tokenData } = (await res.json()) as { tokenData: string }
  return tokenData
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

import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { expect } from 'vitest'
import { type Call, callOf, postToBackend } from '../../support/workers/requests.ts'
import { TokenResponseSchema, type TokenResponse } from '../../../schemas/auth.ts'
import { authenticate } from '../../../worker/backend/auth/authenticate.ts'
import { type AuthDeps } from '../../../worker/backend/auth/sessions.ts'
import { OutboxMessenger } from '../../../worker/backend/messaging/messenger.ts'
import type { BackendEnv } from '../../../worker/backend/env.ts'
import { errorEnvelopeResponse } from '../../../worker/lib/error-response.ts'
import { TEST_SECRETS } from '../../support/test-secrets.ts'

export { OTHER, seedCatalogue } from '../catalogue/fixtures.ts'

/** The demo business (localhost). */
export const BUSINESS_ID = 1

export { TEST_SECRETS }

export const testEnv: Env = { ...env, ...TEST_SECRETS }

let ipCounter = 0
/** A fresh shopper IP, so each test has its own rate-limit allowance. */
export function freshIp(): string {
  ipCounter += 1
  return `203.0.113.${ipCounter % 250}-${Date.now()}`
}

export type { Call }

/** POSTs JSON to the backend with the test secrets, from a fresh address unless `ip` is given. */
export function post(
  path: string,
  body: unknown,
  options: { bearer?: string; ip?: string } = {}
): Promise<Response> {
  return postToBackend(path, body, { ...options, ip: options.ip ?? freshIp(), bindings: testEnv })
}

/** {@link post}, answering the status and the parsed body. */
export async function call(
  path: string,
  body: unknown,
  options: { bearer?: string; ip?: string } = {}
): Promise<Call> {
  return callOf(await post(path, body, options))
}

/** An error answer without its request id, to compare two refusals. */
export function errorOf(result: Call): { code: string; message: string } {
  const { error } = result.json as { error: { code: string; message: string } }
  return { code: error.code, message: error.message }
}

export function expectError(result: Call, status: number, message: string): void {
  expect({ status: result.status, message: errorOf(result).message }).toEqual({ status, message })
}

export function tokensOf(result: Call): TokenResponse {
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  return TokenResponseSchema.parse(result.json)
}

let emailCounter = 0
/** A unique email for one test. */
export function uniqueEmail(label = 'shopper'): string {
  emailCounter += 1
  return `${label}.${emailCounter}.${Date.now()}@example.com`
}

export const PASSWORD = 'correct horse battery'

/** A new member's name, phone and password, as the register call and the register form take them. */
export const NEW_MEMBER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07700 900123',
  password: PASSWORD,
  confirmPassword: PASSWORD,
} as const

/** Registers a member of the demo business and answers their tokens and email. */
export async function registerMember(
  overrides: Record<string, unknown> = {}
): Promise<{ email: string; tokens: TokenResponse }> {
  const email = uniqueEmail()
  const tokens = tokensOf(
    await call('/auth/register', {
      businessId: BUSINESS_ID,
      ...NEW_MEMBER,
      email,
      whereHeard: 'A friend',
      ...overrides,
    })
  )
  return { email, tokens }
}

/** The clock `whoami` reads; tests move it to see tokens expire. */
export const clock = { now: undefined as Date | undefined }

// A signed-in route built on authenticate(), the verifier every member route uses.
const probe = new Hono<BackendEnv>()
probe.post('/whoami', async (c) =>
  c.json(
    await authenticate(c, { businessId: BUSINESS_ID, ...(clock.now ? { now: clock.now } : {}) })
  )
)
probe.onError((error) => errorEnvelopeResponse(error, undefined))

/** Calls authenticate() with a bearer token (and the test clock). */
export async function whoami(bearer: string | undefined): Promise<Call> {
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {}
  const res = await probe.request('/whoami', { method: 'POST', headers }, testEnv)
  return { status: res.status, json: await res.json() }
}

/** Auth dependencies at a chosen time, for calling the services with a moved clock. */
export function depsAt(now: Date): AuthDeps {
  return {
    db: env.DB,
    sessionSecret: TEST_SECRETS.SESSION_SECRET,
    pepper: TEST_SECRETS.AUTH_PEPPER,
    messenger: new OutboxMessenger(env.DB),
    now,
    userAgent: null,
  }
}

/** Row counts of the auth tables, to show a refusal changed nothing. */
export async function authSnapshot(): Promise<Record<string, unknown>> {
  const tables = [
    'customers',
    'auth_refresh_tokens',
    'password_reset_codes',
    'verification_codes',
    'outbox',
    'devices',
    'auth_nonces',
  ]
  const counts = await env.DB.batch(
    tables.map((t) => env.DB.prepare(`select count(*) as n from ${t}`))
  )
  const state = await env.DB.batch([
    env.DB.prepare(
      `select group_concat(id || ':' || coalesce(password_hash, '') || ':' ||
         coalesce(tokens_valid_after, '') || ':' || coalesce(last_login_at, ''), '|') as v
       from customers`
    ),
    env.DB.prepare(
      `select group_concat(id || ':' || coalesce(used_at, '') || ':' || coalesce(revoked_at, ''), '|')
         as v from auth_refresh_tokens`
    ),
    env.DB.prepare(
      `select group_concat(id || ':' || coalesce(used_at, ''), '|') as v from password_reset_codes`
    ),
  ])
  return {
    ...Object.fromEntries(tables.map((t, i) => [t, counts[i]?.results[0]])),
    customers_state: state[0]?.results[0],
    refresh_state: state[1]?.results[0],
    reset_state: state[2]?.results[0],
  }
}

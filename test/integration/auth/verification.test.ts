import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { VerificationCodeRequestedSchema } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { Caller } from '../../../worker/backend/auth/authenticate.ts'
import {
  issueEmailVerificationCode,
  requestEmailVerification,
} from '../../../worker/backend/auth/verification.ts'
import {
  authSnapshot,
  BUSINESS_ID,
  call,
  depsAt,
  expectError,
  registerMember,
  seedCatalogue,
  tokensOf,
} from './fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

/** The auth snapshot plus verification attempts, uses and verified emails. */
async function snapshot(): Promise<Record<string, unknown>> {
  const [codes, verified] = await env.DB.batch([
    env.DB.prepare(
      `select group_concat(id || ':' || attempts || ':' || coalesce(consumed_at, ''), '|') as v
       from verification_codes`
    ),
    env.DB.prepare(
      `select group_concat(id || ':' || coalesce(email_verified_at, ''), '|') as v from customers`
    ),
  ])
  return {
    ...(await authSnapshot()),
    codes: codes?.results[0],
    verified: verified?.results[0],
  }
}

async function withVerification() {
  const member = await registerMember({ registrationType: 'registered_with_verification' })
  return { ...member, bearer: member.tokens.access_token }
}

async function lastCode(email: string): Promise<{ code: string; count: number }> {
  const { results } = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = 'email_verification'
     order by id desc`
  )
    .bind(email)
    .all<{ payload_json: string }>()
  const [last] = results
  if (!last) throw new Error(`no verification code sent to ${email}`)
  return { code: (JSON.parse(last.payload_json) as { code: string }).code, count: results.length }
}

const verifiedAt = async (email: string) =>
  (
    await env.DB.prepare(`select email_verified_at from customers where email = ?1`)
      .bind(email)
      .first<{ email_verified_at: string | null }>()
  )?.email_verified_at

const check = (bearer: string | undefined, verificationCode: string) =>
  call(
    '/member/verification-code/check',
    { businessId: BUSINESS_ID, verificationCode },
    bearer ? { bearer } : {}
  )

const request = (bearer: string | undefined, verifyToken = LOCAL_ROBOT_CHECK_TOKEN) =>
  call(
    '/member/verification-code/request',
    { businessId: BUSINESS_ID, platform: 'web', verifyToken, basketToken: 'ignored-basket' },
    bearer ? { bearer } : {}
  )

const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0')

describe('checking a verification code', () => {
  it('emails a code to a member registered without verification, whose email is unproven', async () => {
    const { email, tokens } = await registerMember()
    expect(await verifiedAt(email)).toBeNull()
    const sent = await request(tokens.access_token)
    expect(sent).toMatchObject({ status: 200, json: { emailVerified: false } })
    const result = await check(tokens.access_token, (await lastCode(email)).code)
    expect(result).toEqual({ status: 200, json: { emailVerified: true } })
    expect(await verifiedAt(email)).toEqual(expect.any(String))
  })

  it('verifies the email with the code sent at registration', async () => {
    const { email, bearer } = await withVerification()
    expect(await verifiedAt(email)).toBeNull()
    const { code } = await lastCode(email)
    const result = await check(bearer, code)
    expect(result).toEqual({ status: 200, json: { emailVerified: true } })
    expect(await verifiedAt(email)).toEqual(expect.any(String))
  })

  it("answers 'The code was incorrect' and counts the guess", async () => {
    const { email, bearer } = await withVerification()
    const { code } = await lastCode(email)
    const before = await authSnapshot()
    expectError(await check(bearer, wrong(code)), 422, MESSAGES.codeIncorrect)
    expect(await verifiedAt(email)).toBeNull()
    expect(await authSnapshot()).toEqual(before)
    expect((await check(bearer, code)).status).toBe(200)
  })

  it("after 5 wrong codes even the right one answers 'Unable to verify your email address'", async () => {
    const { email, bearer } = await withVerification()
    const { code } = await lastCode(email)
    for (let n = 1; n <= 5; n++) {
      expectError(await check(bearer, wrong(code, n)), 422, MESSAGES.codeIncorrect)
    }
    const before = await snapshot()
    expectError(await check(bearer, code), 422, MESSAGES.emailVerifyFailed)
    expectError(await check(bearer, wrong(code, 6)), 422, MESSAGES.emailVerifyFailed)
    expect(await snapshot()).toEqual(before)
    expect(await verifiedAt(email)).toBeNull()
  })

  it('never counts more than 5 of 10 concurrent wrong codes', async () => {
    const { email, bearer } = await withVerification()
    const { code } = await lastCode(email)
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => check(bearer, wrong(code, i + 1)))
    )
    expect(results.every((r) => r.status === 422)).toBe(true)
    const attempts = await env.DB.prepare(
      `select attempts from verification_codes v join customers c on c.id = v.customer_id
       where c.email = ?1`
    )
      .bind(email)
      .first<{ attempts: number }>()
    expect(attempts?.attempts).toBe(5)
    expectError(await check(bearer, code), 422, MESSAGES.emailVerifyFailed)
  })

  it("refuses an expired code with 'Unable to verify your email address'", async () => {
    const { email, bearer, tokens } = await withVerification()
    const customerId = tokens.customerId ?? 0
    await issueEmailVerificationCode(depsAt(new Date(Date.now() - 31 * 60 * 1000)), {
      businessId: BUSINESS_ID,
      customerId,
      email,
      firstName: 'Ada',
    })
    const { code } = await lastCode(email)
    const before = await snapshot()
    expectError(await check(bearer, code), 422, MESSAGES.emailVerifyFailed)
    expect(await snapshot()).toEqual(before)
  })

  it('needs a signed-in member', async () => {
    const { email } = await withVerification()
    const { code } = await lastCode(email)
    const guest = tokensOf(await call('/oauth/token', { grant_type: 'guest', businessId: 1 }))
    const before = await snapshot()
    expectError(await check(undefined, code), 401, MESSAGES.loginRequired)
    expectError(await check(guest.access_token, code), 403, MESSAGES.loginRequired)
    expect(await snapshot()).toEqual(before)
  })

  it("does not accept another member's code", async () => {
    const first = await withVerification()
    const second = await withVerification()
    const firstCode = (await lastCode(first.email)).code
    const secondCode = (await lastCode(second.email)).code
    if (firstCode !== secondCode) {
      expectError(await check(second.bearer, firstCode), 422, MESSAGES.codeIncorrect)
    }
    expect(await verifiedAt(second.email)).toBeNull()
  })
})

describe('requesting a verification code', () => {
  it('emails a new code for 30 minutes; the older code stops working', async () => {
    const { email, bearer } = await withVerification()
    const older = (await lastCode(email)).code
    const started = Date.now()
    const result = await request(bearer)
    expect(result.status, JSON.stringify(result.json)).toBe(200)
    const answer = VerificationCodeRequestedSchema.parse(result.json)
    expect(answer.emailVerified).toBe(false)
    const ttl = Date.parse(answer.expiresAt ?? '') - started
    expect(ttl).toBeGreaterThan(29 * 60 * 1000)
    expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000 + 5000)
    const newer = await lastCode(email)
    expect(newer.count).toBe(2)
    if (older !== newer.code) {
      expectError(await check(bearer, older), 422, MESSAGES.codeIncorrect)
    }
    expect((await check(bearer, newer.code)).status).toBe(200)
    expect(await verifiedAt(email)).toEqual(expect.any(String))
  })

  it('sends nothing when the email is already verified', async () => {
    const { email, bearer } = await withVerification()
    expect((await check(bearer, (await lastCode(email)).code)).status).toBe(200)
    const before = await snapshot()
    const result = await request(bearer)
    expect(result).toEqual({ status: 200, json: { emailVerified: true } })
    expect(await snapshot()).toEqual(before)
    expect(await verifiedAt(email)).toEqual(expect.any(String))
  })

  it("refuses a failed robot check with 'Unable to request verification code'", async () => {
    const { bearer } = await withVerification()
    const before = await snapshot()
    expectError(await request(bearer, 'not-a-person'), 422, MESSAGES.verificationCodeFailed)
    expect(await snapshot()).toEqual(before)
  })

  it('needs a signed-in member', async () => {
    const guest = tokensOf(await call('/oauth/token', { grant_type: 'guest', businessId: 1 }))
    const before = await snapshot()
    expectError(await request(undefined), 401, MESSAGES.loginRequired)
    expectError(await request(guest.access_token), 403, MESSAGES.loginRequired)
    expect(await snapshot()).toEqual(before)
  })

  it("answers 'Unable to request verification code' when the email cannot be sent", async () => {
    const { tokens } = await withVerification()
    const caller: Caller = {
      kind: 'member',
      businessId: BUSINESS_ID,
      customerId: tokens.customerId ?? 0,
      familyId: 'test-family',
    }
    const failing = {
      ...depsAt(new Date()),
      messenger: { send: () => Promise.reject(new Error('provider down')) },
    }
    const before = await snapshot()
    await expect(requestEmailVerification(failing, caller)).rejects.toMatchObject({
      code: 'upstream_error',
      message: MESSAGES.verificationCodeFailed,
    })
    expect(await snapshot()).toEqual(before)
  })
})

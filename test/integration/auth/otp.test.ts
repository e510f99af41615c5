import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { OtpSentSchema, type OtpSent } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { sendOtp } from '../../../worker/backend/auth/otp.ts'
import {
  authSnapshot,
  BUSINESS_ID,
  call,
  depsAt,
  expectError,
  freshIp,
  registerMember,
  seedCatalogue,
  testEnv,
  tokensOf,
  uniqueEmail,
  whoami,
} from './fixtures.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { callBackend } from '../../support/workers/requests.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

/** The auth snapshot plus the one-time codes (attempts and use) and their messages. */
async function snapshot(): Promise<Record<string, unknown>> {
  const row = await env.DB.prepare(
    `select count(*) as n,
       group_concat(id || ':' || attempts || ':' || coalesce(consumed_at, ''), '|') as v
     from otp_codes`
  ).first()
  return { ...(await authSnapshot()), otp_codes: row }
}

async function send(body: Record<string, unknown>): Promise<OtpSent> {
  const result = await call('/auth/otp/send', { businessId: BUSINESS_ID, type: 'login', ...body })
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  return OtpSentSchema.parse(result.json)
}

async function lastOtpMessage(
  recipient: string
): Promise<{ channel: string; code: string; count: number }> {
  const { results } = await env.DB.prepare(
    `select channel, payload_json from outbox
     where recipient = ?1 and template = 'one_time_password' order by id desc`
  )
    .bind(recipient)
    .all<{ channel: string; payload_json: string }>()
  const [last] = results
  if (!last) throw new Error(`no one-time password sent to ${recipient}`)
  const { code } = JSON.parse(last.payload_json) as { code: string }
  return { channel: last.channel, code, count: results.length }
}

const grant = (requestId: string, code: string) =>
  call('/oauth/token', { grant_type: 'otp', businessId: BUSINESS_ID, requestId, code })

const attemptsOf = async (requestId: string) =>
  (
    await env.DB.prepare(`select attempts from otp_codes where request_id = ?1`)
      .bind(requestId)
      .first<{ attempts: number }>()
  )?.attempts

/** A code that is not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0')

describe('sending a one-time password', () => {
  it('emails a member a six-digit code for 10 minutes, stored only as an HMAC', async () => {
    const { email } = await registerMember()
    const started = Date.now()
    const sent = await send({ email, channel: 'email' })
    expect(sent.channel).toBe('email')
    const ttl = Date.parse(sent.expiresAt) - started
    expect(ttl).toBeGreaterThan(9 * 60 * 1000)
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000 + 5000)
    const message = await lastOtpMessage(email)
    expect(message.channel).toBe('email')
    expect(message.code).toMatch(/^\d{6}$/)
    const stored = await env.DB.prepare(
      `select code_hash, destination, channel, attempts, max_attempts from otp_codes
       where request_id = ?1`
    )
      .bind(sent.requestId)
      .first<{ code_hash: string; destination: string }>()
    expect(stored).toMatchObject({
      destination: email,
      channel: 'email',
      attempts: 0,
      max_attempts: 5,
    })
    expect(stored?.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored?.code_hash).not.toContain(message.code)
  })

  it('answers an unknown email exactly like a member, storing and sending nothing', async () => {
    const { email } = await registerMember()
    const known = await send({ email, channel: 'email' })
    const before = await snapshot()
    const unknown = await send({ email: uniqueEmail('nobody'), channel: 'email' })
    expect(await snapshot()).toEqual(before)
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(known).sort())
    expect(unknown.channel).toBe(known.channel)
    expect(unknown.requestId).toHaveLength(known.requestId.length)
    expect(Math.abs(Date.parse(unknown.expiresAt) - Date.parse(known.expiresAt))).toBeLessThan(5000)
    // A request id nobody was sent a code for signs nobody in.
    expectError(await grant(unknown.requestId, '123456'), 401, MESSAGES.otpIncorrect)
  })

  it("texts the code to the member's phone, found by email or by phone", async () => {
    const { email } = await registerMember({ phone: '07700 900555' })
    await send({ email, channel: 'sms' })
    const byEmail = await lastOtpMessage('+447700900555')
    expect(byEmail.channel).toBe('sms')
    const sent = await send({ phone: '+44 7700 900555', channel: 'sms' })
    const byPhone = await lastOtpMessage('+447700900555')
    expect(byPhone.count).toBe(2)
    expect(tokensOf(await grant(sent.requestId, byPhone.code)).kind).toBe('member')
  })

  it('sends nothing to a phone two members share, or by sms to a member without a phone', async () => {
    await registerMember({ phone: '07700 900777' })
    await registerMember({ phone: '07700 900777' })
    const { email } = await registerMember({ phone: '' })
    const before = await snapshot()
    await send({ phone: '07700 900777', channel: 'sms' })
    await send({ email, channel: 'sms' })
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a body without exactly one of email and phone', async () => {
    const { email } = await registerMember()
    const before = await snapshot()
    const both = await call('/auth/otp/send', {
      businessId: BUSINESS_ID,
      email,
      phone: '07700 900123',
      channel: 'email',
      type: 'login',
    })
    expect(both.status).toBe(422)
    const neither = await call('/auth/otp/send', { businessId: BUSINESS_ID, channel: 'email' })
    expect(neither.status).toBe(422)
    const badChannel = await call('/auth/otp/send', {
      businessId: BUSINESS_ID,
      email,
      channel: 'fax',
    })
    expect(badChannel.status).toBe(422)
    expect(await snapshot()).toEqual(before)
  })

  it("answers 'Unable to send one time password code at this moment' when a member's message fails", async () => {
    const { email } = await registerMember()
    const failing = {
      ...depsAt(new Date()),
      messenger: { send: () => Promise.reject(new Error('provider down')) },
    }
    const before = await snapshot()
    await expect(
      sendOtp(failing, { businessId: BUSINESS_ID, email, channel: 'email', type: 'login' })
    ).rejects.toMatchObject({ code: 'upstream_error', message: MESSAGES.otpSendFailed })
    expect(await snapshot()).toEqual(before)
    // Nobody to send to: the failing messenger is never asked, the answer is the usual one.
    const unknown = await sendOtp(failing, {
      businessId: BUSINESS_ID,
      email: uniqueEmail('nobody'),
      channel: 'email',
      type: 'login',
    })
    expect(OtpSentSchema.parse(unknown).channel).toBe('email')
  })

  it('limits sends per email with 429, whatever the IP', async () => {
    const { email } = await registerMember()
    // The binding's window never turns over here, so the 21 sends are one window at any hour.
    const bindings: Env = {
      ...testEnv,
      AUTH_LIMITER: countingLimiter(WRANGLER_LIMITS.AUTH_LIMITER),
    }
    const statuses: Array<number> = []
    for (let i = 0; i < 21; i++) {
      const result = await callBackend(
        '/auth/otp/send',
        { businessId: BUSINESS_ID, email, channel: 'email', type: 'login' },
        { ip: freshIp(), bindings }
      )
      statuses.push(result.status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})

describe('signing in with a one-time password', () => {
  it('signs the member in once with the right code', async () => {
    const { email, tokens: registered } = await registerMember()
    const sent = await send({ email, channel: 'email' })
    const { code } = await lastOtpMessage(email)
    const tokens = tokensOf(await grant(sent.requestId, code))
    expect(tokens).toMatchObject({ kind: 'member', customerId: registered.customerId })
    expect(((await whoami(tokens.access_token)).json as { customerId: number }).customerId).toBe(
      registered.customerId
    )
    // Single use: the same code again is refused and changes nothing.
    const before = await snapshot()
    expectError(await grant(sent.requestId, code), 401, MESSAGES.otpIncorrect)
    expect(await snapshot()).toEqual(before)
  })

  it('counts a wrong code and refuses it without signing anyone in', async () => {
    const { email } = await registerMember()
    const sent = await send({ email, channel: 'email' })
    const { code } = await lastOtpMessage(email)
    const before = await authSnapshot()
    expectError(await grant(sent.requestId, wrong(code)), 401, MESSAGES.otpIncorrect)
    expect(await attemptsOf(sent.requestId)).toBe(1)
    expect(await authSnapshot()).toEqual(before)
    // Four guesses left: the right code still works.
    expect(tokensOf(await grant(sent.requestId, code)).kind).toBe('member')
  })

  it('kills the code after 5 wrong guesses: then even the right code fails', async () => {
    const { email } = await registerMember()
    const sent = await send({ email, channel: 'email' })
    const { code } = await lastOtpMessage(email)
    const before = await authSnapshot()
    for (let n = 1; n <= 5; n++) {
      expectError(await grant(sent.requestId, wrong(code, n)), 401, MESSAGES.otpIncorrect)
    }
    expect(await attemptsOf(sent.requestId)).toBe(5)
    expectError(await grant(sent.requestId, code), 401, MESSAGES.otpIncorrect)
    expectError(await grant(sent.requestId, wrong(code, 6)), 401, MESSAGES.otpIncorrect)
    expect(await attemptsOf(sent.requestId)).toBe(5)
    expect(await authSnapshot()).toEqual(before)
  })

  it('never counts more than 5 of 10 concurrent wrong guesses, and the code is dead', async () => {
    const { email } = await registerMember()
    const sent = await send({ email, channel: 'email' })
    const { code } = await lastOtpMessage(email)
    const before = await authSnapshot()
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => grant(sent.requestId, wrong(code, i + 1)))
    )
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 401))
    expect(await attemptsOf(sent.requestId)).toBe(5)
    expectError(await grant(sent.requestId, code), 401, MESSAGES.otpIncorrect)
    expect(await authSnapshot()).toEqual(before)
  })

  it('lets only one of two concurrent right codes sign in', async () => {
    const { email } = await registerMember()
    const sent = await send({ email, channel: 'email' })
    const { code } = await lastOtpMessage(email)
    const results = await Promise.all([grant(sent.requestId, code), grant(sent.requestId, code)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
  })

  it('refuses an expired code', async () => {
    const { email } = await registerMember()
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000)
    const sent = await sendOtp(depsAt(elevenMinutesAgo), {
      businessId: BUSINESS_ID,
      email,
      channel: 'email',
      type: 'login',
    })
    const { code } = await lastOtpMessage(email)
    const before = await snapshot()
    expectError(await grant(sent.requestId, code), 401, MESSAGES.otpIncorrect)
    expect(await snapshot()).toEqual(before)
  })

  it('binds the code to its request: the code of one request fails with another', async () => {
    const { email: first } = await registerMember()
    const { email: second } = await registerMember()
    const sentFirst = await send({ email: first, channel: 'email' })
    await send({ email: second, channel: 'email' })
    const secondCode = (await lastOtpMessage(second)).code
    const firstCode = (await lastOtpMessage(first)).code
    if (secondCode !== firstCode) {
      expectError(await grant(sentFirst.requestId, secondCode), 401, MESSAGES.otpIncorrect)
    }
    expect(tokensOf(await grant(sentFirst.requestId, firstCode)).kind).toBe('member')
  })

  it("retires a member's older code when a new one is sent", async () => {
    const { email } = await registerMember()
    const older = await send({ email, channel: 'email' })
    const olderCode = (await lastOtpMessage(email)).code
    const newer = await send({ email, channel: 'email' })
    const newerCode = (await lastOtpMessage(email)).code
    expectError(await grant(older.requestId, olderCode), 401, MESSAGES.otpIncorrect)
    expect(tokensOf(await grant(newer.requestId, newerCode)).kind).toBe('member')
  })

  it('refuses a code that is not six digits before counting it', async () => {
    const { email } = await registerMember()
    const sent = await send({ email, channel: 'email' })
    const before = await snapshot()
    const result = await grant(sent.requestId, '12345')
    expect(result.status).toBe(422)
    expect(await snapshot()).toEqual(before)
  })
})

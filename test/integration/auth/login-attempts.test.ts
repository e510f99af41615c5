import { createScheduledController, env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  LOGIN_FAILURES_PER_WINDOW_MAX,
  PASSWORD_ATTEMPTS_LOCKED_REASON,
} from '../../../schemas/constants.ts'
import { MESSAGES, passwordAttemptsLockedMessage } from '../../../schemas/messages.ts'
import { loginIdentifierHash } from '../../../worker/backend/auth/login-attempts.ts'
import { backend } from '../../../worker/local-backend.ts'
import worker from '../../../worker/index.ts'
import {
  BUSINESS_ID,
  call,
  type Call,
  post,
  PASSWORD,
  registerMember,
  seedCatalogue,
  TEST_SECRETS,
  testEnv,
  tokensOf,
  uniqueEmail,
} from './fixtures.ts'

// Password guessing (ADR 009): an hourly, escalating limit per account in D1. The app clock is
// the test's faked Date (test/setup/pin-clock.ts); tests move it with vi.setSystemTime.

const MINUTE = 60_000
const NEW_PASSWORD = 'a brand new passphrase'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

afterEach(() => {
  vi.restoreAllMocks()
})

const login = (username: string, password: string) =>
  call('/oauth/token', { grant_type: 'password', businessId: BUSINESS_ID, username, password })

// The per-minute AUTH_LIMITER (20 per email) lifted, to see the hourly limit alone.
const unlimitedEnv: Env = {
  ...testEnv,
  AUTH_LIMITER: { limit: () => Promise.resolve({ success: true }) },
}

/** {@link login} without the per-minute limiter. */
async function loginUnlimited(username: string, password: string): Promise<Call> {
  const res = await backend.request(
    '/oauth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', businessId: BUSINESS_ID, username, password }),
    },
    unlimitedEnv
  )
  return { status: res.status, json: await res.json() }
}

/** Moves the app clock on (the pinned clock only ever moves forward within a test). */
function advance(ms: number): void {
  vi.setSystemTime(Date.now() + ms)
}

/** Everything a caller sees of an answer but its request id. */
async function answerOf(res: Response) {
  const body = (await res.json()) as { error?: Record<string, unknown> }
  if (body.error) delete body.error.requestId
  return {
    status: res.status,
    body,
    retryAfter: res.headers.get('retry-after'),
    contentType: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
  }
}

function expectLocked(result: Call, waitSeconds: number): void {
  expect(result.status).toBe(429)
  expect(result.json).toMatchObject({
    error: {
      code: 'rate_limited',
      message: passwordAttemptsLockedMessage(waitSeconds),
      details: { retryAfterSeconds: waitSeconds, reason: PASSWORD_ATTEMPTS_LOCKED_REASON },
    },
  })
}

/** Failed password checks stored for an email, at instants (ms) of our choosing. */
async function seedFailures(email: string, instants: ReadonlyArray<number>): Promise<void> {
  const hash = await loginIdentifierHash(TEST_SECRETS.AUTH_PEPPER, email)
  await env.DB.batch(
    instants.map((at) =>
      env.DB.prepare(
        'insert into login_failures (business_id, identifier_hash, failed_at) values (?1, ?2, ?3)'
      ).bind(BUSINESS_ID, hash, new Date(at).toISOString())
    )
  )
}

async function failuresOf(email: string): Promise<number> {
  const hash = await loginIdentifierHash(TEST_SECRETS.AUTH_PEPPER, email)
  const row = await env.DB.prepare(
    'select count(*) as n from login_failures where business_id = ?1 and identifier_hash = ?2'
  )
    .bind(BUSINESS_ID, hash)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('failed password checks per account', () => {
  it('locks after five failures for a minute, before any password is hashed, right or wrong', async () => {
    const { email } = await registerMember()
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits')
    const passwordHashes = () =>
      deriveBits.mock.calls.filter(([algorithm]) => {
        const name = typeof algorithm === 'string' ? algorithm : algorithm.name
        return name === 'PBKDF2'
      }).length
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong ${i}`)).status).toBe(401)
    const hashed = passwordHashes()
    expect(hashed).toBeGreaterThanOrEqual(5)
    expectLocked(await login(email, 'wrong again'), 60)
    expectLocked(await login(email, PASSWORD), 60)
    expect(passwordHashes()).toBe(hashed)
    // Five failures are kept, the refused attempts are not counted.
    expect(await failuresOf(email)).toBe(5)
    const res = await post('/oauth/token', {
      grant_type: 'password',
      businessId: BUSINESS_ID,
      username: email,
      password: PASSWORD,
    })
    expect(res.headers.get('retry-after')).toBe('60')
  })

  it('escalates: 1 minute from the 5th failure, 5 from the 10th, 15 from the 20th', async () => {
    const { email } = await registerMember()
    for (let i = 0; i < 5; i++) await loginUnlimited(email, 'wrong')
    for (let failures = 5; failures < 20; failures++) {
      const wait = failures >= 10 ? 300 : 60
      advance(wait * 1000 - 2000)
      expect((await loginUnlimited(email, 'wrong')).status, `after ${failures}`).toBe(429)
      advance(2000)
      expect((await loginUnlimited(email, 'wrong')).status, `after ${failures}`).toBe(401)
    }
    expectLocked(await loginUnlimited(email, 'wrong'), 900)
    advance(15 * MINUTE)
    // The wait is over: the right password works and forgets the failures.
    tokensOf(await loginUnlimited(email, PASSWORD))
    expect(await failuresOf(email)).toBe(0)
  })

  it('answers an unknown email exactly as an existing one, lock included', async () => {
    const { email } = await registerMember()
    const unknown = uniqueEmail('nobody')
    const attempt = (username: string) =>
      post('/oauth/token', {
        grant_type: 'password',
        businessId: BUSINESS_ID,
        username,
        password: 'wrong password',
      })
    for (let i = 0; i < 7; i++) {
      const known = await answerOf(await attempt(email))
      expect(await answerOf(await attempt(unknown))).toEqual(known)
      expect(known.status).toBe(i < 5 ? 401 : 429)
    }
    advance(MINUTE)
    const known = await answerOf(await attempt(email))
    expect(known.status).toBe(401)
    expect(await answerOf(await attempt(unknown))).toEqual(known)
  })

  it('counts concurrent guesses one after another: a burst gets five checks, no more', async () => {
    const { email } = await registerMember()
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(email, `wrong ${i}`))
    )
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
  })

  it('allows the 100th failure within an hour and refuses the 101st until the oldest is an hour old', async () => {
    const { email } = await registerMember()
    const now = Date.now()
    // 99 failures between 40 and 16 minutes ago: more than the schedule allows, but the cap of
    // 100 an hour must hold whatever the schedule says.
    const seeded = Array.from(
      { length: LOGIN_FAILURES_PER_WINDOW_MAX - 1 },
      (_, i) => now - 40 * MINUTE + Math.round((i * 24 * MINUTE) / 98)
    )
    await seedFailures(email, seeded)
    // The 15-minute wait after the latest is over: the 100th check is allowed (and fails).
    expect((await login(email, 'wrong')).status).toBe(401)
    advance(15 * MINUTE + 1000)
    // The wait after the 100th is over too, but the hour holds 100: not until 40 minutes ago is
    // an hour ago, 20 minutes after the start.
    const full = await login(email, PASSWORD)
    expect(full.status).toBe(429)
    const wait = (full.json as { error: { details: { retryAfterSeconds: number } } }).error.details
      .retryAfterSeconds
    expect(wait).toBeGreaterThanOrEqual(298)
    expect(wait).toBeLessThanOrEqual(300)
    advance(wait * 1000)
    // The oldest has left the hour: one check is allowed again, and the right password works.
    tokensOf(await login(email, PASSWORD))
  })

  it('rolls over: failures older than an hour no longer count', async () => {
    const { email } = await registerMember()
    const now = Date.now()
    await seedFailures(
      email,
      Array.from({ length: 30 }, (_, i) => now - 70 * MINUTE + i * 10_000)
    )
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).status).toBe(401)
    expectLocked(await login(email, 'wrong'), 60)
  })

  it('starts afresh after the right password (consecutive failures count)', async () => {
    const { email } = await registerMember()
    for (let i = 0; i < 4; i++) await login(email, 'wrong')
    tokensOf(await login(email, PASSWORD))
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong')).status).toBe(401)
    expect((await login(email, 'wrong')).status).toBe(429)
  })

  it('keeps each business its own: a lock at one business is not a lock at another', async () => {
    const email = uniqueEmail('two-shops')
    await seedFailures(
      email,
      Array.from({ length: 20 }, () => Date.now() - MINUTE)
    )
    expect((await login(email, 'wrong')).status).toBe(429)
    const other = await call('/oauth/token', {
      grant_type: 'password',
      businessId: 2,
      username: email,
      password: 'wrong',
    })
    expect(other.status).not.toBe(429)
  })
})

describe('the owner still gets in while password sign-in is locked', () => {
  async function locked(): Promise<string> {
    const { email } = await registerMember()
    for (let i = 0; i < 20; i++) await seedFailures(email, [Date.now() - MINUTE])
    expect((await login(email, PASSWORD)).status).toBe(429)
    return email
  }

  it('signs in with a one-time code', async () => {
    const email = await locked()
    const sent = await call('/auth/otp/send', {
      businessId: BUSINESS_ID,
      type: 'login',
      email,
      channel: 'email',
    })
    expect(sent.status).toBe(200)
    const { requestId } = sent.json as { requestId: string }
    const row = await env.DB.prepare(
      `select payload_json from outbox where recipient = ?1 and template = 'one_time_password'
       order by id desc limit 1`
    )
      .bind(email)
      .first<{ payload_json: string }>()
    const { code } = JSON.parse(row?.payload_json ?? '{}') as { code: string }
    tokensOf(
      await call('/oauth/token', { grant_type: 'otp', businessId: BUSINESS_ID, requestId, code })
    )
  })

  it('resets the password, which unlocks password sign-in', async () => {
    const email = await locked()
    await call('/auth/reset-password/request', { businessId: BUSINESS_ID, email })
    const mail = await env.DB.prepare(
      `select payload_json from outbox where recipient = ?1 and template = 'password_reset'
       order by id desc limit 1`
    )
      .bind(email)
      .first<{ payload_json: string }>()
    const { resetToken } = JSON.parse(mail?.payload_json ?? '{}') as { resetToken: string }
    const reset = await call('/auth/reset-password', {
      businessId: BUSINESS_ID,
      resetToken,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      logoutFromAll: true,
    })
    expect(reset.status).toBe(200)
    expect(await failuresOf(email)).toBe(0)
    tokensOf(await login(email, NEW_PASSWORD))
  })
})

describe("change password's current-password check", () => {
  it('counts against the same account as sign-in, and is refused while it is locked', async () => {
    const { email, tokens } = await registerMember()
    const change = (currentPassword: string) =>
      call(
        '/auth/change-password',
        { businessId: BUSINESS_ID, currentPassword, password: NEW_PASSWORD },
        { bearer: tokens.access_token }
      )
    for (let i = 0; i < 3; i++) await login(email, 'wrong')
    for (let i = 0; i < 2; i++) {
      const wrong = await change('wrong')
      expect(wrong.status).toBe(422)
      expect(wrong.json).toMatchObject({ error: { message: MESSAGES.currentPasswordIncorrect } })
    }
    expectLocked(await change(PASSWORD), 60)
    expectLocked(await login(email, PASSWORD), 60)
    advance(MINUTE)
    tokensOf(await change(PASSWORD))
    expect(await failuresOf(email)).toBe(0)
  })
})

describe('clean-up', () => {
  it('the cron deletes failures older than an hour and keeps the rest', async () => {
    const email = uniqueEmail('sweep')
    const now = Date.now()
    await seedFailures(email, [now - 3 * 60 * MINUTE, now - 61 * MINUTE, now - 59 * MINUTE, now])
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), env)
    expect(await failuresOf(email)).toBe(2)
  })
})

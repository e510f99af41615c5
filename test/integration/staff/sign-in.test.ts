import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { StaffChallengeSchema, StaffProfileSchema } from '../../../schemas/staff.ts'
import { backend } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import {
  BUSINESS_ID,
  call,
  codeStep,
  errorOf,
  expectError,
  lastMessage,
  me,
  PASSWORD,
  passwordStep,
  seedCatalogue,
  seedStaff,
  signIn,
  staffTokensOf,
} from './fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

const challengeOf = (result: { status: number; json: unknown }) => {
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  return StaffChallengeSchema.parse(result.json)
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('staff sign-in: password, then an emailed code', () => {
  it('signs a store manager in and answers their profile with their stores', async () => {
    const manager = await seedStaff({ roles: [{ storeId: 1, role: 'store_manager' }] })
    const { challengeId } = challengeOf(await passwordStep(manager.email))
    const { code = '' } = await lastMessage(manager.email, 'staff_sign_in_code')
    expect(code).toMatch(/^\d{6}$/)
    const stored = await env.DB.prepare(
      `select code_hash from staff_sign_in_codes where challenge_id = ?1`
    )
      .bind(challengeId)
      .first<{ code_hash: string }>()
    // Stored as an HMAC bound to the challenge, never the code.
    expect(stored?.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored?.code_hash).not.toContain(code)

    const tokens = staffTokensOf(await codeStep(challengeId, code))
    expect(tokens.staffId).toBe(manager.id)
    const profile = await me(tokens.access_token)
    expect(profile.status).toBe(200)
    expect(StaffProfileSchema.parse(profile.json)).toMatchObject({
      staffId: manager.id,
      operator: false,
      stores: [{ storeId: 1, role: 'store_manager' }],
    })
  })

  it('answers a wrong password, an unknown email, an invited and a deactivated account alike, sending no code', async () => {
    const active = await seedStaff()
    const invited = await seedStaff({ status: 'invited' })
    const deactivated = await seedStaff({ status: 'deactivated' })
    const refusals = [
      await passwordStep(active.email, 'not the password'),
      await passwordStep('nobody.on.staff@example.com'),
      await passwordStep(invited.email),
      await passwordStep(deactivated.email),
    ]
    for (const refusal of refusals) expectError(refusal, 401, MESSAGES.loginFailed)
    expect(new Set(refusals.map((r) => JSON.stringify(errorOf(r)))).size).toBe(1)
    const sent = await env.DB.prepare(
      `select count(*) as n from outbox where template = 'staff_sign_in_code'
       and recipient in (?1, ?2, ?3)`
    )
      .bind(active.email, invited.email, deactivated.email)
      .first<{ n: number }>()
    expect(sent?.n).toBe(0)
  })

  it('refuses a member of staff of another business', async () => {
    const staff = await seedStaff()
    expectError(await passwordStep(staff.email, PASSWORD, 2), 401, MESSAGES.loginFailed)
  })
})

describe('the sign-in code', () => {
  it('works once', async () => {
    const staff = await seedStaff()
    const { challengeId } = challengeOf(await passwordStep(staff.email))
    const { code = '' } = await lastMessage(staff.email, 'staff_sign_in_code')
    staffTokensOf(await codeStep(challengeId, code))
    expectError(await codeStep(challengeId, code), 401, MESSAGES.otpIncorrect)
  })

  it('dies at the 5th wrong code, after which the right one fails too', async () => {
    const staff = await seedStaff()
    const { challengeId } = challengeOf(await passwordStep(staff.email))
    const { code = '' } = await lastMessage(staff.email, 'staff_sign_in_code')
    for (let i = 0; i < 5; i += 1) {
      expectError(await codeStep(challengeId, wrongCode(code)), 401, MESSAGES.otpIncorrect)
    }
    expectError(await codeStep(challengeId, code), 401, MESSAGES.otpIncorrect)
  })

  it('expires after 10 minutes', async () => {
    const staff = await seedStaff()
    const { challengeId, expiresAt } = challengeOf(await passwordStep(staff.email))
    const { code = '' } = await lastMessage(staff.email, 'staff_sign_in_code')
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000 + 5000)
    await env.DB.prepare(
      `update staff_sign_in_codes set expires_at = '2000-01-01T00:00:00.000Z' where challenge_id = ?1`
    )
      .bind(challengeId)
      .run()
    expectError(await codeStep(challengeId, code), 401, MESSAGES.otpIncorrect)
  })

  it('of an older challenge stops working when a new one is sent', async () => {
    const staff = await seedStaff()
    const first = challengeOf(await passwordStep(staff.email))
    const { code = '' } = await lastMessage(staff.email, 'staff_sign_in_code')
    challengeOf(await passwordStep(staff.email))
    expectError(await codeStep(first.challengeId, code), 401, MESSAGES.otpIncorrect)
  })
})

describe('password guessing', () => {
  // The per-minute AUTH_LIMITER lifted, to see the hourly per-account lock members have.
  const unlimitedEnv: Env = {
    ...testEnv,
    AUTH_LIMITER: { limit: () => Promise.resolve({ success: true }) },
  }
  const attempt = async (email: string, password: string) => {
    const res = await backend.request(
      '/staff/auth/sign-in',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ businessId: BUSINESS_ID, email, password }),
      },
      unlimitedEnv
    )
    return { status: res.status, json: (await res.json()) as { error?: { details?: unknown } } }
  }

  it('locks the account after five wrong passwords, even for the right one, as for members', async () => {
    const staff = await seedStaff()
    for (let i = 0; i < 4; i += 1) {
      expect((await attempt(staff.email, `wrong ${i}`)).status).toBe(401)
    }
    expect((await attempt(staff.email, 'wrong 5')).status).toBe(401)
    const locked = await attempt(staff.email, PASSWORD)
    expect(locked.status).toBe(429)
    expect(locked.json.error?.details).toMatchObject({ reason: 'password_attempts_locked' })
  })

  it('counts apart from a shopper who has the same email', async () => {
    const staff = await seedStaff()
    for (let i = 0; i < 6; i += 1) {
      await call('/oauth/token', {
        grant_type: 'password',
        businessId: BUSINESS_ID,
        username: staff.email,
        password: `wrong ${i}`,
      })
    }
    expect((await attempt(staff.email, PASSWORD)).status).toBe(200)
  })
})

describe('staff sessions', () => {
  const refresh = (token: string) =>
    call('/staff/auth/token', {
      grant_type: 'refresh_token',
      businessId: BUSINESS_ID,
      refresh_token: token,
    })

  it('rotate the refresh token; reusing the old one ends the session', async () => {
    const staff = await seedStaff()
    const first = await signIn(staff.email)
    const second = staffTokensOf(await refresh(first.refresh_token))
    expect((await me(second.access_token)).status).toBe(200)
    expectError(await refresh(first.refresh_token), 401, MESSAGES.sessionExpired)
    expectError(await me(second.access_token), 401, MESSAGES.sessionExpired)
    expectError(await refresh(second.refresh_token), 401, MESSAGES.sessionExpired)
  })

  it('end at sign-out, the access token at once', async () => {
    const staff = await seedStaff()
    const tokens = await signIn(staff.email)
    const out = await call(
      '/staff/auth/sign-out',
      { businessId: BUSINESS_ID, refresh_token: tokens.refresh_token },
      { bearer: tokens.access_token }
    )
    expect(out).toEqual({ status: 200, json: { signedOut: true } })
    expectError(await me(tokens.access_token), 401, MESSAGES.sessionExpired)
    expectError(await refresh(tokens.refresh_token), 401, MESSAGES.sessionExpired)
  })
})

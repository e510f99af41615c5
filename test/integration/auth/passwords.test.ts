import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { hashPassword } from '../../../worker/backend/auth/passwords.ts'
import { resetPassword } from '../../../worker/backend/auth/service.ts'
import {
  authSnapshot,
  BUSINESS_ID,
  call,
  depsAt,
  errorOf,
  expectError,
  OTHER,
  PASSWORD,
  registerMember,
  seedCatalogue,
  TEST_SECRETS,
  tokensOf,
  uniqueEmail,
  whoami,
} from './fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

const NEW_PASSWORD = 'a brand new passphrase'

const login = (username: string, password: string) =>
  call('/oauth/token', { grant_type: 'password', businessId: BUSINESS_ID, username, password })

const refresh = (refreshToken: string) =>
  call('/oauth/token', {
    grant_type: 'refresh_token',
    businessId: BUSINESS_ID,
    refresh_token: refreshToken,
  })

async function lastResetMail(email: string): Promise<{ resetToken: string; resetPath: string }> {
  const row = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = 'password_reset'
     order by id desc limit 1`
  )
    .bind(email)
    .first<{ payload_json: string }>()
  if (!row) throw new Error(`no reset email to ${email}`)
  return JSON.parse(row.payload_json) as { resetToken: string; resetPath: string }
}

describe('change password', () => {
  it('checks the current password, ends every session and answers a fresh one', async () => {
    const { email, tokens: first } = await registerMember()
    const second = tokensOf(await login(email, PASSWORD))
    const result = await call(
      '/auth/change-password',
      { businessId: 1, currentPassword: PASSWORD, password: NEW_PASSWORD },
      { bearer: first.access_token }
    )
    const fresh = tokensOf(result)
    expect(fresh.customerId).toBe(first.customerId)
    expect((await whoami(fresh.access_token)).status).toBe(200)
    expect(tokensOf(await refresh(fresh.refresh_token)).kind).toBe('member')
    for (const old of [first, second]) {
      expectError(await whoami(old.access_token), 401, MESSAGES.sessionExpired)
      expectError(await refresh(old.refresh_token), 401, MESSAGES.sessionExpired)
    }
    expectError(await login(email, PASSWORD), 401, MESSAGES.loginFailed)
    expect(tokensOf(await login(email, NEW_PASSWORD)).kind).toBe('member')
  })

  it('refuses a wrong current password and changes nothing', async () => {
    const { email, tokens } = await registerMember()
    const before = await authSnapshot()
    const result = await call(
      '/auth/change-password',
      { businessId: 1, currentPassword: 'not my password', password: NEW_PASSWORD },
      { bearer: tokens.access_token }
    )
    expectError(result, 422, MESSAGES.currentPasswordIncorrect)
    expect(await authSnapshot()).toEqual(before)
    expect((await whoami(tokens.access_token)).status).toBe(200)
    expect(tokensOf(await login(email, PASSWORD)).kind).toBe('member')
  })

  it('needs a signed-in member: no token 401, a guest 403, logoutFromAll false refused', async () => {
    const body = { businessId: 1, currentPassword: PASSWORD, password: NEW_PASSWORD }
    expectError(await call('/auth/change-password', body), 401, MESSAGES.loginRequired)
    const guest = tokensOf(await call('/oauth/token', { grant_type: 'guest', businessId: 1 }))
    const asGuest = await call('/auth/change-password', body, { bearer: guest.access_token })
    expectError(asGuest, 403, MESSAGES.loginRequired)
    const { tokens } = await registerMember()
    const notAll = await call(
      '/auth/change-password',
      { ...body, logoutFromAll: false },
      { bearer: tokens.access_token }
    )
    expect(notAll.status).toBe(422)
  })
})

describe('reset password', () => {
  it('answers the same for a known and an unknown email; only the member gets a link', async () => {
    const { email } = await registerMember()
    const unknownEmail = uniqueEmail('nobody')
    const known = await call('/auth/reset-password/request', { businessId: 1, email })
    const unknown = await call('/auth/reset-password/request', {
      businessId: 1,
      email: unknownEmail,
    })
    expect(known).toEqual({
      status: 200,
      json: { accepted: true, message: MESSAGES.resetLinkSent },
    })
    expect(unknown).toEqual(known)
    const mail = await lastResetMail(email)
    // The business, then 32 random bytes: the link finds its business alone (ADR 063).
    expect(mail.resetToken).toMatch(/^1\.[A-Za-z0-9_-]{43}$/)
    expect(mail.resetPath).toBe(`/member/reset-token/${mail.resetToken}`)
    const unknownMail = await env.DB.prepare(
      'select count(*) as n from outbox where recipient = ?1'
    )
      .bind(unknownEmail)
      .first<{ n: number }>()
    expect(unknownMail?.n).toBe(0)
    // Stored as a hash only.
    const plain = await env.DB.prepare(
      'select count(*) as n from password_reset_codes where token_hash = ?1'
    )
      .bind(mail.resetToken)
      .first<{ n: number }>()
    expect(plain?.n).toBe(0)
  })

  it('validates, resets once, and refuses the same link again', async () => {
    const { email, tokens } = await registerMember()
    await call('/auth/reset-password/request', { businessId: 1, email })
    const { resetToken } = await lastResetMail(email)

    const valid = await call('/auth/reset-password/validate', { businessId: 1, resetToken })
    expect(valid).toMatchObject({ status: 200, json: { valid: true } })
    const other = await call('/auth/reset-password/validate', {
      businessId: OTHER.businessId,
      resetToken,
    })
    expectError(other, 404, MESSAGES.resetLinkInvalid)

    const reset = await call('/auth/reset-password', {
      businessId: 1,
      resetToken,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(reset).toEqual({ status: 200, json: { passwordReset: true } })
    expect(tokensOf(await login(email, NEW_PASSWORD)).kind).toBe('member')
    // Without logoutFromAll the other sessions go on.
    expect((await whoami(tokens.access_token)).status).toBe(200)

    const before = await authSnapshot()
    const reused = await call('/auth/reset-password', {
      businessId: 1,
      resetToken,
      password: 'yet another passphrase',
    })
    expectError(reused, 404, MESSAGES.resetLinkInvalid)
    expectError(
      await call('/auth/reset-password/validate', { businessId: 1, resetToken }),
      404,
      MESSAGES.resetLinkInvalid
    )
    expect(await authSnapshot()).toEqual(before)
    expect(tokensOf(await login(email, NEW_PASSWORD)).kind).toBe('member')
  })

  it('sets one password when the same link is used twice at once', async () => {
    const { email } = await registerMember()
    await call('/auth/reset-password/request', { businessId: 1, email })
    const { resetToken } = await lastResetMail(email)
    const results = await Promise.all(
      ['first new passphrase', 'second new passphrase'].map((password) =>
        call('/auth/reset-password', { businessId: 1, resetToken, password })
      )
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 404])
    const winner = results[0]?.status === 200 ? 'first new passphrase' : 'second new passphrase'
    expect(tokensOf(await login(email, winner)).kind).toBe('member')
  })

  it('with logoutFromAll ends every session', async () => {
    const { email, tokens } = await registerMember()
    await call('/auth/reset-password/request', { businessId: 1, email })
    const { resetToken } = await lastResetMail(email)
    const reset = await call('/auth/reset-password', {
      businessId: 1,
      resetToken,
      password: NEW_PASSWORD,
      logoutFromAll: true,
    })
    expect(reset.status).toBe(200)
    expectError(await whoami(tokens.access_token), 401, MESSAGES.sessionExpired)
    expectError(await refresh(tokens.refresh_token), 401, MESSAGES.sessionExpired)
  })

  it('only the latest link works, and a link stops working after an hour', async () => {
    const { email } = await registerMember()
    await call('/auth/reset-password/request', { businessId: 1, email })
    const first = (await lastResetMail(email)).resetToken
    await call('/auth/reset-password/request', { businessId: 1, email })
    const second = (await lastResetMail(email)).resetToken
    expectError(
      await call('/auth/reset-password/validate', { businessId: 1, resetToken: first }),
      404,
      MESSAGES.resetLinkInvalid
    )
    const before = await authSnapshot()
    const late = depsAt(new Date(Date.now() + 61 * 60_000))
    await expect(
      resetPassword(late, {
        businessId: 1,
        resetToken: second,
        password: NEW_PASSWORD,
        logoutFromAll: false,
      })
    ).rejects.toMatchObject({ status: 404, message: MESSAGES.resetLinkInvalid })
    expect(await authSnapshot()).toEqual(before)
  })

  it('refuses a mismatched confirmation and a short password, keeping the link', async () => {
    const { email } = await registerMember()
    await call('/auth/reset-password/request', { businessId: 1, email })
    const { resetToken } = await lastResetMail(email)
    const before = await authSnapshot()
    const mismatch = await call('/auth/reset-password', {
      businessId: 1,
      resetToken,
      password: NEW_PASSWORD,
      confirmPassword: 'something else',
    })
    expectError(mismatch, 422, MESSAGES.passwordsDoNotMatch)
    const short = await call('/auth/reset-password', {
      businessId: 1,
      resetToken,
      password: 'short',
    })
    expectError(short, 422, MESSAGES.passwordTooShort)
    expect(await authSnapshot()).toEqual(before)
  })
})

describe('password storage', () => {
  it('raises the cost of an old cheaper hash when the member signs in', async () => {
    const { email, tokens } = await registerMember()
    const cheap = await hashPassword(PASSWORD, TEST_SECRETS.AUTH_PEPPER, 1_000)
    await env.DB.prepare('update customers set password_hash = ?1 where id = ?2')
      .bind(cheap, tokens.customerId)
      .run()
    expect(tokensOf(await login(email, PASSWORD)).kind).toBe('member')
    const row = await env.DB.prepare('select password_hash from customers where id = ?1')
      .bind(tokens.customerId)
      .first<{ password_hash: string }>()
    expect(row?.password_hash).toMatch(/^pbkdf2-sha512\$100000\$/)
    expect(tokensOf(await login(email, PASSWORD)).kind).toBe('member')
  })

  it('needs the pepper: the stored hash alone does not verify under another pepper', async () => {
    const { email } = await registerMember()
    const res = await call('/oauth/token', {
      grant_type: 'password',
      businessId: 1,
      username: email,
      password: PASSWORD,
    })
    expect(res.status).toBe(200)
    const { backend } = await import('../../../worker/local-backend.ts')
    const other = await backend.request(
      '/oauth/token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.99' },
        body: JSON.stringify({
          grant_type: 'password',
          businessId: 1,
          username: email,
          password: PASSWORD,
        }),
      },
      { ...env, ...TEST_SECRETS, AUTH_PEPPER: 'a-different-pepper-0123456789abcdefghijklmno' }
    )
    expect(other.status).toBe(401)
  })
  it('refuses to hash or sign without strong secrets: 500, nothing written', async () => {
    const { backend } = await import('../../../worker/local-backend.ts')
    const before = await authSnapshot()
    for (const secrets of [
      { ...TEST_SECRETS, AUTH_PEPPER: '' },
      { ...TEST_SECRETS, SESSION_SECRET: 'too-short' },
    ]) {
      const res = await backend.request(
        '/auth/register',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.98' },
          body: JSON.stringify({
            businessId: 1,
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: uniqueEmail(),
            password: PASSWORD,
            confirmPassword: PASSWORD,
          }),
        },
        { ...env, ...secrets }
      )
      expect(res.status).toBe(500)
      expect(JSON.stringify(await res.json())).not.toMatch(/AUTH_PEPPER|SESSION_SECRET/)
    }
    expect(await authSnapshot()).toEqual(before)
  })
})

describe('nonce, devices, registration status', () => {
  it('issues a random nonce stored only as a hash', async () => {
    const a = await call('/auth/nonce', { businessId: 1 })
    const b = await call('/auth/nonce', { businessId: 1 })
    const nonce = (a.json as { nonce: string }).nonce
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(nonce).not.toBe((b.json as { nonce: string }).nonce)
    const stored = await env.DB.prepare(
      'select count(*) as n from auth_nonces where nonce_hash = ?1'
    )
      .bind(nonce)
      .first<{ n: number }>()
    expect(stored?.n).toBe(0)
    expect((await call('/auth/nonce', { businessId: 999 })).status).toBe(404)
  })

  it('registers a device, and a signed-in member becomes its owner', async () => {
    const device = { businessId: 1, messagingDeviceId: `device-${Date.now()}`, platform: 'ios' }
    const anonymous = await call('/auth/devices', { ...device, appVersion: '1.0.0' })
    const { deviceId } = anonymous.json as { deviceId: number }
    expect(anonymous.status).toBe(200)
    const { tokens } = await registerMember()
    const owned = await call(
      '/auth/devices',
      { ...device, appVersion: '1.1.0', promoConsentLevel: 'all' },
      { bearer: tokens.access_token }
    )
    expect(owned.json).toEqual({ deviceId })
    const row = await env.DB.prepare(
      'select customer_id, platform, app_version, promo_consent_level from devices where id = ?1'
    )
      .bind(deviceId)
      .first()
    expect(row).toEqual({
      customer_id: tokens.customerId,
      platform: 'ios',
      app_version: '1.1.0',
      promo_consent_level: 'all',
    })
    const before = await authSnapshot()
    const forged = await call('/auth/devices', device, { bearer: 'not-a-token' })
    expectError(forged, 401, MESSAGES.loginRequired)
    expect((await call('/auth/devices', { businessId: 1, platform: 'ios' })).status).toBe(422)
    expect(await authSnapshot()).toEqual(before)
  })

  it('tells a guest whether the email belongs to a member of this business', async () => {
    const { email } = await registerMember()
    const status = (businessId: number, address: string) =>
      call('/guest/registration-status', { businessId, email: address, basketToken: undefined })
    expect((await status(1, email.toUpperCase())).json).toEqual({ registered: true })
    expect((await status(1, uniqueEmail('nobody'))).json).toEqual({ registered: false })
    expect((await status(OTHER.businessId, email)).json).toEqual({ registered: false })
    const bad = await status(1, 'nope')
    expect(errorOf(bad)).toEqual({ code: 'validation_error', message: MESSAGES.emailInvalid })
  })
})

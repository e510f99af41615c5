import { env } from 'cloudflare:test'
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { deriveKey } from '../../../worker/lib/crypto.ts'
import { refreshSession } from '../../../worker/backend/auth/sessions.ts'
import {
  ACCESS_TOKEN_KEY_LABEL,
  SESSION_FAMILY_TTL_SECONDS,
} from '../../../worker/backend/auth/tokens.ts'
import {
  authSnapshot,
  BUSINESS_ID,
  call,
  clock,
  depsAt,
  errorOf,
  expectError,
  OTHER,
  PASSWORD,
  registerMember,
  seedCatalogue,
  TEST_SECRETS,
  testEnv,
  tokensOf,
  uniqueEmail,
  whoami,
} from './fixtures.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { callBackend, postToBackend } from '../../support/workers/requests.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

afterEach(() => {
  clock.now = undefined
})

const login = (username: string, password: string, businessId = BUSINESS_ID, ip?: string) =>
  call('/oauth/token', { grant_type: 'password', businessId, username, password }, ip ? { ip } : {})

const refresh = (refreshToken: string, businessId = BUSINESS_ID) =>
  call('/oauth/token', { grant_type: 'refresh_token', businessId, refresh_token: refreshToken })

async function familyRows(familyOf: string) {
  const { results } = await env.DB.prepare(
    `select id, used_at, revoked_at, revoked_reason from auth_refresh_tokens
     where family_id = (select family_id from auth_refresh_tokens where token_hash = ?1)
     order by id`
  )
    .bind(await sha256(familyOf))
    .all<{
      id: number
      used_at: string | null
      revoked_at: string | null
      revoked_reason: string
    }>()
  return results
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

describe('guest grant', () => {
  it('answers a guest session whose access token authenticates as a guest', async () => {
    const tokens = tokensOf(await call('/oauth/token', { grant_type: 'guest', businessId: 1 }))
    expect(tokens).toMatchObject({ token_type: 'Bearer', kind: 'guest', expires_in: 900 })
    expect(tokens.customerId).toBeUndefined()
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const me = await whoami(tokens.access_token)
    expect(me).toMatchObject({ status: 200, json: { kind: 'guest', businessId: 1 } })
    // Only the hash is stored.
    const stored = await env.DB.prepare(
      'select count(*) as n from auth_refresh_tokens where token_hash = ?1 or token_hash = ?2'
    )
      .bind(tokens.refresh_token, await sha256(tokens.refresh_token))
      .first<{ n: number }>()
    expect(stored?.n).toBe(1)
  })

  it('refuses an unknown business and stores nothing', async () => {
    const before = await authSnapshot()
    const result = await call('/oauth/token', { grant_type: 'guest', businessId: 999 })
    expect(result.status).toBe(404)
    expect(await authSnapshot()).toEqual(before)
  })

  it('refuses an unknown grant type with a validation error', async () => {
    const result = await call('/oauth/token', { grant_type: 'client_credentials', businessId: 1 })
    expect(result.status).toBe(422)
  })
})

describe('register', () => {
  it('creates a member with an unproven email, a normalised phone and a PBKDF2 hash, signed in', async () => {
    const { email, tokens } = await registerMember()
    expect(tokens.kind).toBe('member')
    const row = await env.DB.prepare(
      `select id, phone, password_hash, email_verified_at, where_heard, registration_type
       from customers where email = ?1`
    )
      .bind(email)
      .first<Record<string, string | number | null>>()
    expect(row).toMatchObject({
      id: tokens.customerId,
      phone: '+447700900123',
      where_heard: 'A friend',
      registration_type: 'registered',
    })
    // Typing an address proves nothing: only a code we send does (issue 36.1).
    expect(row?.email_verified_at).toBeNull()
    expect(String(row?.password_hash)).toMatch(/^pbkdf2-sha512\$100000\$[\w-]{22}\$[\w-]{86}$/)
    expect(String(row?.password_hash)).not.toContain(PASSWORD)
    const me = await whoami(tokens.access_token)
    expect(me.json).toMatchObject({ kind: 'member', customerId: tokens.customerId })
  })

  it('registers through grant_type register too', async () => {
    const email = uniqueEmail()
    const tokens = tokensOf(
      await call('/oauth/token', {
        grant_type: 'register',
        businessId: 1,
        firstName: 'Grace',
        lastName: 'Hopper',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      })
    )
    expect(tokens.kind).toBe('member')
  })

  it('with verification: the email stays unverified and a 6-digit code is emailed', async () => {
    const { email, tokens } = await registerMember({
      registrationType: 'registered_with_verification',
    })
    const customer = await env.DB.prepare(
      'select email_verified_at, registration_type from customers where id = ?1'
    )
      .bind(tokens.customerId)
      .first()
    expect(customer).toEqual({
      email_verified_at: null,
      registration_type: 'registered_with_verification',
    })
    const mail = await env.DB.prepare(
      `select channel, template, payload_json from outbox where recipient = ?1`
    )
      .bind(email)
      .first<{ channel: string; template: string; payload_json: string }>()
    expect(mail).toMatchObject({ channel: 'email', template: 'email_verification' })
    const { code } = JSON.parse(mail?.payload_json ?? '{}') as { code: string }
    expect(code).toMatch(/^\d{6}$/)
    const stored = await env.DB.prepare(
      `select code_hash from verification_codes where customer_id = ?1`
    )
      .bind(tokens.customerId)
      .first<{ code_hash: string }>()
    expect(stored?.code_hash).toBeTruthy()
    expect(stored?.code_hash).not.toContain(code)
  })

  it('refuses an email already registered, whatever its case, and changes nothing', async () => {
    const { email } = await registerMember()
    const before = await authSnapshot()
    const again = await call('/auth/register', {
      businessId: 1,
      firstName: 'Other',
      lastName: 'Person',
      email: email.toUpperCase(),
      password: 'another password',
      confirmPassword: 'another password',
    })
    expectError(again, 409, MESSAGES.emailRegistered)
    expect(await authSnapshot()).toEqual(before)
  })

  it.each([
    [{ confirmPassword: 'something else' }, 'confirmPassword', MESSAGES.passwordsDoNotMatch],
    [{ phone: '01612345678' }, 'phone', MESSAGES.mobileInvalid],
    [{ phone: 'call me' }, 'phone', MESSAGES.mobileInvalid],
    [{ password: 'short', confirmPassword: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
    [{ registrationType: 'vip' }, 'registrationType', MESSAGES.validationError],
  ])(
    'refuses bad input %j with its message and writes nothing',
    async (override, field, message) => {
      const before = await authSnapshot()
      const result = await call('/auth/register', {
        businessId: 1,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: uniqueEmail(),
        phone: '07700900123',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ...override,
      })
      expect(result.status).toBe(422)
      const { error } = result.json as {
        error: { fields: Array<{ field: string; message: string }> }
      }
      expect(error.fields).toContainEqual({ field, message })
      expect(await authSnapshot()).toEqual(before)
    }
  )

  it('creates one account when the same email registers twice at once', async () => {
    const email = uniqueEmail('race')
    const body = {
      businessId: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }
    const results = await Promise.all([
      call('/auth/register', body),
      call('/oauth/token', { grant_type: 'register', ...body }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const count = await env.DB.prepare('select count(*) as n from customers where email = ?1')
      .bind(email)
      .first<{ n: number }>()
    expect(count?.n).toBe(1)
  })

  it('checks the confirmation in grant_type register too', async () => {
    const before = await authSnapshot()
    const result = await call('/oauth/token', {
      grant_type: 'register',
      businessId: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: 'different',
    })
    expectError(result, 422, MESSAGES.passwordsDoNotMatch)
    expect(await authSnapshot()).toEqual(before)
  })

  it('lets the same email register with another business', async () => {
    const { email } = await registerMember()
    const other = await call('/auth/register', {
      businessId: OTHER.businessId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    })
    expect(tokensOf(other).kind).toBe('member')
  })
})

describe('password grant', () => {
  it('signs a member in and records the login', async () => {
    const { email, tokens: registered } = await registerMember()
    const tokens = tokensOf(await login(email.toUpperCase(), PASSWORD))
    expect(tokens).toMatchObject({ kind: 'member', customerId: registered.customerId })
    expect(tokens.refresh_token).not.toBe(registered.refresh_token)
    expect((await whoami(tokens.access_token)).status).toBe(200)
  })

  it('answers a wrong password and an unknown email alike, changing nothing', async () => {
    const { email } = await registerMember()
    const before = await authSnapshot()
    const wrong = await login(email, 'wrong password')
    const unknown = await login(uniqueEmail('nobody'), 'wrong password')
    expectError(wrong, 401, MESSAGES.loginFailed)
    expect(errorOf(unknown)).toEqual(errorOf(wrong))
    expect(unknown.status).toBe(wrong.status)
    expect(await authSnapshot()).toEqual(before)
  })

  it('does not let a member of business 1 sign in at business 2', async () => {
    const { email } = await registerMember()
    const before = await authSnapshot()
    expectError(await login(email, PASSWORD, OTHER.businessId), 401, MESSAGES.loginFailed)
    expect(await authSnapshot()).toEqual(before)
  })

  it('stops a burst of attempts from one IP with 429 before checking the password', async () => {
    const { email } = await registerMember()
    const ip = '198.51.100.77'
    // The binding's window never turns over here, so the burst is one window at any hour.
    const bindings: Env = {
      ...testEnv,
      AUTH_LIMITER: countingLimiter(WRANGLER_LIMITS.AUTH_LIMITER),
    }
    const attempt = (username: string, password: string) =>
      callBackend(
        '/oauth/token',
        { grant_type: 'password', businessId: BUSINESS_ID, username, password },
        { ip, bindings }
      )
    const statuses: Array<number> = []
    // One machine trying many accounts (one account's own hourly limit is login-attempts.test.ts).
    for (let i = 0; i < 22; i++) {
      statuses.push((await attempt(uniqueEmail('burst'), 'wrong password')).status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(20)).toEqual([429, 429])
    // The right password from that IP is refused too until the minute passes, and says when.
    const limited = await postToBackend(
      '/oauth/token',
      { grant_type: 'password', businessId: BUSINESS_ID, username: email, password: PASSWORD },
      { ip, bindings }
    )
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
  })
})

describe('refresh grant', () => {
  it('rotates: the old token is used up, the child works, and reusing the old one ends the family', async () => {
    const { tokens: first } = await registerMember()
    const second = tokensOf(await refresh(first.refresh_token))
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.customerId).toBe(first.customerId)
    let rows = await familyRows(first.refresh_token)
    expect(rows).toHaveLength(2)
    expect(rows[0]?.used_at).not.toBeNull()
    expect(rows[1]?.used_at).toBeNull()
    expect((await whoami(second.access_token)).status).toBe(200)

    // The stolen first token is replayed: refused, and the whole family is revoked.
    expectError(await refresh(first.refresh_token), 401, MESSAGES.sessionExpired)
    rows = await familyRows(first.refresh_token)
    expect(rows.map((r) => r.revoked_reason)).toEqual(['reuse_detected', 'reuse_detected'])
    expectError(await refresh(second.refresh_token), 401, MESSAGES.sessionExpired)
    expectError(await whoami(second.access_token), 401, MESSAGES.sessionExpired)
  })

  it('refuses an unknown token, or a token of another business, changing nothing', async () => {
    const { tokens } = await registerMember()
    const before = await authSnapshot()
    expectError(await refresh('A'.repeat(43)), 401, MESSAGES.sessionExpired)
    expectError(await refresh(tokens.refresh_token, OTHER.businessId), 401, MESSAGES.sessionExpired)
    expect(await authSnapshot()).toEqual(before)
    expect(tokensOf(await refresh(tokens.refresh_token)).kind).toBe('member')
  })

  it('ends a session at its absolute lifetime however often it was refreshed', async () => {
    const { tokens } = await registerMember()
    const start = Date.now()
    // Refreshed every 20 days: each refresh stays within the 30-day idle limit.
    let current = tokens.refresh_token
    for (let day = 20; day < 90; day += 20) {
      const next = await refreshSession(depsAt(new Date(start + day * 86_400_000)), 1, current)
      current = next.refresh_token
      expect(next.refresh_expires_in).toBeLessThanOrEqual(30 * 86_400)
    }
    const before = await authSnapshot()
    const late = new Date(start + (SESSION_FAMILY_TTL_SECONDS + 60) * 1000)
    await expect(refreshSession(depsAt(late), 1, current)).rejects.toMatchObject({
      status: 401,
      message: MESSAGES.sessionExpired,
    })
    expect(await authSnapshot()).toEqual(before)
  })

  it('lets only one of two concurrent refreshes with one token win, then ends the session', async () => {
    const { tokens } = await registerMember()
    const results = await Promise.all([
      refresh(tokens.refresh_token),
      refresh(tokens.refresh_token),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
    const winner = tokensOf(results.find((r) => r.status === 200)!)
    // The second use is a reuse: the family, the winner's child included, is revoked.
    expectError(await refresh(winner.refresh_token), 401, MESSAGES.sessionExpired)
  })

  it('refuses an access token presented as a refresh token', async () => {
    const { tokens } = await registerMember()
    const before = await authSnapshot()
    // A JWT is longer than any refresh token: refused by the schema before any lookup.
    expect((await refresh(tokens.access_token)).status).toBe(422)
    expect(await authSnapshot()).toEqual(before)
  })

  it('refuses a refresh token that was not used for 30 days', async () => {
    const { tokens } = await registerMember()
    const late = new Date(Date.now() + 31 * 86_400_000)
    await expect(refreshSession(depsAt(late), 1, tokens.refresh_token)).rejects.toMatchObject({
      status: 401,
    })
  })
})

describe('access tokens', () => {
  async function key(secret: string = TEST_SECRETS.SESSION_SECRET) {
    return deriveKey(secret, ACCESS_TOKEN_KEY_LABEL)
  }
  async function forge(
    claims: Record<string, unknown>,
    options: { secret?: string; typ?: string; iss?: string; aud?: string } = {}
  ) {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ kind: 'guest', bid: 1, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: options.typ ?? 'at+jwt' })
      .setIssuer(options.iss ?? 'storefront')
      .setAudience(options.aud ?? 'storefront-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(await key(options.secret))
  }

  it('accepts a correctly forged token only when every check passes (the harness works)', async () => {
    const guest = tokensOf(await call('/oauth/token', { grant_type: 'guest', businessId: 1 }))
    const sid = String(decodeJwt(guest.access_token).sid)
    const good = await forge({ sub: `guest:${sid}`, sid })
    expect((await whoami(good)).status).toBe(200)
  })

  it.each([
    ['no token', async () => undefined, MESSAGES.loginRequired],
    ['garbage', async () => 'not.a.token', MESSAGES.loginRequired],
    [
      'a token signed with another key',
      () =>
        forge(
          { sub: 'guest:x', sid: 'x' },
          { secret: 'another-secret-0123456789abcdefghijklmnopq' }
        ),
      MESSAGES.loginRequired,
    ],
    [
      'a token with the wrong issuer',
      () => forge({ sub: 'guest:x', sid: 'x' }, { iss: 'someone-else' }),
      MESSAGES.loginRequired,
    ],
    [
      'a token with the wrong audience',
      () => forge({ sub: 'guest:x', sid: 'x' }, { aud: 'another-api' }),
      MESSAGES.loginRequired,
    ],
    [
      'a token of another type',
      () => forge({ sub: 'guest:x', sid: 'x' }, { typ: 'JWT' }),
      MESSAGES.loginRequired,
    ],
    [
      'an unsigned alg:none token',
      async () =>
        new UnsecuredJWT({ kind: 'member', bid: 1, sid: 'x' })
          .setSubject('1')
          .setIssuer('storefront')
          .setAudience('storefront-api')
          .setIssuedAt()
          .setExpirationTime('10m')
          .encode(),
      MESSAGES.loginRequired,
    ],
  ])('refuses %s with 401', async (_label, make, message) => {
    expectError(await whoami(await make()), 401, message)
  })

  it('refuses a tampered token (claims changed after signing)', async () => {
    const { tokens } = await registerMember()
    const [header, , signature] = tokens.access_token.split('.')
    const claims = decodeJwt(tokens.access_token)
    const tampered = btoa(JSON.stringify({ ...claims, sub: '1' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    expectError(await whoami(`${header}.${tampered}.${signature}`), 401, MESSAGES.loginRequired)
  })

  it('refuses a refresh token presented as an access token', async () => {
    const { tokens } = await registerMember()
    expectError(await whoami(tokens.refresh_token), 401, MESSAGES.loginRequired)
  })

  it('says the session expired once 15 minutes have passed', async () => {
    const { tokens } = await registerMember()
    clock.now = new Date(Date.now() + 14 * 60_000)
    expect((await whoami(tokens.access_token)).status).toBe(200)
    clock.now = new Date(Date.now() + 16 * 60_000)
    expectError(await whoami(tokens.access_token), 401, MESSAGES.sessionExpired)
  })

  it('refuses a token of another business', async () => {
    const other = tokensOf(
      await call('/oauth/token', { grant_type: 'guest', businessId: OTHER.businessId })
    )
    expectError(await whoami(other.access_token), 401, MESSAGES.loginRequired)
  })
})

describe('logout', () => {
  it('ends the session: the refresh token and the access token stop working', async () => {
    const { email } = await registerMember()
    const tokens = tokensOf(await login(email, PASSWORD))
    const other = tokensOf(await login(email, PASSWORD))
    const result = await call(
      '/auth/logout',
      { businessId: 1, refresh_token: tokens.refresh_token },
      { bearer: tokens.access_token }
    )
    expect(result).toEqual({ status: 200, json: { loggedOut: true } })
    expectError(await refresh(tokens.refresh_token), 401, MESSAGES.sessionExpired)
    expectError(await whoami(tokens.access_token), 401, MESSAGES.sessionExpired)
    // Another device's session goes on.
    expect((await whoami(other.access_token)).status).toBe(200)
  })

  it('ends the session of a bearer access token alone', async () => {
    const { tokens } = await registerMember()
    await call('/auth/logout', { businessId: 1 }, { bearer: tokens.access_token })
    expectError(await refresh(tokens.refresh_token), 401, MESSAGES.sessionExpired)
  })

  it('is idempotent and cannot end another business session', async () => {
    const { tokens } = await registerMember()
    const before = await authSnapshot()
    const result = await call('/auth/logout', {
      businessId: OTHER.businessId,
      refresh_token: tokens.refresh_token,
    })
    expect(result.status).toBe(200)
    expect(await authSnapshot()).toEqual(before)
    expect((await whoami(tokens.access_token)).status).toBe(200)
  })
})

import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { createApp } from '../../../worker/app.ts'
import { jsonPost } from '../../support/workers/requests.ts'
import { clearBrandCache } from '../../../worker/lib/brand-cache.ts'
import { PASSWORD, TEST_SECRETS, uniqueEmail } from '../auth/fixtures.ts'
import { seedTenancy } from '../backend/fixtures.ts'
import { echoBackend } from './harness.ts'

const testEnv: Env = { ...env, ...TEST_SECRETS }
let ipCounter = 0

function post(body: unknown, cookie?: string): RequestInit {
  ipCounter += 1
  // Each call its own shopper IP, so the login rate limit never decides a test.
  return jsonPost(body, { ip: `198.51.100.${ipCounter % 250}`, cookie })
}

function cookieNamed(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))
}

function valueOf(setCookie: string | undefined): string {
  return setCookie?.split(';')[0]?.split('=').slice(1).join('=') ?? ''
}

/** The session cookies of an answer as a Cookie header. */
function sessionCookies(res: Response): string {
  return ['sf_access', 'sf_refresh', 'sf_session']
    .map((name) => `${name}=${valueOf(cookieNamed(res, name))}`)
    .join('; ')
}

function registration(email = uniqueEmail('proxy')) {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  }
}

beforeAll(async () => {
  await seedTenancy(env.DB)
})

afterEach(() => {
  clearBrandCache()
})

describe('proxy: auth tokens live only in httpOnly cookies', () => {
  it('answers a guest grant with its kind only and sets httpOnly, SameSite=Lax cookies', async () => {
    const res = await createApp().request(
      'http://localhost/api/oauth/token',
      post({ grant_type: 'guest' }),
      testEnv
    )
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ kind: 'guest' })
    const access = cookieNamed(res, 'sf_access')
    const refresh = cookieNamed(res, 'sf_refresh')
    expect(valueOf(access).split('.')).toHaveLength(3)
    expect(valueOf(refresh).length).toBeGreaterThan(20)
    // Neither token is anywhere in the body the browser reads.
    expect(text).not.toContain(valueOf(access))
    expect(text).not.toContain(valueOf(refresh))
    for (const cookie of [access, refresh, cookieNamed(res, 'sf_session')]) {
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(cookie).toMatch(/Path=\//)
      // Plain-http localhost: a Secure cookie would be dropped by the browser.
      expect(cookie).not.toMatch(/Secure/i)
    }
    expect(access).toMatch(/Max-Age=900/)
    expect(valueOf(cookieNamed(res, 'sf_session'))).toBe('guest')
  })

  it('marks the cookies Secure on https', async () => {
    const res = await createApp().request(
      'https://localhost/api/oauth/token',
      post({ grant_type: 'guest' }),
      testEnv
    )
    expect(cookieNamed(res, 'sf_access')).toMatch(/Secure/i)
    expect(cookieNamed(res, 'sf_refresh')).toMatch(/Secure/i)
  })

  it('answers a registration with the member kind and customer id, tokens in cookies', async () => {
    const res = await createApp().request(
      'http://localhost/api/auth/register',
      post(registration()),
      testEnv
    )
    expect(res.status).toBe(200)
    const body = await res.json<Record<string, unknown>>()
    expect(Object.keys(body).sort()).toEqual(['customerId', 'kind'])
    expect(body.kind).toBe('member')
    expect(valueOf(cookieNamed(res, 'sf_session'))).toBe('member')
  })

  it('refreshes with the cookie’s refresh token, never one the browser sent', async () => {
    const api = createApp()
    const signedUp = await api.request(
      'http://localhost/api/auth/register',
      post(registration()),
      testEnv
    )
    const cookies = sessionCookies(signedUp)
    const res = await api.request(
      'http://localhost/api/oauth/token',
      post(
        { grant_type: 'refresh_token', refresh_token: 'browser-chosen-token-000000000' },
        cookies
      ),
      testEnv
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ kind: 'member' })
    // The cookie's token was used up: a new one replaces it.
    expect(valueOf(cookieNamed(res, 'sf_refresh'))).not.toBe(
      valueOf(cookieNamed(signedUp, 'sf_refresh'))
    )
  })

  it('forwards only the cookie’s refresh token, and drops one sent to any other call', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    await api.request(
      'http://localhost/api/oauth/token',
      post({ grant_type: 'refresh_token', refresh_token: 'evil' }, 'sf_refresh=from-cookie'),
      testEnv
    )
    await api.request(
      'http://localhost/api/oauth/token',
      post({ grant_type: 'refresh_token', refresh_token: 'evil' }),
      testEnv
    )
    await api.request(
      'http://localhost/api/auth/logout',
      post({ refresh_token: 'evil' }, 'sf_refresh=from-cookie; sf_access=a.b.c'),
      testEnv
    )
    await api.request(
      'http://localhost/api/stores/details',
      post({ refresh_token: 'evil' }, 'sf_refresh=from-cookie'),
      testEnv
    )
    const bodies = seen.map((request) => request.body as Record<string, unknown>)
    expect(bodies[0]?.refresh_token).toBe('from-cookie')
    expect(bodies[1]).not.toHaveProperty('refresh_token')
    expect(bodies[2]?.refresh_token).toBe('from-cookie')
    expect(seen[2]?.headers.authorization).toBe('Bearer a.b.c')
    expect(bodies[3]).not.toHaveProperty('refresh_token')
  })

  it('logs out with the cookie’s tokens and clears every session cookie', async () => {
    const api = createApp()
    const signedUp = await api.request(
      'http://localhost/api/auth/register',
      post(registration()),
      testEnv
    )
    const cookies = sessionCookies(signedUp)
    const res = await api.request('http://localhost/api/auth/logout', post({}, cookies), testEnv)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ loggedOut: true })
    for (const name of ['sf_access', 'sf_refresh', 'sf_session']) {
      expect(cookieNamed(res, name)).toMatch(/Max-Age=0/)
    }
    // The refresh token is dead at the backend too.
    const again = await api.request(
      'http://localhost/api/oauth/token',
      post({ grant_type: 'refresh_token' }, cookies),
      testEnv
    )
    expect(again.status).toBe(401)
    expect(cookieNamed(again, 'sf_access')).toBeUndefined()
  })

  it('keeps the fresh pair of a password change in cookies, not in the answer', async () => {
    const api = createApp()
    const signedUp = await api.request(
      'http://localhost/api/auth/register',
      post(registration()),
      testEnv
    )
    const res = await api.request(
      'http://localhost/api/auth/change-password',
      post(
        {
          currentPassword: PASSWORD,
          password: 'a brand new passphrase',
          confirmPassword: 'a brand new passphrase',
        },
        sessionCookies(signedUp)
      ),
      testEnv
    )
    expect(res.status).toBe(200)
    const body = await res.json<Record<string, unknown>>()
    expect(Object.keys(body).sort()).toEqual(['customerId', 'kind'])
    expect(valueOf(cookieNamed(res, 'sf_access'))).not.toBe(
      valueOf(cookieNamed(signedUp, 'sf_access'))
    )
  })

  it('passes a refused sign-in through without setting cookies', async () => {
    const res = await createApp().request(
      'http://localhost/api/oauth/token',
      post({ grant_type: 'password', username: uniqueEmail('nobody'), password: 'wrong password' }),
      testEnv
    )
    expect(res.status).toBe(401)
    // No token and no session: at most the D1 bookmark of the attempt's own write (ADR 046), so
    // the shopper's next try reads the attempt counted.
    const names = res.headers.getSetCookie().map((cookie) => cookie.split('=')[0])
    expect(names.filter((name) => name !== COOKIE_NAMES.d1Bookmark)).toEqual([])
  })
})

describe("proxy: the shop's /api carries no staff calls", () => {
  it('answers 404 for /api/staff/*, so a shopper cookie is never sent as a staff bearer', async () => {
    const { app, seen } = echoBackend()
    const api = createApp({ backend: app })
    for (const path of [
      '/api/staff/orders/board',
      '/api//staff/orders/board',
      '/api/STAFF/auth/sign-in',
    ]) {
      const res = await api.request(
        `http://localhost${path}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: 'Bearer staff.token.here',
            cookie: 'sf_access=a.b.c; sf_session=member',
            'cf-connecting-ip': '198.51.100.9',
          },
          body: JSON.stringify({ storeId: 1 }),
        },
        testEnv
      )
      expect(res.status, path).toBe(404)
      expect(await res.json()).toMatchObject({
        error: { code: 'not_found', message: 'Page Not Found' },
      })
    }
    expect(seen.filter((request) => request.path.toLowerCase().includes('staff'))).toEqual([])
  })
})

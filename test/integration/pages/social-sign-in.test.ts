import { env } from 'cloudflare:test'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { socialVerifier, verifyIdToken } from '../../../worker/backend/auth/social.ts'
import { sandboxVerifyKeys, signSandboxIdToken } from '../../../worker/sandbox-identity/keys.ts'
import { PASSWORD, uniqueEmail } from '../auth/fixtures.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { jar, setCookieLine } from './cookie-jar.ts'
import { ORIGIN, pageClient, registration, testEnv } from './storefront.ts'

const app = createApp()
const { get, postForm } = pageClient(app, '198.51.102')
const STATE_COOKIE = 'sf_social_sign_in'
const LIVE: Env = { ...testEnv, SOCIAL_SIGN_IN: 'live', GOOGLE_CLIENT_ID: '' }

/** The hidden inputs of a page's form, by name. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&')
  }
  return fields
}

/**
 * Starts a Google sign-in from a page and answers the sandbox's form_post fields for this person
 * (`outcome`: sign-in, cancel or fail) and the browser's cookies by then.
 */
async function throughSandbox(
  email: string,
  options: { redirect?: string; outcome?: string; cookie?: string } = {}
): Promise<{ fields: Record<string, string>; cookies: string }> {
  const start = await postForm(
    '/auth/social/google/start',
    options.redirect ? { redirect: options.redirect } : {},
    options.cookie ?? ''
  )
  expect(start.status).toBe(303)
  const cookies = jar(start, options.cookie ?? '')
  const authorise = new URL(start.headers.get('location') ?? '')
  expect(authorise.pathname).toBe('/sandbox-identity/google/authorize')
  const page = await get(`${authorise.pathname}${authorise.search}`)
  expect(page.status).toBe(200)
  const pageHtml = await page.text()
  expect(pageHtml).toContain('SANDBOX identity provider')
  const answer = await postForm(authorise.pathname, {
    ...hiddenFields(pageHtml),
    email,
    given_name: 'Ada',
    family_name: 'Lovelace',
    email_verified: 'true',
    outcome: options.outcome ?? 'sign-in',
  })
  expect(answer.status).toBe(200)
  return { fields: hiddenFields(await answer.text()), cookies }
}

beforeAll(async () => {
  await seedDemo(env.DB)
})

describe('social sign-in buttons', () => {
  it('shows the configured providers on /login, /register and checkout sign-in', async () => {
    for (const path of ['/login', '/register']) {
      const html = await (await get(path)).text()
      for (const label of [
        'Continue with Google',
        'Continue with Apple',
        'Continue with Facebook',
      ]) {
        expect(html).toContain(label)
      }
      expect(html).toContain('action="/auth/social/google/start"')
    }
  })

  it('shows none in live mode without client ids, and the sandbox is not there', async () => {
    const live = { ...LIVE, FACEBOOK_APP_ID: '', APPLE_CLIENT_ID: '' }
    expect(await (await get('/login', '', live)).text()).not.toContain('Continue with Google')
    expect((await get('/sandbox-identity/google/authorize', '', live)).status).toBe(404)
    expect((await get('/sandbox-identity/.well-known/jwks.json', '', live)).status).toBe(404)
  })
})

describe('live mode', () => {
  it("sends the shopper to Google's endpoint, which the CSP lets the form lead to", async () => {
    const live = { ...LIVE, GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com' }
    const page = await get('/login', '', live)
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://accounts.google.com"
    )
    const res = await postForm('/auth/social/google/start', {}, '', live)
    expect(res.status).toBe(303)
    const target = new URL(res.headers.get('location') ?? '')
    expect(`${target.origin}${target.pathname}`).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth'
    )
    expect(target.searchParams.get('client_id')).toBe('web.apps.googleusercontent.com')
    // An unconfigured provider has no start.
    expect((await postForm('/auth/social/apple/start', {}, '', live)).status).toBe(404)
  })
})

describe('the sandbox flow', () => {
  it('sends the shopper to the sandbox with state and nonce kept in a 10-minute httpOnly cookie', async () => {
    const res = await postForm('/auth/social/google/start', { redirect: '/basket' })
    expect(res.status).toBe(303)
    const target = new URL(res.headers.get('location') ?? '')
    expect(target.origin).toBe(ORIGIN)
    expect(target.searchParams.get('response_mode')).toBe('form_post')
    expect(target.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/social/google/callback`)
    const line = setCookieLine(res, STATE_COOKIE) ?? ''
    expect(line).toMatch(/HttpOnly/)
    expect(line).toMatch(/Max-Age=600/)
    expect(decodeURIComponent(line)).toContain(target.searchParams.get('state') ?? 'missing')
  })

  it('signs a new member in and returns where they came from, saying so', async () => {
    const email = uniqueEmail('social')
    const { fields, cookies } = await throughSandbox(email, { redirect: '/stores' })
    const res = await postForm('/auth/social/google/callback', fields, cookies)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/stores')
    const after = jar(res, cookies)
    expect(after).toContain('sf_session=member')
    expect(after).toContain('sf_access=')
    expect(after).toContain('sf_flash=signedIn')
    expect(after).not.toContain(STATE_COOKIE)
    const member = await env.DB.prepare(
      'select first_name, last_name from customers where email = ?1'
    )
      .bind(email)
      .first<{ first_name: string; last_name: string }>()
    expect(member).toEqual({ first_name: 'Ada', last_name: 'Lovelace' })
  })

  it('from checkout sign-in goes back to checkout', async () => {
    const { fields, cookies } = await throughSandbox(uniqueEmail('social-checkout'), {
      redirect: '/checkout/login',
    })
    const res = await postForm('/auth/social/google/callback', fields, cookies)
    expect(res.headers.get('location')).toBe('/checkout')
  })

  it('refuses a state that is not this browser’s: the login page with Google’s message, no session', async () => {
    const { fields, cookies } = await throughSandbox(uniqueEmail('social-state'))
    const res = await postForm(
      '/auth/social/google/callback',
      { ...fields, state: 'x'.repeat(43) },
      cookies
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/login?social_failed=google')
    expect(jar(res, cookies)).not.toContain('sf_session=member')
    const page = await (await get('/login?social_failed=google')).text()
    expect(page).toContain(MESSAGES.googleLoginFailed)
    expect(page).toMatch(/id="login-form-error" role="alert" tabindex="-1" autofocus=""/)
  })

  it('refuses a replayed answer (the nonce is used up) and a cancelled or failed one', async () => {
    const { fields, cookies } = await throughSandbox(uniqueEmail('social-replay'))
    expect(
      (await postForm('/auth/social/google/callback', fields, cookies)).headers.get('location')
    ).toBe('/')
    const replay = await postForm('/auth/social/google/callback', fields, cookies)
    expect(replay.headers.get('location')).toBe('/login?social_failed=google')
    expect(jar(replay, cookies)).not.toContain('sf_session=member')

    for (const outcome of ['cancel', 'fail']) {
      const attempt = await throughSandbox(uniqueEmail(`social-${outcome}`), {
        outcome,
        redirect: '/checkout/login',
      })
      const res = await postForm('/auth/social/google/callback', attempt.fields, attempt.cookies)
      expect(res.headers.get('location')).toBe('/checkout/login?social_failed=google')
      expect(jar(res, attempt.cookies)).not.toContain('sf_session=member')
    }
  })

  it('meets a password account for the address: asks to sign in to it, then links (issue 36.1)', async () => {
    const email = uniqueEmail('social-prehijack')
    // Someone registered a password account with the address; no code ever reached it.
    expect((await postForm('/register', registration(email))).status).toBe(303)
    const { fields, cookies } = await throughSandbox(email)
    const res = await postForm('/auth/social/google/callback', fields, cookies)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/login?social_link=google')
    const asked = jar(res, cookies)
    expect(asked).not.toContain('sf_session=member')
    expect(setCookieLine(res, 'sf_social_link')).toMatch(/Max-Age=600.*HttpOnly.*SameSite=Lax/)
    const identities = () =>
      env.DB.prepare(
        `select count(*) as n from customer_identities i join customers c on c.id = i.customer_id
         where c.email = ?1`
      )
        .bind(email)
        .first<{ n: number }>()
    expect(await identities()).toEqual({ n: 0 })

    const page = await (await get('/login?social_link=google', asked)).text()
    expect(page).toContain(MESSAGES.socialLinkRequired.replaceAll('%s', 'Google'))
    expect(page).toContain(`value="${email}"`)

    const signedIn = await postForm('/login', { email, password: PASSWORD }, asked)
    expect(signedIn.status).toBe(303)
    const after = jar(signedIn, asked)
    expect(after).toContain('sf_session=member')
    expect(after).toContain('sf_flash=socialLinkedGoogle')
    expect(after).not.toContain('sf_social_link=')
    expect(await identities()).toEqual({ n: 1 })
  })

  it('posts a cross-site answer again from this origin before reading any cookie', async () => {
    const { fields, cookies } = await throughSandbox(uniqueEmail('social-cross'))
    const res = await app.request(
      `${ORIGIN}/auth/social/google/callback`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'cross-site',
          origin: 'https://accounts.google.com',
          cookie: cookies,
        },
        body: new URLSearchParams(fields).toString(),
      },
      testEnv
    )
    expect(res.status).toBe(200)
    // Nothing of the sign-in is touched yet: the state cookie is read on the same-origin post.
    expect(
      res.headers.getSetCookie().filter((line) => /^sf_(social|session|access)/.test(line))
    ).toEqual([])
    const html = await res.text()
    expect(html).toContain('action="/auth/social/google/callback"')
    expect(hiddenFields(html)).toEqual({ state: fields.state, id_token: fields.id_token })
  })
})

describe('the backend verifier', () => {
  it('accepts sandbox tokens only in sandbox mode: a live verifier refuses their issuer', async () => {
    const now = new Date()
    const token = await signSandboxIdToken(
      env.DB,
      {
        provider: 'google',
        audience: 'sandbox-google-client',
        nonce: 'nonce-0123456789abcdef',
        person: {
          email: 'x@example.com',
          givenName: 'X',
          familyName: 'Y',
          emailVerified: true,
          subject: 's-1',
        },
      },
      now
    )
    const keys = await sandboxVerifyKeys(env.DB, now)
    const sandbox = await socialVerifier(testEnv, 'google', { keys: async () => keys })
    await expect(
      verifyIdToken('google', token, { ...sandbox, nonce: 'nonce-0123456789abcdef', now })
    ).resolves.toMatchObject({ email: 'x@example.com', subject: 's-1' })

    const live = await socialVerifier(
      { ...LIVE, GOOGLE_CLIENT_ID: 'sandbox-google-client' },
      'google',
      { keys: () => Promise.reject(new Error('live mode must not read the sandbox keys')) }
    )
    expect(live.issuers).toBeUndefined()
    // Even given the sandbox's keys, a live verifier wants Google's issuer.
    await expect(
      verifyIdToken('google', token, { ...live, keys, nonce: 'nonce-0123456789abcdef', now })
    ).rejects.toMatchObject({ claim: 'iss' })
    const production = await socialVerifier({ ...testEnv, APP_ENV: 'production' }, 'google', {
      keys: () => Promise.reject(new Error('production never reads the sandbox keys')),
    })
    expect(production.audience).toEqual([])
  })

  it("live: verifies Google's tokens against Google's published keys (a fake Google here)", async () => {
    const now = new Date()
    const google = await generateKeyPair('RS256')
    const jwks = { keys: [{ ...(await exportJWK(google.publicKey)), kid: 'g1', alg: 'RS256' }] }
    const asked: Array<string> = []
    const fakeGoogle = (async (input: RequestInfo | URL) => {
      asked.push(String(input))
      return Response.json(jwks)
    }) as typeof fetch
    const live = await socialVerifier(
      { ...LIVE, GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com' },
      'google',
      { keys: () => Promise.reject(new Error('live mode must not read the sandbox keys')) },
      fakeGoogle
    )
    const nonce = 'nonce-0123456789abcdef-live'
    const token = await new SignJWT({ nonce, email: 'g@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'g1' })
      .setIssuer('https://accounts.google.com')
      .setAudience('web.apps.googleusercontent.com')
      .setSubject('google-sub-1')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(google.privateKey)
    await expect(verifyIdToken('google', token, { ...live, nonce, now })).resolves.toMatchObject({
      subject: 'google-sub-1',
      emailVerified: true,
    })
    expect(asked).toEqual(['https://www.googleapis.com/oauth2/v3/certs'])
    // A sandbox token is not Google's: refused.
    const sandboxToken = await signSandboxIdToken(
      env.DB,
      {
        provider: 'google',
        audience: 'web.apps.googleusercontent.com',
        nonce,
        person: {
          email: 'x@example.com',
          givenName: 'X',
          familyName: 'Y',
          emailVerified: true,
          subject: 's',
        },
      },
      now
    )
    await expect(verifyIdToken('google', sandboxToken, { ...live, nonce, now })).rejects.toThrow()
  })

  it('keeps one signing key across calls (stored in D1)', async () => {
    const first = await (await get('/sandbox-identity/.well-known/jwks.json')).json()
    const second = await (await get('/sandbox-identity/.well-known/jwks.json')).json()
    expect(second).toEqual(first)
    expect(first).toMatchObject({ keys: [{ kty: 'RSA', alg: 'RS256' }] })
  })
})

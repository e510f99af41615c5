import { env } from 'cloudflare:test'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { createBackend } from '../../../worker/backend/index.ts'
import { socialVerifier, verifyIdToken } from '../../../worker/backend/auth/social.ts'
import { codeChallengeS256 } from '../../../worker/lib/facebook-code-flow.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { uniqueEmail } from '../auth/fixtures.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { jar, setCookieLine } from './cookie-jar.ts'
import { ORIGIN, pageClient, testEnv } from './storefront.ts'

/*
 * Live Facebook sign-in by the OIDC code flow with PKCE (ADR 026) against a fake Facebook: its
 * login dialog (the test reads the start's redirect), its token endpoint (checks the verifier
 * against the challenge, as Facebook does) and its published keys.
 */

const STATE_COOKIE = 'sf_social_sign_in'
const APP_ID = '1234567890'
const LIVE: Env = { ...testEnv, SOCIAL_SIGN_IN: 'live', FACEBOOK_APP_ID: APP_ID }
const CALLBACK = `${ORIGIN}/auth/social/facebook/callback`

/** A fake Facebook: codes issued by its dialog, redeemed once at its token endpoint. */
function fakeFacebook(signingKey: CryptoKey, jwk: Record<string, unknown>) {
  const codes = new Map<string, { challenge: string; nonce: string; email: string }>()
  const exchanges: Array<URLSearchParams> = []
  let refuse = false
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input))
    if (url.href === 'https://www.facebook.com/.well-known/oauth/openid/jwks/') {
      return Response.json({ keys: [{ ...jwk, kid: 'fb-web', alg: 'RS256', use: 'sig' }] })
    }
    if (url.href === 'https://limited.facebook.com/.well-known/oauth/openid/jwks/') {
      return Response.json({ keys: [] })
    }
    if (url.origin + url.pathname !== 'https://graph.facebook.com/v19.0/oauth/access_token') {
      return new Response('not found', { status: 404 })
    }
    exchanges.push(url.searchParams)
    const issued = codes.get(url.searchParams.get('code') ?? '')
    const verifier = url.searchParams.get('code_verifier') ?? ''
    if (
      refuse ||
      !issued ||
      url.searchParams.get('client_id') !== APP_ID ||
      url.searchParams.get('redirect_uri') !== CALLBACK ||
      (await codeChallengeS256(verifier)) !== issued.challenge
    ) {
      return Response.json(
        { error: { message: 'Invalid verification code', type: 'OAuthException', code: 100 } },
        { status: 400 }
      )
    }
    codes.delete(url.searchParams.get('code') ?? '')
    const idToken = await new SignJWT({
      nonce: issued.nonce,
      email: issued.email,
      name: 'Ada Lovelace',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'fb-web' })
      .setIssuer('https://www.facebook.com')
      .setAudience(APP_ID)
      .setSubject(`fb-${issued.email}`)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(signingKey)
    return Response.json({
      access_token: 'EAAB-access',
      token_type: 'bearer',
      expires_in: 3600,
      id_token: idToken,
    })
  }) as typeof fetch
  return {
    fetcher,
    exchanges,
    refuseExchanges() {
      refuse = true
    },
    /** The dialog: the shopper signs in, Facebook redirects back with a code and the state. */
    authorise(dialog: URL, email: string): string {
      const code = `code-${codes.size}-${email}`
      codes.set(code, {
        challenge: dialog.searchParams.get('code_challenge') ?? '',
        nonce: dialog.searchParams.get('nonce') ?? '',
        email,
      })
      return `/auth/social/facebook/callback?code=${encodeURIComponent(code)}&state=${dialog.searchParams.get('state') ?? ''}`
    },
  }
}

let facebook: ReturnType<typeof fakeFacebook>
let client: ReturnType<typeof pageClient>

beforeAll(async () => {
  await seedDemo(env.DB)
  const pair = await generateKeyPair('RS256')
  facebook = fakeFacebook(pair.privateKey, { ...(await exportJWK(pair.publicKey)) })
  const app = createApp({
    backend: createBackend({ ...backendAdapters, socialKeysFetch: facebook.fetcher }),
    facebookFetch: facebook.fetcher,
  })
  client = pageClient(app, '198.51.103')
})

/** Starts a Facebook sign-in: the dialog's URL, the browser's cookies and the start's cookie line. */
async function start(redirect?: string) {
  const res = await client.postForm(
    '/auth/social/facebook/start',
    redirect ? { redirect } : {},
    '',
    LIVE
  )
  expect(res.status).toBe(303)
  return {
    dialog: new URL(res.headers.get('location') ?? ''),
    cookies: jar(res),
    cookieLine: decodeURIComponent(setCookieLine(res, STATE_COOKIE) ?? ''),
  }
}

describe('live Facebook sign-in (OIDC code flow with PKCE)', () => {
  it('shows the button and lets the form lead to Facebook', async () => {
    const page = await client.get('/login', '', LIVE)
    expect(page.headers.get('content-security-policy')).toContain('https://www.facebook.com')
    expect(await page.text()).toContain('action="/auth/social/facebook/start"')
  })

  it('signs the shopper in: dialog with the S256 challenge, code redeemed with the verifier', async () => {
    const { dialog, cookies, cookieLine } = await start('/stores')
    expect(`${dialog.origin}${dialog.pathname}`).toBe('https://www.facebook.com/v19.0/dialog/oauth')
    expect(dialog.searchParams.get('response_type')).toBe('code')
    expect(dialog.searchParams.get('code_challenge_method')).toBe('S256')
    expect(dialog.searchParams.get('redirect_uri')).toBe(CALLBACK)
    // The verifier stays in the httpOnly cookie: the dialog sees only its challenge.
    const verifier = /"codeVerifier":"([^"]+)"/.exec(cookieLine)?.[1] ?? ''
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(cookieLine).toMatch(/HttpOnly/)
    expect(dialog.href).not.toContain(verifier)
    expect(dialog.searchParams.get('code_challenge')).toBe(await codeChallengeS256(verifier))

    const email = uniqueEmail('facebook-code')
    const before = facebook.exchanges.length
    const res = await client.get(facebook.authorise(dialog, email), cookies, LIVE)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/stores')
    const after = jar(res, cookies)
    expect(after).toContain('sf_session=member')
    expect(after).toContain('sf_flash=signedIn')
    expect(after).not.toContain(STATE_COOKIE)
    expect(after).not.toContain(verifier)
    // Redeemed once, server to server, with this sign-in's verifier.
    expect(facebook.exchanges.length).toBe(before + 1)
    expect(facebook.exchanges.at(-1)?.get('code_verifier')).toBe(verifier)
    const member = await env.DB.prepare(
      'select first_name, last_name from customers where email = ?1'
    )
      .bind(email)
      .first<{ first_name: string; last_name: string }>()
    expect(member).toEqual({ first_name: 'Ada', last_name: 'Lovelace' })
  })

  it("refuses another browser's state without redeeming the code", async () => {
    const { dialog, cookies } = await start()
    const forged = new URL(facebook.authorise(dialog, uniqueEmail('facebook-state')), ORIGIN)
    forged.searchParams.set('state', 'x'.repeat(43))
    const before = facebook.exchanges.length
    const res = await client.get(`${forged.pathname}${forged.search}`, cookies, LIVE)
    expect(res.headers.get('location')).toBe('/login?social_failed=facebook')
    expect(jar(res, cookies)).not.toContain('sf_session=member')
    expect(facebook.exchanges.length).toBe(before)
  })

  it('a cancelled sign-in or a failed exchange is the spec message on the sign-in page', async () => {
    const cancelled = await start('/checkout/login')
    const before = facebook.exchanges.length
    const state = cancelled.dialog.searchParams.get('state') ?? ''
    const denied = await client.get(
      `/auth/social/facebook/callback?error=access_denied&error_reason=user_denied&state=${state}`,
      cancelled.cookies,
      LIVE
    )
    expect(denied.headers.get('location')).toBe('/checkout/login?social_failed=facebook')
    expect(facebook.exchanges.length).toBe(before)

    const refused = await start()
    facebook.refuseExchanges()
    const res = await client.get(
      facebook.authorise(refused.dialog, uniqueEmail('facebook-refused')),
      refused.cookies,
      LIVE
    )
    expect(res.headers.get('location')).toBe('/login?social_failed=facebook')
    expect(jar(res, refused.cookies)).not.toContain('sf_session=member')
    const page = await (await client.get('/login?social_failed=facebook', '', LIVE)).text()
    expect(page).toContain(MESSAGES.facebookLoginFailed)
  })

  it('is not served in sandbox mode, whose Facebook answers by form_post', async () => {
    const res = await client.get('/auth/social/facebook/callback?code=c&state=s')
    expect(res.status).toBe(404)
  })
})

describe("the backend's Facebook key sets", () => {
  it("verifies an app's Limited Login token against limited.facebook.com's keys too", async () => {
    const limited = await generateKeyPair('RS256')
    const jwk = { ...(await exportJWK(limited.publicKey)), kid: 'fb-limited', alg: 'RS256' }
    const asked: Array<string> = []
    const fetcher = (async (input: RequestInfo | URL) => {
      asked.push(String(input))
      const isLimited = String(input).startsWith('https://limited.facebook.com/')
      return Response.json({ keys: isLimited ? [jwk] : [] })
    }) as typeof fetch
    const verifier = await socialVerifier(
      LIVE,
      'facebook',
      { keys: () => Promise.reject(new Error('live mode must not read the sandbox keys')) },
      fetcher
    )
    const nonce = 'nonce-0123456789abcdef-limited'
    const token = await new SignJWT({ nonce, email: 'limited@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'fb-limited' })
      .setIssuer('https://limited.facebook.com')
      .setAudience(APP_ID)
      .setSubject('fb-limited-1')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(limited.privateKey)
    await expect(verifyIdToken('facebook', token, { ...verifier, nonce })).resolves.toMatchObject({
      subject: 'fb-limited-1',
      emailVerified: false,
    })
    expect(asked).toEqual([
      'https://www.facebook.com/.well-known/oauth/openid/jwks/',
      'https://limited.facebook.com/.well-known/oauth/openid/jwks/',
    ])
    // A key in neither set: refused.
    const stranger = await generateKeyPair('RS256')
    const forged = await new SignJWT({ nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'unknown' })
      .setIssuer('https://www.facebook.com')
      .setAudience(APP_ID)
      .setSubject('fb-forged')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(stranger.privateKey)
    await expect(verifyIdToken('facebook', forged, { ...verifier, nonce })).rejects.toThrow()
  })
})

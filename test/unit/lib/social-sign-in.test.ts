import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  rememberSocialSignIn,
  takeSocialSignIn,
  type SocialSignIn,
} from '../../../worker/lib/cookies/social-sign-in.ts'
import {
  authorisationUrl,
  enabledSocialProviders,
  SOCIAL_SIGN_IN_FAILED,
  socialClientIds,
  socialFormActionOrigins,
  socialSandboxActive,
} from '../../../worker/lib/social-sign-in.ts'

const NO_IDS = { GOOGLE_CLIENT_ID: '', FACEBOOK_APP_ID: '', APPLE_CLIENT_ID: '' }
const REQUEST = {
  clientId: 'web-client',
  redirectUri: 'https://shop.example/auth/social/google/callback',
  state: 's'.repeat(43),
  nonce: 'n'.repeat(43),
  origin: 'https://shop.example',
  sandbox: false,
}

function paramsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams)
}

describe('mode', () => {
  it('is sandbox only when SOCIAL_SIGN_IN says so outside production', () => {
    expect(socialSandboxActive({ APP_ENV: 'development', SOCIAL_SIGN_IN: 'sandbox' })).toBe(true)
    expect(socialSandboxActive({ APP_ENV: 'staging', SOCIAL_SIGN_IN: 'sandbox' })).toBe(false)
    expect(socialSandboxActive({ APP_ENV: 'production', SOCIAL_SIGN_IN: 'sandbox' })).toBe(false)
    expect(socialSandboxActive({ APP_ENV: 'development', SOCIAL_SIGN_IN: '' })).toBe(false)
    expect(socialSandboxActive({ APP_ENV: 'development', SOCIAL_SIGN_IN: 'Sandbox' })).toBe(false)
  })

  it('offers every provider in the sandbox, only configured ones live', () => {
    const sandbox = { APP_ENV: 'test', SOCIAL_SIGN_IN: 'sandbox', ...NO_IDS }
    expect(enabledSocialProviders(sandbox)).toEqual(['google', 'apple', 'facebook'])
    expect(socialClientIds(sandbox, 'apple')).toEqual(['sandbox-apple-client'])
    expect(socialFormActionOrigins(sandbox)).toEqual([])
    const live = { ...sandbox, SOCIAL_SIGN_IN: 'live', APPLE_CLIENT_ID: 'com.shop.web' }
    expect(enabledSocialProviders(live)).toEqual(['apple'])
    expect(socialFormActionOrigins(live)).toEqual(['https://appleid.apple.com'])
    // Live Facebook by the code flow with PKCE (ADR 026): its dialog's origin joins form-action.
    const withFacebook = { ...live, FACEBOOK_APP_ID: '123' }
    expect(enabledSocialProviders(withFacebook)).toEqual(['apple', 'facebook'])
    expect(socialFormActionOrigins(withFacebook)).toEqual([
      'https://appleid.apple.com',
      'https://www.facebook.com',
    ])
  })

  it("answers each provider's spec message", () => {
    expect(SOCIAL_SIGN_IN_FAILED.google).toBe(MESSAGES.googleLoginFailed)
    expect(SOCIAL_SIGN_IN_FAILED.facebook).toBe(MESSAGES.facebookLoginFailed)
  })
})

describe('authorisation URL', () => {
  it('asks Google for an ID token posted back (OIDC implicit, form_post)', () => {
    const url = authorisationUrl({ ...REQUEST, provider: 'google' })
    expect(url.startsWith('https://accounts.google.com/o/oauth2/v2/auth?')).toBe(true)
    expect(paramsOf(url)).toEqual({
      client_id: 'web-client',
      redirect_uri: REQUEST.redirectUri,
      response_type: 'id_token',
      response_mode: 'form_post',
      scope: 'openid email profile',
      state: REQUEST.state,
      nonce: REQUEST.nonce,
      prompt: 'select_account',
    })
  })

  it('asks Apple for code and ID token with the name and email scopes', () => {
    const url = authorisationUrl({ ...REQUEST, provider: 'apple' })
    expect(url.startsWith('https://appleid.apple.com/auth/authorize?')).toBe(true)
    expect(paramsOf(url)).toMatchObject({
      response_type: 'code id_token',
      response_mode: 'form_post',
      scope: 'name email',
      nonce: REQUEST.nonce,
    })
  })

  it("opens Facebook's login dialog for a code bound to the PKCE challenge (OIDC code flow)", () => {
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
    const url = authorisationUrl({ ...REQUEST, provider: 'facebook', codeChallenge: challenge })
    expect(new URL(url).origin + new URL(url).pathname).toBe(
      'https://www.facebook.com/v19.0/dialog/oauth'
    )
    expect(paramsOf(url)).toEqual({
      client_id: 'web-client',
      redirect_uri: REQUEST.redirectUri,
      response_type: 'code',
      scope: 'openid email',
      state: REQUEST.state,
      nonce: REQUEST.nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    // Never without its challenge: a code anyone could redeem.
    expect(() => authorisationUrl({ ...REQUEST, provider: 'facebook' })).toThrow()
  })

  it('in the sandbox, points at this origin with the same parameters', () => {
    const url = authorisationUrl({ ...REQUEST, provider: 'google', sandbox: true })
    expect(url.startsWith('https://shop.example/sandbox-identity/google/authorize?')).toBe(true)
    expect(paramsOf(url)).toMatchObject({ state: REQUEST.state, nonce: REQUEST.nonce })
    // The sandbox's Facebook answers by form_post, as Google does.
    const facebook = authorisationUrl({ ...REQUEST, provider: 'facebook', sandbox: true })
    expect(paramsOf(facebook)).toMatchObject({
      response_type: 'id_token',
      response_mode: 'form_post',
    })
  })
})

describe('state cookie', () => {
  const pending: SocialSignIn = {
    provider: 'google',
    state: REQUEST.state,
    nonce: REQUEST.nonce,
    redirect: '/basket',
  }
  const app = new Hono()
  app.get('/remember', (c) => {
    rememberSocialSignIn(c, pending)
    return c.text('ok')
  })
  app.get('/take/:provider', (c) => {
    const provider = c.req.param('provider') === 'apple' ? 'apple' : 'google'
    return c.json(takeSocialSignIn(c, provider, c.req.query('state')))
  })

  async function cookie(): Promise<string> {
    const res = await app.request('http://localhost/remember')
    const line = res.headers.getSetCookie()[0] ?? ''
    expect(line).toMatch(/^sf_social_sign_in=.*Max-Age=600.*HttpOnly.*SameSite=Lax/)
    return line.split(';')[0] ?? ''
  }

  async function take(path: string): Promise<{ body: unknown; cleared: boolean }> {
    const res = await app.request(`http://localhost${path}`, {
      headers: { cookie: await cookie() },
    })
    const cleared = res.headers.getSetCookie().some((line) => /Max-Age=0/.test(line))
    return { body: await res.json(), cleared }
  }

  it('gives the sign-in back for its provider and state, once (the cookie is cleared)', async () => {
    expect(await take(`/take/google?state=${REQUEST.state}`)).toEqual({
      body: pending,
      cleared: true,
    })
  })

  it('refuses another state, another provider or none, and clears it all the same', async () => {
    for (const path of [
      `/take/google?state=${'t'.repeat(43)}`,
      `/take/apple?state=${REQUEST.state}`,
      '/take/google',
    ]) {
      expect(await take(path)).toEqual({ body: null, cleared: true })
    }
  })
})

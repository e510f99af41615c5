import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  type JWTVerifyGetKey,
  SignJWT,
  UnsecuredJWT,
} from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { verifyIdToken } from '../../../worker/backend/auth/social.ts'
import { SOCIAL_SIGN_IN_FAILED } from '../../../worker/lib/social-sign-in.ts'
import { socialClientIds } from '../../../worker/lib/social-sign-in.ts'

const NOW = new Date('2026-11-21T10:00:00.000Z')
const NOW_S = NOW.getTime() / 1000
const AUDIENCE = 'storefront-web.apps.example'
const NONCE = 'nonce-0123456789abcdef-unit'

let signingKey: CryptoKey
let strangerKey: CryptoKey
let keys: JWTVerifyGetKey

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  const stranger = await generateKeyPair('RS256')
  signingKey = pair.privateKey
  strangerKey = stranger.privateKey
  keys = createLocalJWKSet({
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' }],
  })
})

function googleToken(
  claims: JWTPayload = {},
  options: { key?: CryptoKey; iss?: string; aud?: string; exp?: number } = {}
): Promise<string> {
  return new SignJWT({
    nonce: NONCE,
    email: 'Ada@Example.com',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })
    .setIssuer(options.iss ?? 'https://accounts.google.com')
    .setAudience(options.aud ?? AUDIENCE)
    .setSubject('google-subject-1')
    .setIssuedAt(NOW_S - 60)
    .setExpirationTime(options.exp ?? NOW_S + 3600)
    .sign(options.key ?? signingKey)
}

const verify = (token: string, nonce = NONCE, audience = [AUDIENCE]) =>
  verifyIdToken('google', token, { audience, nonce, keys, now: NOW })

describe('verifyIdToken', () => {
  it('accepts a good token and reads the person from it', async () => {
    expect(await verify(await googleToken())).toEqual({
      provider: 'google',
      subject: 'google-subject-1',
      email: 'ada@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
  })

  it("accepts Google's issuer without scheme and any of several client ids", async () => {
    const token = await googleToken({}, { iss: 'accounts.google.com', aud: 'ios-client' })
    expect((await verify(token, NONCE, [AUDIENCE, 'ios-client'])).subject).toBe('google-subject-1')
  })

  it("reads Apple's string email_verified and splits a full name", async () => {
    const token = await new SignJWT({
      nonce: NONCE,
      email: 'x@privaterelay.appleid.com',
      email_verified: 'true',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setIssuer('https://appleid.apple.com')
      .setAudience(AUDIENCE)
      .setSubject('apple-1')
      .setIssuedAt(NOW_S)
      .setExpirationTime(NOW_S + 600)
      .sign(signingKey)
    const apple = await verifyIdToken('apple', token, {
      audience: [AUDIENCE],
      nonce: NONCE,
      keys,
      now: NOW,
    })
    expect(apple).toMatchObject({ subject: 'apple-1', emailVerified: true, firstName: null })
    const named = await verify(
      await googleToken({
        given_name: undefined,
        family_name: undefined,
        name: 'Grace Brewster Hopper',
      })
    )
    expect(named).toMatchObject({ firstName: 'Grace', lastName: 'Brewster Hopper' })
  })

  it("refuses another provider's issuer", async () => {
    await expect(
      verify(await googleToken({}, { iss: 'https://appleid.apple.com' }))
    ).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'iss' })
    // A Google token is not an Apple token.
    await expect(
      verifyIdToken('apple', await googleToken(), {
        audience: [AUDIENCE],
        nonce: NONCE,
        keys,
        now: NOW,
      })
    ).rejects.toThrow()
  })

  it('refuses a token issued to another client', async () => {
    await expect(verify(await googleToken({}, { aud: 'someone-elses-app' }))).rejects.toMatchObject(
      {
        code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
        claim: 'aud',
      }
    ) // No client id configured: nothing is accepted.
    await expect(verify(await googleToken(), NONCE, [])).rejects.toThrow('no client id')
  })

  it('refuses an expired token', async () => {
    await expect(verify(await googleToken({}, { exp: NOW_S - 120 }))).rejects.toMatchObject({
      code: 'ERR_JWT_EXPIRED',
    })
  })

  it('refuses a bad signature', async () => {
    await expect(verify(await googleToken({}, { key: strangerKey }))).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    })
    const good = await googleToken()
    const [header, , signature] = good.split('.')
    const forged = `${header}.${btoa(JSON.stringify({ sub: 'admin', nonce: NONCE })).replace(/=+$/, '')}.${signature}`
    await expect(verify(forged)).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    })
  })

  it('refuses alg none', async () => {
    const unsigned = new UnsecuredJWT({ nonce: NONCE, email: 'ada@example.com' })
      .setIssuer('https://accounts.google.com')
      .setAudience(AUDIENCE)
      .setSubject('google-subject-1')
      .setIssuedAt(NOW_S)
      .setExpirationTime(NOW_S + 600)
      .encode()
    await expect(verify(unsigned)).rejects.toMatchObject({ code: 'ERR_JOSE_ALG_NOT_ALLOWED' })
  })

  it('refuses a wrong or absent nonce', async () => {
    await expect(verify(await googleToken(), 'another-nonce-0123456789')).rejects.toThrow(
      'nonce does not match'
    )
    await expect(verify(await googleToken({ nonce: undefined }))).rejects.toMatchObject({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      claim: 'nonce',
    })
  })
})

describe('configuration', () => {
  it('reads comma-separated client ids per provider', () => {
    const env = {
      APP_ENV: 'test',
      SOCIAL_SIGN_IN: 'live',
      GOOGLE_CLIENT_ID: ' web , ios,',
      FACEBOOK_APP_ID: '123',
      APPLE_CLIENT_ID: '',
    }
    expect(socialClientIds(env, 'google')).toEqual(['web', 'ios'])
    expect(socialClientIds(env, 'facebook')).toEqual(['123'])
    expect(socialClientIds(env, 'apple')).toEqual([])
  })

  it("answers each provider's failure message", () => {
    expect(SOCIAL_SIGN_IN_FAILED).toEqual({
      google: MESSAGES.googleLoginFailed,
      facebook: MESSAGES.facebookLoginFailed,
      apple: 'Unable to login with Apple, please try again',
    })
  })
})

import { env } from 'cloudflare:test'
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  type JWTVerifyGetKey,
  SignJWT,
} from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SocialProvider, TokenResponse } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createNonce } from '../../../worker/backend/auth/service.ts'
import { socialLogin } from '../../../worker/backend/auth/social.ts'
import {
  authSnapshot,
  BUSINESS_ID,
  call,
  depsAt,
  expectError,
  freshIp,
  OTHER,
  registerMember,
  seedCatalogue,
  testEnv,
  uniqueEmail,
  whoami,
} from './fixtures.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { callBackend } from '../../support/workers/requests.ts'

const AUDIENCE = 'storefront-web-client'
const ISSUERS: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  apple: 'https://appleid.apple.com',
}

let signingKey: CryptoKey
let strangerKey: CryptoKey
let keys: JWTVerifyGetKey

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const pair = await generateKeyPair('RS256')
  signingKey = pair.privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  keys = createLocalJWKSet({
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'local-1', alg: 'RS256' }],
  })
})

/** The auth snapshot plus linked identities and nonce uses. */
async function snapshot(): Promise<Record<string, unknown>> {
  const [identities, nonces] = await env.DB.batch([
    env.DB.prepare(
      `select count(*) as n, group_concat(customer_id || ':' || provider || ':' || subject, '|')
         as v from customer_identities`
    ),
    env.DB.prepare(
      `select group_concat(id || ':' || coalesce(consumed_at, ''), '|') as v from auth_nonces`
    ),
  ])
  return {
    ...(await authSnapshot()),
    identities: identities?.results[0],
    nonces: nonces?.results[0],
  }
}

async function nonceFor(businessId = BUSINESS_ID): Promise<string> {
  const result = await call('/auth/nonce', { businessId })
  expect(result.status).toBe(200)
  return (result.json as { nonce: string }).nonce
}

let subjectCounter = 0
const newSubject = () => `subject-${++subjectCounter}-${Date.now()}`

function idToken(
  provider: SocialProvider,
  claims: JWTPayload & { sub: string; nonce: string },
  key: CryptoKey = signingKey
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'local-1' })
    .setIssuer(ISSUERS[provider])
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key)
}

function signIn(
  provider: SocialProvider,
  token: string,
  nonce: string,
  businessId = BUSINESS_ID
): Promise<TokenResponse> {
  return socialLogin(
    depsAt(new Date()),
    provider,
    { businessId, idToken: token, nonce },
    { audience: [AUDIENCE], keys }
  )
}

const customerByEmail = (email: string, businessId = BUSINESS_ID) =>
  env.DB.prepare(
    `select id, first_name, last_name, password_hash, email_verified_at from customers
     where email = ?1 and business_id = ?2`
  )
    .bind(email, businessId)
    .first<{
      id: number
      first_name: string
      last_name: string
      password_hash: string | null
      email_verified_at: string | null
    }>()

/** A member who proved their email with the code we sent (registration, then the check). */
async function verifiedMember(): Promise<{ email: string; tokens: TokenResponse }> {
  const member = await registerMember({ registrationType: 'registered_with_verification' })
  const row = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = 'email_verification'
     order by id desc`
  )
    .bind(member.email)
    .first<{ payload_json: string }>()
  const { code } = JSON.parse(row?.payload_json ?? '{}') as { code: string }
  const checked = await call(
    '/member/verification-code/check',
    { businessId: BUSINESS_ID, verificationCode: code },
    { bearer: member.tokens.access_token }
  )
  expect(checked.status).toBe(200)
  return member
}

/** The refusal asking the shopper to sign in to the account first: its link token. */
async function expectAskedToSignIn(
  attempt: Promise<TokenResponse>,
  provider: SocialProvider
): Promise<string> {
  const error: unknown = await attempt.then(
    () => null,
    (reason: unknown) => reason
  )
  const name = { google: 'Google', facebook: 'Facebook', apple: 'Apple' }[provider]
  expect(error).toMatchObject({
    code: 'conflict',
    message: MESSAGES.socialLinkRequired.replaceAll('%s', name),
    details: { reason: 'social_link_required', provider, linkToken: expect.any(String) },
  })
  return (error as { details: { linkToken: string } }).details.linkToken
}

const link = (linkToken: string, bearer: string) =>
  call('/auth/social/link', { businessId: BUSINESS_ID, linkToken }, { bearer })

const refusal = (provider: SocialProvider) => ({
  code: 'unauthorized',
  message: {
    google: MESSAGES.googleLoginFailed,
    facebook: MESSAGES.facebookLoginFailed,
    apple: MESSAGES.appleLoginFailed,
  }[provider],
})

describe('social sign-in', () => {
  it('creates a member from a new Google account and signs the same one in next time', async () => {
    const email = uniqueEmail('google')
    const sub = newSubject()
    const claims = { sub, email, email_verified: true, given_name: 'Ada', family_name: 'Byron' }
    const nonce = await nonceFor()
    const first = await signIn('google', await idToken('google', { ...claims, nonce }), nonce)
    expect(first.kind).toBe('member')
    expect(await customerByEmail(email)).toEqual({
      id: first.customerId,
      first_name: 'Ada',
      last_name: 'Byron',
      password_hash: null,
      email_verified_at: expect.any(String),
    })
    expect((await whoami(first.access_token)).status).toBe(200)

    const again = await nonceFor()
    const before = await snapshot()
    const second = await signIn(
      'google',
      await idToken('google', { ...claims, nonce: again }),
      again
    )
    expect(second.customerId).toBe(first.customerId)
    const after = await snapshot()
    expect(after.customers).toEqual(before.customers)
    expect(after.identities).toEqual(before.identities)
  })

  it('links a Google account to the member who proved the same email by our code', async () => {
    const { email, tokens } = await verifiedMember()
    const nonce = await nonceFor()
    const token = await idToken('google', { sub: newSubject(), email, email_verified: true, nonce })
    const before = await snapshot()
    const session = await signIn('google', token, nonce)
    expect(session.customerId).toBe(tokens.customerId)
    const after = await snapshot()
    expect(after.customers).toEqual(before.customers)
    expect(after.identities).not.toEqual(before.identities)
  })

  it('pre-hijack: a password account made for the address never catches its Google sign-in', async () => {
    // Someone registers a password account with the victim's address; no code ever reaches it.
    const { email, tokens: trap } = await registerMember()
    expect((await customerByEmail(email))?.email_verified_at).toBeNull()
    const sub = newSubject()
    const nonce = await nonceFor()
    const token = await idToken('google', { sub, email, email_verified: true, nonce })
    const { nonces: noncesBefore, ...before } = await snapshot()
    await expectAskedToSignIn(signIn('google', token, nonce), 'google')
    // No session and no link: the owner is asked to sign in, not put into the account.
    const { nonces, ...after } = await snapshot()
    expect(after).toEqual(before)
    expect(nonces).not.toEqual(noncesBefore)
    // Asking again still does not link; the trap's password opens only its own, Google-less account.
    const again = await nonceFor()
    const retry = await idToken('google', { sub, email, email_verified: true, nonce: again })
    await expectAskedToSignIn(signIn('google', retry, again), 'google')
    expect((await snapshot()).identities).toEqual(before.identities)
    expect(trap.customerId).toBe((await customerByEmail(email))?.id)
  })

  it('links once the shopper signs in to the account, and only that account', async () => {
    const { email, tokens } = await registerMember({
      registrationType: 'registered_with_verification',
    })
    const sub = newSubject()
    const nonce = await nonceFor()
    const token = await idToken('google', { sub, email, email_verified: true, nonce })
    const linkToken = await expectAskedToSignIn(signIn('google', token, nonce), 'google')

    const other = await registerMember()
    const before = await snapshot()
    expect(await link(linkToken, other.tokens.access_token)).toMatchObject({
      status: 200,
      json: { linked: null },
    })
    expect(await link('x'.repeat(43), tokens.access_token)).toMatchObject({
      json: { linked: null },
    })
    expect((await snapshot()).identities).toEqual(before.identities)

    expect(await link(linkToken, tokens.access_token)).toMatchObject({
      status: 200,
      json: { linked: 'google' },
    })
    // Used once.
    expect(await link(linkToken, tokens.access_token)).toMatchObject({ json: { linked: null } })
    const next = await nonceFor()
    const later = await idToken('google', { sub, email, email_verified: true, nonce: next })
    expect((await signIn('google', later, next)).customerId).toBe(tokens.customerId)
  })

  it('lets a link request lapse after 10 minutes', async () => {
    const { email, tokens } = await registerMember()
    const nonce = await nonceFor()
    const token = await idToken('google', { sub: newSubject(), email, email_verified: true, nonce })
    const linkToken = await expectAskedToSignIn(signIn('google', token, nonce), 'google')
    await env.DB.prepare(
      `update social_link_requests set expires_at = '2000-01-01T00:00:00.000Z'
       where customer_id = ?1`
    )
      .bind(tokens.customerId ?? 0)
      .run()
    expect(await link(linkToken, tokens.access_token)).toMatchObject({ json: { linked: null } })
  })

  it('asks to sign in when the provider did not verify the email (Facebook)', async () => {
    const { email } = await verifiedMember()
    const nonce = await nonceFor()
    const token = await idToken('facebook', { sub: newSubject(), email, nonce })
    await expectAskedToSignIn(signIn('facebook', token, nonce), 'facebook')
  })

  it('creates a Facebook member with an unverified email and a name split from `name`', async () => {
    const email = uniqueEmail('facebook')
    const nonce = await nonceFor()
    const token = await idToken('facebook', {
      sub: newSubject(),
      email,
      name: 'Grace Hopper',
      nonce,
    })
    const session = await signIn('facebook', token, nonce)
    expect(await customerByEmail(email)).toMatchObject({
      id: session.customerId,
      first_name: 'Grace',
      last_name: 'Hopper',
      email_verified_at: null,
    })
  })

  it('refuses a reused, unknown or expired nonce and changes nothing', async () => {
    const claims = { sub: newSubject(), email: uniqueEmail('apple'), email_verified: 'true' }
    const nonce = await nonceFor()
    await signIn('apple', await idToken('apple', { ...claims, nonce }), nonce)
    const before = await snapshot()
    await expect(
      signIn('apple', await idToken('apple', { ...claims, nonce }), nonce)
    ).rejects.toMatchObject(refusal('apple'))
    const unknown = 'never-issued-nonce-0123456789abcdef'
    await expect(
      signIn('apple', await idToken('apple', { ...claims, nonce: unknown }), unknown)
    ).rejects.toMatchObject(refusal('apple'))
    expect(await snapshot()).toEqual(before)

    const stale = await createNonce(depsAt(new Date(Date.now() - 11 * 60 * 1000)), BUSINESS_ID)
    const staleBefore = await snapshot()
    await expect(
      signIn('apple', await idToken('apple', { ...claims, nonce: stale.nonce }), stale.nonce)
    ).rejects.toMatchObject(refusal('apple'))
    expect(await snapshot()).toEqual(staleBefore)
  })

  it("refuses another business's nonce", async () => {
    const nonce = await nonceFor(OTHER.businessId)
    const token = await idToken('google', {
      sub: newSubject(),
      email: uniqueEmail(),
      email_verified: true,
      nonce,
    })
    const before = await snapshot()
    await expect(signIn('google', token, nonce)).rejects.toMatchObject(refusal('google'))
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a token signed with another key, leaving the nonce usable', async () => {
    const claims = { sub: newSubject(), email: uniqueEmail(), email_verified: true }
    const nonce = await nonceFor()
    const forged = await idToken('google', { ...claims, nonce }, strangerKey)
    const before = await snapshot()
    await expect(signIn('google', forged, nonce)).rejects.toMatchObject(refusal('google'))
    expect(await snapshot()).toEqual(before)
    expect(
      (await signIn('google', await idToken('google', { ...claims, nonce }), nonce)).kind
    ).toBe('member')
  })

  it('refuses a disabled member linked to the account', async () => {
    const email = uniqueEmail()
    const sub = newSubject()
    const first = await nonceFor()
    const session = await signIn(
      'google',
      await idToken('google', { sub, email, email_verified: true, nonce: first }),
      first
    )
    await env.DB.prepare(`update customers set status = 'disabled' where id = ?1`)
      .bind(session.customerId ?? 0)
      .run()
    const nonce = await nonceFor()
    const token = await idToken('google', { sub, email, email_verified: true, nonce })
    await expect(signIn('google', token, nonce)).rejects.toMatchObject(refusal('google'))
  })

  it('keeps the same Google account apart in two businesses', async () => {
    const email = uniqueEmail()
    const sub = newSubject()
    const claims = { sub, email, email_verified: true }
    const ours = await nonceFor()
    const theirs = await nonceFor(OTHER.businessId)
    const here = await signIn('google', await idToken('google', { ...claims, nonce: ours }), ours)
    const there = await signIn(
      'google',
      await idToken('google', { ...claims, nonce: theirs }),
      theirs,
      OTHER.businessId
    )
    expect(there.customerId).not.toBe(here.customerId)
    expect((await customerByEmail(email, OTHER.businessId))?.id).toBe(there.customerId)
  })
})

describe('social grants at /oauth/token', () => {
  it.each([
    ['google', MESSAGES.googleLoginFailed],
    ['facebook', MESSAGES.facebookLoginFailed],
    ['apple', MESSAGES.appleLoginFailed],
  ] as const)(
    '%s: a refused token answers 401 %s and changes nothing',
    async (provider, message) => {
      const nonce = await nonceFor()
      const before = await snapshot()
      const result = await call('/oauth/token', {
        grant_type: provider,
        businessId: BUSINESS_ID,
        id_token: 'not.a.token',
        nonce,
      })
      expectError(result, 401, message)
      expect(await snapshot()).toEqual(before)
    }
  )

  it('refuses a grant without a nonce as invalid input', async () => {
    const result = await call('/oauth/token', {
      grant_type: 'google',
      businessId: BUSINESS_ID,
      id_token: 'a.b.c',
    })
    expect(result.status).toBe(422)
  })
})

describe('nonces for social sign-in', () => {
  it('limits one machine to 20 a minute and never holds up another', async () => {
    // The binding's window never turns over here, so the 21 calls are one window at any hour.
    const bindings: Env = {
      ...testEnv,
      AUTH_LIMITER: countingLimiter(WRANGLER_LIMITS.AUTH_LIMITER),
    }
    const ip = freshIp()
    const statuses: Array<number> = []
    for (let i = 0; i < 21; i++) {
      const result = await callBackend('/auth/nonce', { businessId: BUSINESS_ID }, { ip, bindings })
      statuses.push(result.status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
    const other = await callBackend(
      '/auth/nonce',
      { businessId: BUSINESS_ID },
      { ip: freshIp(), bindings }
    )
    expect(other.status).toBe(200)
  })
})

import {
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import {
  SOCIAL_LINK_REQUIRED,
  SOCIAL_PROVIDER_NAMES,
  type SocialProvider,
  type TokenResponse,
} from '../../../schemas/auth.ts'
import { AppError } from '../../lib/errors.ts'
import {
  type SocialEnv,
  sandboxIssuer,
  socialClientIds,
  socialSandboxActive,
  SOCIAL_SIGN_IN_FAILED,
} from '../../lib/social-sign-in.ts'
import { logError } from '../../lib/log.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import { applySocialLinkRequest, insertSocialLinkRequest } from './social-links-repo.ts'
import {
  consumeNonce,
  findCustomerByEmail,
  findIdentityCustomer,
  insertSocialCustomer,
  linkIdentity,
  recordLogin,
} from './repo.ts'
import { type AuthDeps, startSession } from './sessions.ts'

interface ProviderConfig {
  /** Accepted `iss` values. */
  issuers: Array<string>
  /** The provider's published signing keys: a token's `kid` is looked up in each, in order. */
  jwksUrls: Array<string>
}

/** Issuers and key sets of the providers' ID tokens (all RS256). */
export const SOCIAL_PROVIDER_CONFIG: Record<SocialProvider, ProviderConfig> = {
  google: {
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    jwksUrls: ['https://www.googleapis.com/oauth2/v3/certs'],
  },
  apple: {
    issuers: ['https://appleid.apple.com'],
    jwksUrls: ['https://appleid.apple.com/auth/keys'],
  },
  // Two documented flows give Facebook OIDC ID tokens: the web's code flow with PKCE (the
  // storefront; keys at www.facebook.com, issuer https://www.facebook.com) and the apps' Limited
  // Login (keys at limited.facebook.com, whose discovery document lives there too). Both key sets
  // and both hosts as issuer, so an app's token and the web's verify alike.
  facebook: {
    issuers: ['https://www.facebook.com', 'https://limited.facebook.com'],
    jwksUrls: [
      'https://www.facebook.com/.well-known/oauth/openid/jwks/',
      'https://limited.facebook.com/.well-known/oauth/openid/jwks/',
    ],
  },
}

/** Who the provider says signed in. */
export interface SocialIdentity {
  provider: SocialProvider
  /** The provider's stable id of the person (`sub`). */
  subject: string
  email: string | null
  /** Whether the provider asserts it verified the email (`email_verified`). */
  emailVerified: boolean
  firstName: string | null
  lastName: string | null
}

/** Why an ID token was refused; the shopper only ever sees the provider's failure message. */
export class SocialTokenError extends Error {
  override name = 'SocialTokenError'
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

function identityOf(provider: SocialProvider, payload: JWTPayload): SocialIdentity {
  const subject = text(payload.sub)
  if (!subject) throw new SocialTokenError('token has no subject')
  const email = text(payload.email)?.toLowerCase() ?? null
  // Apple sends "true" as a string, Google a boolean; Facebook sends none.
  const emailVerified = payload.email_verified === true || payload.email_verified === 'true'
  let firstName = text(payload.given_name)
  let lastName = text(payload.family_name)
  const name = text(payload.name)
  if (!firstName && name) {
    const [first = '', ...rest] = name.split(/\s+/)
    firstName = first
    lastName ??= rest.join(' ') || null
  }
  return { provider, subject, email, emailVerified, firstName, lastName }
}

/**
 * THE verifier of social ID tokens: signature (RS256 only; `none` and every other algorithm are
 * refused) against `keys`, the provider's issuer, `audience` (our client ids), expiry, and the
 * `nonce` claim equal to the nonce the client asked for. Throws SocialTokenError (or a jose error)
 * on any failure. The nonce's single use is the caller's (it lives in D1).
 *
 * @example await verifyIdToken('google', idToken, { audience: ['id.apps.googleusercontent.com'], nonce, keys: socialKeys('google') })
 */
export async function verifyIdToken(
  provider: SocialProvider,
  idToken: string,
  options: SocialVerifier & { nonce: string; now?: Date }
): Promise<SocialIdentity> {
  if (!options.audience.length) throw new SocialTokenError(`no client id for ${provider}`)
  const { payload } = await jwtVerify(idToken, options.keys, {
    algorithms: ['RS256'],
    issuer: options.issuers ?? SOCIAL_PROVIDER_CONFIG[provider].issuers,
    audience: options.audience,
    requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
    clockTolerance: 30,
    ...(options.now ? { currentDate: options.now } : {}),
  })
  if (payload.nonce !== options.nonce) throw new SocialTokenError('nonce does not match')
  return identityOf(provider, payload)
}

// One key set per provider and isolate, so its cache of fetched keys lasts across requests.
const remoteKeys = new Map<SocialProvider, JWTVerifyGetKey>()

/**
 * The key of the first set holding the token's `kid`; a set without it passes to the next, any
 * other failure (unreachable, malformed) stops there.
 */
function firstMatchingKey(sets: Array<JWTVerifyGetKey>): JWTVerifyGetKey {
  return async (header, token) => {
    let lastMiss: unknown = new errors.JWKSNoMatchingKey()
    for (const keys of sets) {
      try {
        return await keys(header, token)
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error
        lastMiss = error
      }
    }
    throw lastMiss
  }
}

/**
 * The provider's published keys (fetched when first needed, cached by jose). `fetcher` replaces
 * the network (a test's fake provider): such a set is never cached.
 */
export function socialKeys(provider: SocialProvider, fetcher?: typeof fetch): JWTVerifyGetKey {
  const urls = SOCIAL_PROVIDER_CONFIG[provider].jwksUrls.map((url) => new URL(url))
  if (fetcher) {
    return firstMatchingKey(urls.map((url) => createRemoteJWKSet(url, { [customFetch]: fetcher })))
  }
  let keys = remoteKeys.get(provider)
  if (!keys) {
    keys = firstMatchingKey(urls.map((url) => createRemoteJWKSet(url)))
    remoteKeys.set(provider, keys)
  }
  return keys
}

/** What an ID token is checked against: our client ids, the keys, and (sandbox) the issuer. */
export interface SocialVerifier {
  audience: Array<string>
  keys: JWTVerifyGetKey
  /** Accepted `iss` values; the provider's own unless given (the sandbox's, ADR 026). */
  issuers?: Array<string>
}

/**
 * THE choice of verifier (ADR 026): in sandbox sign-in mode (never in production) the sandbox
 * identity provider's issuer and keys; otherwise the provider's published ones. Our client ids
 * either way (the sandbox's own when none is configured).
 */
export async function socialVerifier(
  env: SocialEnv,
  provider: SocialProvider,
  sandbox: { keys: () => Promise<JWTVerifyGetKey> },
  /** The provider's JWKS fetch (tests: a fake provider); the network by default. */
  fetcher?: typeof fetch
): Promise<SocialVerifier> {
  const audience = socialClientIds(env, provider)
  if (!socialSandboxActive(env)) return { audience, keys: socialKeys(provider, fetcher) }
  return { audience, keys: await sandbox.keys(), issuers: [sandboxIssuer(provider)] }
}

/**
 * Grants google, facebook, apple: verifies the ID token, uses up the nonce, then signs in the
 * member linked to the provider's subject. Unlinked, it links the member of the business with the
 * same email when both sides have proven it (the provider asserts email_verified and our
 * customer's email_verified_at is set, which only a code we sent does: an unproven account could
 * be someone else's trap, issue 36.1), or creates a member (no password; names from the token).
 * An existing member it may not link answers 409 with a link token (askToSignInToLink). Every
 * other failure is 401 with the provider's message.
 */
export async function socialLogin(
  deps: AuthDeps,
  provider: SocialProvider,
  input: {
    businessId: number
    idToken: string
    nonce: string
    /** A name given beside the token (Apple's first sign-in), for a member created now. */
    name?: { firstName?: string | undefined; lastName?: string | undefined }
  },
  verifier: SocialVerifier
): Promise<TokenResponse> {
  const failed = (reason: string, error?: unknown) => {
    logError(
      error ?? new SocialTokenError(reason),
      { event: `${provider} sign-in refused` },
      'warn'
    )
    return new AppError('unauthorized', SOCIAL_SIGN_IN_FAILED[provider])
  }
  let identity: SocialIdentity
  try {
    identity = await verifyIdToken(provider, input.idToken, {
      ...verifier,
      nonce: input.nonce,
      now: deps.now,
    })
  } catch (error) {
    throw failed('token refused', error)
  }
  const nowIso = deps.now.toISOString()
  const { businessId } = input
  if (!(await consumeNonce(deps.db, businessId, await sha256Hex(input.nonce), nowIso))) {
    throw failed('nonce unknown, used or expired')
  }

  let customerId: number
  const linked = await findIdentityCustomer(deps.db, businessId, provider, identity.subject)
  if (linked) {
    if (linked.status !== 'active') throw failed('linked account not active')
    customerId = linked.id
  } else {
    if (!identity.email) throw failed('token has no email')
    const existing = await findCustomerByEmail(deps.db, businessId, identity.email)
    if (existing) {
      if (existing.status !== 'active') throw failed('account with that email not active')
      if (!identity.emailVerified || !existing.email_verified_at) {
        throw await askToSignInToLink(deps, businessId, existing.id, identity)
      }
      customerId = existing.id
    } else {
      const created = await insertSocialCustomer(deps.db, {
        businessId,
        email: identity.email,
        firstName: identity.firstName ?? input.name?.firstName ?? '',
        lastName: identity.lastName ?? input.name?.lastName ?? '',
        emailVerified: identity.emailVerified,
        now: nowIso,
      })
      // Registered by a concurrent request a moment ago: the shopper tries again.
      if (created === null) throw failed('email registered concurrently')
      customerId = created
    }
    if (!(await linkIdentity(deps.db, businessId, customerId, provider, identity.subject))) {
      throw failed('subject linked concurrently')
    }
  }
  await recordLogin(deps.db, customerId, nowIso, null)
  return startSession(deps, { businessId, kind: 'member', customerId })
}

/** How long a social sign-in waits for the shopper to sign in to the account it met. */
const SOCIAL_LINK_TTL_MS = 10 * 60 * 1000

/**
 * The refusal of a sign-in whose email belongs to a member nobody proved owns it (or a provider
 * that does not vouch for the address): rather than walk into that account, the link waits
 * (10 minutes, its token's hash in D1) for the shopper to sign in to it by password or one-time
 * code, which only its owner can (applySocialLink). The token is for the storefront's cookie.
 */
async function askToSignInToLink(
  deps: AuthDeps,
  businessId: number,
  customerId: number,
  identity: SocialIdentity
): Promise<AppError> {
  const linkToken = randomToken()
  await insertSocialLinkRequest(deps.db, {
    businessId,
    customerId,
    provider: identity.provider,
    subject: identity.subject,
    tokenHash: await sha256Hex(linkToken),
    expiresAt: new Date(deps.now.getTime() + SOCIAL_LINK_TTL_MS).toISOString(),
    now: deps.now.toISOString(),
  })
  const name = SOCIAL_PROVIDER_NAMES[identity.provider]
  return new AppError('conflict', formatMessage('socialLinkRequired', name, name), {
    details: {
      reason: SOCIAL_LINK_REQUIRED,
      provider: identity.provider,
      linkToken,
      // The shopper's own address, from their provider: the storefront fills its sign-in form.
      email: identity.email,
    },
  })
}

/**
 * Links the waiting social sign-in the token names to the signed-in member, once, when it was
 * made for this member and is still live: the provider linked, or null (nothing changed).
 */
export async function applySocialLink(
  deps: AuthDeps,
  member: { businessId: number; customerId: number },
  linkToken: string
): Promise<SocialProvider | null> {
  const provider = await applySocialLinkRequest(deps.db, {
    ...member,
    tokenHash: await sha256Hex(linkToken),
    now: deps.now.toISOString(),
  })
  return provider === 'google' || provider === 'apple' || provider === 'facebook' ? provider : null
}

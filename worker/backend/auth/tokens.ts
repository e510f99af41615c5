import { errors, jwtVerify, type JWTPayload, SignJWT } from 'jose'
import { z } from 'zod'
import { AUTH_KINDS, type AuthKind } from '../../../schemas/auth.ts'
import { deriveKey } from '../../lib/crypto.ts'

/** Access tokens live 15 minutes (the most the security targets allow). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
/** A refresh token not used within 30 days expires. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60
/** However often it is refreshed, a session ends 90 days after sign-in (ASVS 10.4.8). */
export const SESSION_FAMILY_TTL_SECONDS = 90 * 24 * 60 * 60

export const ACCESS_TOKEN_ISSUER = 'storefront'
export const ACCESS_TOKEN_AUDIENCE = 'storefront-api'
/** RFC 9068 token type: a refresh or ID token can never pass for an access token. */
export const ACCESS_TOKEN_TYPE = 'at+jwt'
const ALGORITHM = 'HS256'
/** HKDF label of the access token key: changing it rotates the key without a new SESSION_SECRET. */
export const ACCESS_TOKEN_KEY_LABEL = 'storefront access token v1'

/** What an access token says about its bearer. */
export interface AccessClaims {
  kind: AuthKind
  businessId: number
  /** Members only. */
  customerId?: number
  /** The refresh family (session) it belongs to. */
  familyId: string
  /** Issued at, seconds since the epoch. */
  issuedAt: number
}

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  kind: z.enum(AUTH_KINDS),
  bid: z.int().positive(),
  sid: z.string().min(1),
  iat: z.int().nonnegative(),
  exp: z.int().positive(),
})

/**
 * A signed access token for `audience` (HS256, typ at+jwt, issuer storefront, 15 minutes). Shared
 * by the shopper tokens below and the staff tokens (worker/backend/staff/tokens.ts): the audience
 * is what keeps one from ever passing for the other.
 */
export async function signAudienceToken(
  secret: string,
  audience: string,
  subject: string,
  claims: Record<string, string | number>,
  now: Date
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE })
    .setSubject(subject)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await deriveKey(secret, ACCESS_TOKEN_KEY_LABEL))
}

/** A signed access token for these claims, valid for {@link ACCESS_TOKEN_TTL_SECONDS}. */
export function signAccessToken(
  secret: string,
  claims: Omit<AccessClaims, 'issuedAt'>,
  now: Date
): Promise<string> {
  const sub = claims.kind === 'member' ? String(claims.customerId) : `guest:${claims.familyId}`
  return signAudienceToken(
    secret,
    ACCESS_TOKEN_AUDIENCE,
    sub,
    { kind: claims.kind, bid: claims.businessId, sid: claims.familyId },
    now
  )
}

export type AccessTokenFailure = 'expired' | 'invalid'

/**
 * Verifies an access token of `audience`: signature first with HS256 only (no `none`, no other
 * algorithm), then issuer, audience, type and expiry. Never throws: a failure says whether the
 * token had merely expired (the caller is told the session expired) or was bad. The caller
 * checks the claims of its own audience.
 */
export async function verifyAudienceToken(
  secret: string,
  audience: string,
  token: string,
  now: Date
): Promise<{ ok: true; payload: JWTPayload } | { ok: false; reason: AccessTokenFailure }> {
  try {
    const { payload } = await jwtVerify(token, await deriveKey(secret, ACCESS_TOKEN_KEY_LABEL), {
      algorithms: [ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience,
      typ: ACCESS_TOKEN_TYPE,
      currentDate: now,
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
      requiredClaims: ['sub', 'iat', 'exp'],
    })
    return { ok: true, payload }
  } catch (error) {
    // Only a token that is otherwise good reaches the expiry check, so 'expired' is never a
    // forged token's answer.
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'invalid' }
  }
}

/** Verifies a shopper's access token ({@link verifyAudienceToken}) and reads its claims. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date
): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: AccessTokenFailure }> {
  const verified = await verifyAudienceToken(secret, ACCESS_TOKEN_AUDIENCE, token, now)
  if (!verified.ok) return verified
  const parsed = ClaimsSchema.safeParse(verified.payload)
  if (!parsed.success) return { ok: false, reason: 'invalid' }
  const { sub, kind, bid, sid, iat } = parsed.data
  const claims: AccessClaims = { kind, businessId: bid, familyId: sid, issuedAt: iat }
  if (kind === 'member') {
    if (!/^\d+$/.test(sub)) return { ok: false, reason: 'invalid' }
    claims.customerId = Number(sub)
  } else if (sub !== `guest:${sid}`) {
    return { ok: false, reason: 'invalid' }
  }
  return { ok: true, claims }
}

import {
  constantTimeEqual,
  deriveKey,
  fromBase64Url,
  hmacSha256,
  toBase64Url,
} from '../../lib/crypto.ts'

/*
 * The signed tracking link (ADR 019): `<businessId>.<orderId>.<expires>.<mac>`, an HMAC-SHA-256
 * with a key derived from SESSION_SECRET for this one purpose (deriveKey), so no new secret has to
 * be provisioned and a session token can never pass for a link or the reverse. It names one order
 * and an expiry, nothing about the shopper: whoever holds it may watch that order's progress only.
 */

const LABEL = 'order-tracking-link-v1'

/** What a valid link names. */
export interface TrackingGrant {
  businessId: number
  orderId: number
}

function payloadOf(grant: TrackingGrant, expiresAt: number): string {
  return `${grant.businessId}.${grant.orderId}.${expiresAt}`
}

async function macOf(secret: string, payload: string): Promise<Uint8Array> {
  return hmacSha256(await deriveKey(secret, LABEL), payload)
}

/** A link token for the order, valid until `expiresAt` (whole seconds kept). */
export async function signTrackingToken(
  secret: string,
  grant: TrackingGrant,
  expiresAt: Date
): Promise<string> {
  const payload = payloadOf(grant, Math.floor(expiresAt.getTime() / 1000))
  return `${payload}.${toBase64Url(await macOf(secret, payload))}`
}

const TOKEN_PATTERN = /^([1-9]\d{0,9})\.([1-9]\d{0,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** The order the token opens, or null: malformed, tampered with, or expired at `now`. */
export async function verifyTrackingToken(
  secret: string,
  token: string,
  now: Date
): Promise<TrackingGrant | null> {
  const signed = await authenticTrackingToken(secret, token)
  if (!signed || now.getTime() >= signed.expiresAt * 1000) return null
  return signed.grant
}

/**
 * The order a token was signed for and when it stops opening tracking, or null when malformed or
 * tampered with. Its expiry is the caller's to apply: an archived order's receipt (ADR 050) is
 * opened by an authentic link after its tracking days.
 */
export async function authenticTrackingToken(
  secret: string,
  token: string
): Promise<{ grant: TrackingGrant; expiresAt: number } | null> {
  const match = TOKEN_PATTERN.exec(token)
  if (!match) return null
  const [, business = '', order = '', expires = '', mac = ''] = match
  const grant = { businessId: Number(business), orderId: Number(order) }
  const expiresAt = Number(expires)
  const expected = await macOf(secret, payloadOf(grant, expiresAt))
  if (!constantTimeEqual(expected, fromBase64Url(mac))) return null
  return { grant, expiresAt }
}

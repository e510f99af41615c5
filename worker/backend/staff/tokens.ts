import { z } from 'zod'
import { type AccessTokenFailure, signAudienceToken, verifyAudienceToken } from '../auth/tokens.ts'

/**
 * The audience of staff access tokens. Shoppers' tokens say 'storefront-api': each verifier pins
 * its own audience, so a shopper's token is refused by every staff call and a staff token by
 * every shopper call, though both are signed with the same key (ADR 009).
 */
export const STAFF_TOKEN_AUDIENCE = 'storefront-staff'

/** What a staff access token says about its bearer. */
export interface StaffClaims {
  staffId: number
  businessId: number
  /** The staff session (staff_sessions.id) it belongs to. */
  sessionId: string
}

const StaffClaimsSchema = z.object({
  sub: z.string().regex(/^staff:\d+$/),
  bid: z.int().positive(),
  sid: z.string().min(1),
})

export function signStaffAccessToken(
  secret: string,
  claims: StaffClaims,
  now: Date
): Promise<string> {
  return signAudienceToken(
    secret,
    STAFF_TOKEN_AUDIENCE,
    `staff:${claims.staffId}`,
    { bid: claims.businessId, sid: claims.sessionId },
    now
  )
}

export async function verifyStaffAccessToken(
  secret: string,
  token: string,
  now: Date
): Promise<{ ok: true; claims: StaffClaims } | { ok: false; reason: AccessTokenFailure }> {
  const verified = await verifyAudienceToken(secret, STAFF_TOKEN_AUDIENCE, token, now)
  if (!verified.ok) return verified
  const parsed = StaffClaimsSchema.safeParse(verified.payload)
  if (!parsed.success) return { ok: false, reason: 'invalid' }
  const { sub, bid, sid } = parsed.data
  return { ok: true, claims: { staffId: Number(sub.slice(6)), businessId: bid, sessionId: sid } }
}

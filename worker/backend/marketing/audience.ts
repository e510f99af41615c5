import { deriveKey, hmacSha256, requireSecret, toBase64Url } from '../../lib/crypto.ts'
import type { MarketingUser } from './port.ts'
import { optedInMemberEmail } from './repo.ts'

/*
 * Who a marketing event is about (ADR 025). A member who opted in to marketing on any channel is
 * themself (userId and email); everyone else, members who did not opt in included, is the
 * anonymous marketing id of their session: a keyed hash of the basket, which the marketing
 * provider cannot turn back into the basket, its token or a person.
 */

const MARKETING_ID_LABEL = 'marketing-id'

/**
 * The anonymous marketing id of a shopper's session (their basket): stable for the basket, never
 * its token, and different per business.
 */
export async function marketingIdOf(
  secret: string | undefined,
  businessId: number,
  basketId: number
): Promise<string> {
  const key = await deriveKey(requireSecret(secret, 'SESSION_SECRET'), MARKETING_ID_LABEL)
  const mac = await hmacSha256(key, `${businessId}:${basketId}`)
  return `anon-${toBase64Url(mac.slice(0, 16))}`
}

/** The userId Iterable knows an opted-in member by: stable, not their email. */
export function memberUserId(customerId: number): string {
  return `member-${customerId}`
}

/**
 * The user an event is about: the opted-in member, else the basket's anonymous id; null when
 * there is neither (no event is sent then).
 */
export async function marketingUserOf(
  env: { DB: D1Database; SESSION_SECRET?: string },
  input: { businessId: number; customerId: number | null; basketId: number | null }
): Promise<MarketingUser | null> {
  if (input.customerId !== null) {
    const member = await optedInMemberEmail(env.DB, input.businessId, input.customerId)
    if (member) return { userId: memberUserId(input.customerId), email: member.email }
  }
  if (input.basketId === null) return null
  return { userId: await marketingIdOf(env.SESSION_SECRET, input.businessId, input.basketId) }
}

import { randomToken } from '../lib/crypto.ts'

/*
 * Links' tokens that carry their business (ADR 056, 063): `<businessId>.<random>`. A call that
 * arrives with such a token and no business (key-routes.ts) finds the business, and its shard,
 * without the directory's key index. The route still looks the token up by its hash within that
 * business, so a token given another business's number finds nothing: its hash is not that
 * business's (nor any business's).
 */

/** A new link token of a business: its id, a dot, then 32 random bytes (base64url). */
export function businessToken(businessId: number): string {
  return `${businessId}.${randomToken()}`
}

/** The business a token begins with; null for one that carries none (older links, forgeries). */
export function businessOfToken(token: string | null): number | null {
  const business = /^([1-9]\d{0,9})\./.exec(token ?? '')?.[1]
  return business ? Number(business) : null
}

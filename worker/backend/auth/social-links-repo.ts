// Data access of social sign-ins waiting to be linked (issue 36.1, migration 0051).

/**
 * A link of a provider's subject to an existing member that waits for the shopper to sign in to
 * that member (migration 0051): the token's hash, 10 minutes.
 */
export async function insertSocialLinkRequest(
  db: D1Database,
  r: {
    businessId: number
    customerId: number
    provider: string
    subject: string
    tokenHash: string
    expiresAt: string
    now: string
  }
): Promise<void> {
  await db
    .prepare(
      `insert into social_link_requests (business_id, customer_id, provider, subject, token_hash,
         expires_at, created_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7)`
    )
    .bind(r.businessId, r.customerId, r.provider, r.subject, r.tokenHash, r.expiresAt, r.now)
    .run()
}

/**
 * Uses up the live link request the token names, when it is for this member, and links its
 * subject to them, in one transaction: the provider linked, or null (no such live request for
 * this member, or the subject was linked meanwhile).
 */
export async function applySocialLinkRequest(
  db: D1Database,
  r: { businessId: number; customerId: number; tokenHash: string; now: string }
): Promise<string | null> {
  const [consumed, linked] = await db.batch([
    db
      .prepare(
        `update social_link_requests set consumed_at = ?4
         where token_hash = ?3 and business_id = ?1 and customer_id = ?2
           and consumed_at is null and expires_at > ?4`
      )
      .bind(r.businessId, r.customerId, r.tokenHash, r.now),
    db
      .prepare(
        `insert into customer_identities (business_id, customer_id, provider, subject)
         select business_id, customer_id, provider, subject from social_link_requests
         where token_hash = ?3 and business_id = ?1 and customer_id = ?2 and consumed_at = ?4
         on conflict (business_id, provider, subject) do nothing
         returning provider`
      )
      .bind(r.businessId, r.customerId, r.tokenHash, r.now),
  ])
  if (consumed?.meta.changes !== 1) return null
  return (linked?.results[0] as { provider: string } | undefined)?.provider ?? null
}

/*
 * The sandbox identity provider's key pair in D1 (migration 0039). The first writer wins: two
 * isolates generating at once both insert-or-ignore, then both read the one row that stayed.
 */

export interface StoredSandboxKey {
  kid: string
  privateJwk: string
  publicJwk: string
}

/** The stored key pair (the oldest, should more than one ever exist), or null. */
export async function findSandboxKey(db: D1Database): Promise<StoredSandboxKey | null> {
  const row = await db
    .prepare(
      `select kid, private_jwk, public_jwk from sandbox_identity_keys
       order by created_at, kid limit 1`
    )
    .first<{ kid: string; private_jwk: string; public_jwk: string }>()
  return row ? { kid: row.kid, privateJwk: row.private_jwk, publicJwk: row.public_jwk } : null
}

/** Keeps a freshly generated key pair unless one is already stored. */
export async function insertSandboxKey(
  db: D1Database,
  key: StoredSandboxKey,
  now: string
): Promise<void> {
  await db
    .prepare(
      `insert or ignore into sandbox_identity_keys (kid, private_jwk, public_jwk, created_at)
       select ?1, ?2, ?3, ?4 where not exists (select 1 from sandbox_identity_keys)`
    )
    .bind(key.kid, key.privateJwk, key.publicJwk, now)
    .run()
}

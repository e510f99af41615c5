/*
 * The directory's key index (ADR 056, migrations-directory/0003): the business behind a key a call
 * may arrive with alone, for the keys that do not carry their business themselves.
 */

/** What a key is: a gateway's order reference (Realex ORDER_ID), a staff account's email. */
export type KeyKind = 'gateway_order' | 'staff_email'

/**
 * Writes a key's business before the shard's row that holds the key, so a key a shard holds is
 * always found. A business the directory does not place yet is placed where it is (`shard`), as
 * a key needs its business's row. Idempotent.
 */
export async function indexKey(
  directory: D1Database | undefined,
  entry: { kind: KeyKind; key: string; businessId: number; shard: string }
): Promise<void> {
  if (!directory) return
  await directory.batch([
    directory
      .prepare('insert into businesses (id, shard) values (?1, ?2) on conflict (id) do nothing')
      .bind(entry.businessId, entry.shard),
    directory
      .prepare('insert or ignore into business_keys (kind, key, business_id) values (?1, ?2, ?3)')
      .bind(entry.kind, entry.key, entry.businessId),
  ])
}

/**
 * The one business a key belongs to; null when the directory does not know it, or when it names
 * several (a staff email at two businesses: that sign-in has to name its business).
 */
export async function businessOfKey(
  directory: D1Database,
  kind: KeyKind,
  key: string
): Promise<number | null> {
  const { results } = await directory
    .prepare('select business_id from business_keys where kind = ?1 and key = ?2 limit 2')
    .bind(kind, key)
    .all<{ business_id: number }>()
  return results.length === 1 ? (results[0]?.business_id ?? null) : null
}

/**
 * A shard's keys written to the directory (the cron, ADR 056): those its rows held before the
 * index existed, and any whose write was lost. Staff accounts, and the gateway references of
 * attempts still waiting for their answer; `insert or ignore`, so a second run writes nothing.
 */
export async function indexShardKeys(
  directory: D1Database,
  shardDb: D1Database,
  shard: string
): Promise<number> {
  const [staff, payments] = await shardDb.batch<{ business_id: number; key: string }>([
    shardDb.prepare('select business_id, email as key from staff_accounts'),
    shardDb.prepare(
      `select business_id, gateway_order_id as key from payments
       where gateway_order_id is not null and completed_at is null`
    ),
  ])
  const entries = [
    ...(staff?.results ?? []).map((row) => ({ kind: 'staff_email' as const, ...row })),
    ...(payments?.results ?? []).map((row) => ({ kind: 'gateway_order' as const, ...row })),
  ]
  if (entries.length === 0) return 0
  const businesses = [...new Set(entries.map((entry) => entry.business_id))]
  const written = await directory.batch([
    ...businesses.map((id) =>
      directory
        .prepare('insert into businesses (id, shard) values (?1, ?2) on conflict (id) do nothing')
        .bind(id, shard)
    ),
    ...entries.map((entry) =>
      directory
        .prepare('insert or ignore into business_keys (kind, key, business_id) values (?1, ?2, ?3)')
        .bind(entry.kind, entry.key, entry.business_id)
    ),
  ])
  return written.slice(businesses.length).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0)
}

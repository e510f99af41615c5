import { placeUnlessPlacedStatement } from './repo.ts'
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
    placeUnlessPlacedStatement(directory, entry.businessId, entry.shard),
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
    ...businesses.map((id) => placeUnlessPlacedStatement(directory, id, shard)),
    ...entries.map((entry) =>
      directory
        .prepare('insert or ignore into business_keys (kind, key, business_id) values (?1, ?2, ?3)')
        .bind(entry.kind, entry.key, entry.business_id)
    ),
  ])
  return written.slice(businesses.length).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0)
}

/** Keys the sweep looks at in one round trip to the shard. */
const SWEEP_CHUNK = 500

/**
 * The daily sweep of the index (ADR 063): keys of the businesses on this shard whose row the shard
 * no longer holds (a staff account deleted or forgotten, or whose email changed; a payment attempt
 * archived or erased) are removed, so the index does not keep a key for ever. A business being
 * moved is left alone (its rows are on their way), and the delete names the shard again, so a
 * business switched meanwhile keeps its keys. The run indexes the shard right after (the cron),
 * which gives back a key whose row was written between this read and its delete. Answers the keys
 * removed.
 */
export async function sweepShardKeys(
  directory: D1Database,
  shardDb: D1Database,
  shard: string
): Promise<number> {
  const { results: keys } = await directory
    .prepare(
      `select k.kind, k.key, k.business_id from business_keys k
       join businesses b on b.id = k.business_id
       where b.shard = ?1 and b.moving_to is null
       order by k.business_id, k.kind, k.key`
    )
    .bind(shard)
    .all<{ kind: KeyKind; key: string; business_id: number }>()
  let removed = 0
  for (let start = 0; start < keys.length; start += SWEEP_CHUNK) {
    const chunk = JSON.stringify(keys.slice(start, start + SWEEP_CHUNK))
    const { results: gone } = await shardDb
      .prepare(
        `select json_extract(value, '$.kind') as kind, json_extract(value, '$.key') as key,
           json_extract(value, '$.business_id') as business_id
         from json_each(?1)
         where not case json_extract(value, '$.kind')
           when 'staff_email' then exists (select 1 from staff_accounts s
             where s.business_id = json_extract(value, '$.business_id')
               and s.email = json_extract(value, '$.key'))
           when 'gateway_order' then exists (select 1 from payments p
             where p.business_id = json_extract(value, '$.business_id')
               and p.gateway_order_id = json_extract(value, '$.key'))
           else 1 end`
      )
      .bind(chunk)
      .all<{ kind: KeyKind; key: string; business_id: number }>()
    if (gone.length === 0) continue
    const result = await directory
      .prepare(
        `delete from business_keys
         where (kind, key, business_id) in (
           select json_extract(value, '$.kind'), json_extract(value, '$.key'),
             json_extract(value, '$.business_id') from json_each(?1))
           and business_id in (select id from businesses where shard = ?2 and moving_to is null)`
      )
      .bind(JSON.stringify(gone), shard)
      .run()
    removed += result.meta.changes ?? 0
  }
  return removed
}

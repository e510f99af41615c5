/*
 * The transactional outbox's table (migration 0072, ADR 037). An effect is written by the batch
 * that makes the change it follows ({@link effectStatement}), and from then on only its status
 * moves: pending → delivered once a consumer ran it, pending → dead when the dead-letter queue
 * gives up on it, dead → pending when an operator retries it.
 */

export type EffectStatus = 'pending' | 'delivered' | 'dead'

export interface EffectRow {
  id: number
  business_id: number
  effect_key: string
  kind: string
  payload_json: string
  status: EffectStatus
  attempts: number
  last_error: string | null
  lease_until: string | null
  dispatched_at: string | null
  created_at: string
  delivered_at: string | null
}

export interface NewEffect {
  businessId: number
  /** What the effect is for, unique across the table: `order:42:placed:email`. */
  key: string
  kind: string
  payload: Record<string, string | number | boolean | null>
}

/**
 * The insert to put in the batch of the change. `onlyIf` is a condition (SQL returning a row) on
 * what the batch wrote, so the effect exists only when the change happened; a second write of
 * the same key adds nothing.
 */
export function effectStatement(
  db: D1Database,
  effect: NewEffect,
  now: Date,
  onlyIf?: { sql: string; params: ReadonlyArray<string | number | null> }
): D1PreparedStatement {
  const base = [
    effect.businessId,
    effect.key,
    effect.kind,
    JSON.stringify(effect.payload),
    now.toISOString(),
  ]
  // The condition's own placeholders follow the five of the insert. SQLite needs a WHERE before
  // an upsert's ON CONFLICT when the rows come from a SELECT, hence `where true`.
  const condition = onlyIf
    ? `where exists (${onlyIf.sql.replace(/\?(\d+)/g, (_, n: string) => `?${Number(n) + 5}`)})`
    : 'where true'
  return db
    .prepare(
      `insert into effects (business_id, effect_key, kind, payload_json, created_at)
       select ?1, ?2, ?3, ?4, ?5 ${condition}
       on conflict (effect_key) do nothing`
    )
    .bind(...base, ...(onlyIf?.params ?? []))
}

export async function findEffect(db: D1Database, id: number): Promise<EffectRow | null> {
  return db.prepare(`select * from effects where id = ?1`).bind(id).first<EffectRow>()
}

/** An effect to hand on: its id and its business, which the queue's message names (ADR 063). */
export interface EffectRef {
  id: number
  businessId: number
}

/** The ids of these keys' effects still pending, for the relay after the batch. */
export async function pendingEffectIds(
  db: D1Database,
  keys: ReadonlyArray<string>
): Promise<Array<number>> {
  return (await pendingEffects(db, keys)).map((effect) => effect.id)
}

/** These keys' effects still pending, with their businesses. */
export async function pendingEffects(
  db: D1Database,
  keys: ReadonlyArray<string>
): Promise<Array<EffectRef>> {
  if (keys.length === 0) return []
  const { results } = await db
    .prepare(
      `select id, business_id as businessId from effects where status = 'pending'
         and effect_key in (select value from json_each(?1)) order by id`
    )
    .bind(JSON.stringify(keys))
    .all<EffectRef>()
  return results
}

export async function markDispatched(
  db: D1Database,
  ids: ReadonlyArray<number>,
  now: Date
): Promise<void> {
  if (ids.length === 0) return
  await db
    .prepare(
      `update effects set dispatched_at = ?2
       where id in (select value from json_each(?1)) and status = 'pending'`
    )
    .bind(JSON.stringify(ids), now.toISOString())
    .run()
}

/**
 * Takes the effect for one run: the row as it is now when it is pending and nobody else holds it,
 * else null. The lease lapses, so a consumer that died mid-way does not keep it for ever.
 */
export async function leaseEffect(
  db: D1Database,
  id: number,
  now: Date,
  leaseMs: number,
  businessId: number | null = null
): Promise<EffectRow | null> {
  // A message naming its business takes only that business's row: ids are each shard's own, so
  // the same id on another shard, or on this one after a move, is another business's effect.
  return db
    .prepare(
      `update effects set lease_until = ?3, attempts = attempts + 1
       where id = ?1 and status = 'pending' and (lease_until is null or lease_until <= ?2)
         and (?4 is null or business_id = ?4)
       returning *`
    )
    .bind(id, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), businessId)
    .first<EffectRow>()
}

export async function markDelivered(db: D1Database, id: number, now: Date): Promise<void> {
  await db
    .prepare(
      `update effects set status = 'delivered', delivered_at = ?2, lease_until = null,
         last_error = null
       where id = ?1 and status = 'pending'`
    )
    .bind(id, now.toISOString())
    .run()
}

/** A run failed: the lease is given up so the queue's retry can take it. */
export async function recordFailure(db: D1Database, id: number, error: string): Promise<void> {
  await db
    .prepare(
      `update effects set last_error = ?2, lease_until = null where id = ?1 and status = 'pending'`
    )
    .bind(id, error.slice(0, 500))
    .run()
}

/** The dead-letter queue gave up: the effect waits for an operator. */
export async function markDead(
  db: D1Database,
  id: number,
  businessId: number | null = null
): Promise<void> {
  await db
    .prepare(
      `update effects set status = 'dead', lease_until = null
       where id = ?1 and status = 'pending' and (?2 is null or business_id = ?2)`
    )
    .bind(id, businessId)
    .run()
}

/** An operator's retry: the effect is pending again, its attempts counted afresh. True if it was dead. */
export async function reviveEffect(
  db: D1Database,
  businessId: number,
  id: number
): Promise<boolean> {
  const result = await db
    .prepare(
      `update effects set status = 'pending', attempts = 0, dispatched_at = null
       where id = ?1 and business_id = ?2 and status = 'dead'`
    )
    .bind(id, businessId)
    .run()
  return result.meta.changes === 1
}

/**
 * Pending effects the relay missed (never dispatched: the worker stopped after the commit) or
 * whose message was lost (dispatched long ago, not delivered, nobody holding it).
 */
export async function strandedEffects(
  db: D1Database,
  now: Date,
  redispatchAfterMs: number,
  limit: number
): Promise<Array<EffectRef>> {
  const before = new Date(now.getTime() - redispatchAfterMs).toISOString()
  // A row written this minute is most likely being handed on by the request that wrote it.
  const settled = new Date(now.getTime() - 60_000).toISOString()
  const { results } = await db
    .prepare(
      `select id, business_id as businessId from effects
       where status = 'pending'
         and ((dispatched_at is null and created_at <= ?4) or dispatched_at <= ?1)
         and (lease_until is null or lease_until <= ?2)
       order by id limit ?3`
    )
    .bind(before, now.toISOString(), limit, settled)
    .all<EffectRef>()
  return results
}

/** How long a delivered effect is kept, to answer "was the email sent?" (README "Privacy"). */
export const DELIVERED_EFFECT_RETENTION_DAYS = 30

/** Retention: delivered effects older than `before` are deleted (README "Privacy"). */
export async function deleteDeliveredBefore(db: D1Database, before: Date): Promise<number> {
  const result = await db
    .prepare(`delete from effects where status = 'delivered' and delivered_at < ?1`)
    .bind(before.toISOString())
    .run()
  return result.meta.changes
}

export interface DeadEffectRow extends EffectRow {
  order_number: string | null
}

/**
 * The business's dead effects, newest first, with the number of the order each is for: by the
 * payload's order id, or the number itself (checkout started names its draft by number).
 */
export async function deadEffectsWithOrders(
  db: D1Database,
  businessId: number,
  limit: number
): Promise<Array<DeadEffectRow>> {
  const { results } = await db
    .prepare(
      `select e.*,
         coalesce(o.business_order_id, json_extract(e.payload_json, '$.businessOrderId'))
           as order_number
       from effects e
       left join orders o on o.id = json_extract(e.payload_json, '$.orderId')
         and o.business_id = e.business_id
       where e.business_id = ?1 and e.status = 'dead'
       order by e.created_at desc, e.id desc limit ?2`
    )
    .bind(businessId, limit)
    .all<DeadEffectRow>()
  return results
}

/*
 * The directory's tables (migrations-directory/, ADR 047): which shard holds a business, and the
 * business of a host. It is its own D1 database (the DIRECTORY binding), never a shard.
 */

/**
 * Places a business on `shard` unless the directory places it already: what a host, key or slug
 * claim writes first, as each needs its business's row.
 */
export function placeUnlessPlacedStatement(
  db: D1Database,
  businessId: number,
  shard: string
): D1PreparedStatement {
  return db
    .prepare('insert into businesses (id, shard) values (?1, ?2) on conflict (id) do nothing')
    .bind(businessId, shard)
}

/** The shard (a D1 binding's name) a business lives on, or null when the directory does not place it. */
export async function shardOfBusiness(db: D1Database, businessId: number): Promise<string | null> {
  const row = await db
    .prepare('select shard from businesses where id = ?1')
    .bind(businessId)
    .first<{ shard: string }>()
  return row?.shard ?? null
}

/** Where a business lives, and the shard it is being moved to (null when it is not moving). */
export interface Placement {
  shard: string
  movingTo: string | null
}

/** A business's placement, or null when the directory does not place it (it lives on DB). */
export async function placementOf(db: D1Database, businessId: number): Promise<Placement | null> {
  const row = await db
    .prepare('select shard, moving_to from businesses where id = ?1')
    .bind(businessId)
    .first<{ shard: string; moving_to: string | null }>()
  return row ? { shard: row.shard, movingTo: row.moving_to } : null
}

/**
 * Marks a business as moving from `from` to `to`, placing it on `from` if the directory did not
 * yet: false when another move of it is under way (one statement, so two moves cannot both
 * start). Its writes are refused from here until {@link endMove}.
 */
export async function beginMove(
  db: D1Database,
  move: { businessId: number; from: string; to: string }
): Promise<boolean> {
  const [, started] = await db.batch([
    db.prepare('insert or ignore into shards (name) values (?1)').bind(move.to),
    db
      .prepare(
        `insert into businesses (id, shard, moving_to) values (?1, ?2, ?3)
         on conflict (id) do update set moving_to = excluded.moving_to
         where businesses.moving_to is null and businesses.shard = excluded.shard`
      )
      .bind(move.businessId, move.from, move.to),
  ])
  return (started?.meta.changes ?? 0) === 1
}

/** The move of a business is over (switched or given up): its writes are taken again. */
export async function endMove(db: D1Database, businessId: number): Promise<void> {
  await db.prepare('update businesses set moving_to = null where id = ?1').bind(businessId).run()
}

/** The shards the directory lists (each the name of a D1 binding). */
export async function directoryShards(db: D1Database): Promise<Array<string>> {
  const { results } = await db.prepare('select name from shards').all<{ name: string }>()
  return results.map((row) => row.name)
}

/** The business a host serves, or null for a host the directory does not know. */
export async function businessOfHost(db: D1Database, host: string): Promise<number | null> {
  const row = await db
    .prepare('select business_id from hosts where host = ?1')
    .bind(host)
    .first<{ business_id: number }>()
  return row?.business_id ?? null
}

/**
 * Places a business on a shard (a new one, or where the move command has copied it) with its
 * hosts; the shard must be one of the directory's. One batch: all or nothing.
 */
export async function placeBusiness(
  db: D1Database,
  placement: {
    businessId: number
    shard: string
    hosts: ReadonlyArray<{ host: string; brandId: number }>
  }
): Promise<void> {
  await db.batch([
    db.prepare('insert or ignore into shards (name) values (?1)').bind(placement.shard),
    db
      .prepare(
        'insert into businesses (id, shard) values (?1, ?2) on conflict (id) do update set shard = excluded.shard'
      )
      .bind(placement.businessId, placement.shard),
    ...placement.hosts.map(({ host, brandId }) =>
      db
        .prepare(
          `insert into hosts (host, brand_id, business_id) values (?1, ?2, ?3)
           on conflict (host) do update set brand_id = excluded.brand_id, business_id = excluded.business_id`
        )
        .bind(host, brandId, placement.businessId)
    ),
  ])
}

/**
 * Claims a host for a business's brand, across every shard: false when another business holds it
 * (hosts are unique in the directory, a shard knows only its own). A business the directory does
 * not place yet is placed where it is (`shard`), as a host needs its business's row.
 */
export async function claimHost(
  db: D1Database,
  claim: { host: string; brandId: number; businessId: number; shard: string }
): Promise<boolean> {
  const [, , owner] = await db.batch([
    placeUnlessPlacedStatement(db, claim.businessId, claim.shard),
    db
      .prepare(
        `insert into hosts (host, brand_id, business_id) values (?1, ?2, ?3)
         on conflict (host) do update set brand_id = excluded.brand_id
         where hosts.business_id = excluded.business_id`
      )
      .bind(claim.host, claim.brandId, claim.businessId),
    db.prepare('select business_id from hosts where host = ?1').bind(claim.host),
  ])
  const row = owner?.results[0] as { business_id: number } | undefined
  return row?.business_id === claim.businessId
}

/** The business gives a host up (a detached domain, or a claim whose attach failed). */
export async function releaseHost(db: D1Database, host: string, businessId: number): Promise<void> {
  await db
    .prepare('delete from hosts where host = ?1 and business_id = ?2')
    .bind(host, businessId)
    .run()
}

/**
 * The band of row ids the directory gives a shard (ADR 063, migrations-directory/0005): the one
 * it was listed with (its name's), or the fresh one a move gave it; null for a shard not listed.
 */
export async function idBandOf(db: D1Database, shard: string): Promise<number | null> {
  const row = await db
    .prepare('select id_band from shards where name = ?1')
    .bind(shard)
    .first<{ id_band: number | null }>()
  return row?.id_band ?? null
}

/**
 * Gives a shard a fresh band of row ids, above every band given (and at least `first`), in one
 * statement, so two moves cannot take one band; answers it.
 */
export async function giveFreshIdBand(
  db: D1Database,
  shard: string,
  first: number
): Promise<number> {
  const row = await db
    .prepare(
      `update shards set id_band = max(?2, (select coalesce(max(id_band), 0) + 1 from shards))
       where name = ?1 returning id_band`
    )
    .bind(shard, first)
    .first<{ id_band: number }>()
  if (!row) throw new Error(`The directory does not list ${shard}`)
  return row.id_band
}

import { sqlLiteral } from '../lib/sql-text.ts'

/*
 * The directory's rows of a bootstrapped business (ADR 047), written once its business, brand and
 * host are in the shard: the business on the shard the bootstrap wrote (the one with the fewest
 * businesses, for a new one), its host, so a call that knows only the host finds it, and its
 * brand's slug, which is the platform's (ADR 063). Safe to run again; a host or slug the directory
 * gives another business is left to it (the shard's plan refused it already).
 */

/** The business's brand and host, read back from the shard after its statements ran. */
export function placedBrandSql(slug: string): string {
  return `select business_id, id as brand_id from brands where slug = ${sqlLiteral(slug)}`
}

export function directorySql(placement: {
  businessId: number
  brandId: number
  host: string
  slug: string
  shard: string
}): Array<string> {
  const { businessId, brandId, host, slug, shard } = placement
  return [
    `insert into businesses (id, shard) values (${sqlLiteral(businessId)}, ${sqlLiteral(shard)}) ` +
      `on conflict (id) do nothing;`,
    `insert into hosts (host, brand_id, business_id) ` +
      `values (${sqlLiteral(host)}, ${sqlLiteral(brandId)}, ${sqlLiteral(businessId)}) ` +
      `on conflict (host) do update set brand_id = excluded.brand_id ` +
      `where hosts.business_id = excluded.business_id;`,
    `insert into brand_slugs (slug, business_id, brand_id) ` +
      `values (${sqlLiteral(slug)}, ${sqlLiteral(businessId)}, ${sqlLiteral(brandId)}) ` +
      `on conflict (slug) do nothing;`,
  ]
}

/**
 * The shard the bootstrap writes to (ADR 047): the one the directory places the host's business
 * on, or the business the input names by id (a second run finds what the first wrote); else the
 * shard holding the fewest businesses, of those the directory lists and the configuration binds
 * (`shards`); DB when the directory lists none. One row, `shard`.
 */
export function shardForBootstrapSql(
  placement: { host: string; businessId: number | null },
  shards: ReadonlyArray<string>
): string {
  const bound = shards.map(sqlLiteral).join(', ')
  const byId =
    placement.businessId === null
      ? 'null'
      : `(select shard from businesses where id = ${sqlLiteral(placement.businessId)})`
  return (
    `select coalesce(` +
    `(select b.shard from hosts h join businesses b on b.id = h.business_id ` +
    `where h.host = ${sqlLiteral(placement.host)}), ${byId}, ` +
    `(select s.name from shards s left join businesses b on b.shard = s.name ` +
    `where s.name in (${bound}) group by s.name order by count(b.id), s.name limit 1), ` +
    `'DB') as shard`
  )
}

/** The largest business id a database holds (a shard's businesses, or the directory's), 0 if none. */
export const largestBusinessIdSql = 'select coalesce(max(id), 0) as id from businesses'

/**
 * A new business's id, unique across shards: one past the largest any shard or the directory
 * holds. A shard's own next id is its own (SQLite's largest + 1), which another shard may have
 * given already.
 */
export function newBusinessId(largest: ReadonlyArray<unknown>): number {
  return Math.max(0, ...largest.map((id) => Number(id) || 0)) + 1
}

import { sqlLiteral } from '../lib/sql-text.ts'

/*
 * The directory's rows of a bootstrapped business (ADR 047), written once its business, brand and
 * host are in the shard: the business on the shard the bootstrap wrote (DB), and its host, so a
 * call that knows only the host finds it. Safe to run again; a host the directory gives another
 * business is left to it (the shard's plan refused it already).
 */

/** The business's brand and host, read back from the shard after its statements ran. */
export function placedBrandSql(slug: string): string {
  return `select business_id, id as brand_id from brands where slug = ${sqlLiteral(slug)}`
}

export function directorySql(placement: {
  businessId: number
  brandId: number
  host: string
  shard: string
}): Array<string> {
  const { businessId, brandId, host, shard } = placement
  return [
    `insert into businesses (id, shard) values (${sqlLiteral(businessId)}, ${sqlLiteral(shard)}) ` +
      `on conflict (id) do nothing;`,
    `insert into hosts (host, brand_id, business_id) ` +
      `values (${sqlLiteral(host)}, ${sqlLiteral(brandId)}, ${sqlLiteral(businessId)}) ` +
      `on conflict (host) do update set brand_id = excluded.brand_id ` +
      `where hosts.business_id = excluded.business_id;`,
  ]
}

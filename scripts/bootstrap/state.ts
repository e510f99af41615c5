// What the database already holds of what the bootstrap would create, read in one query before
// anything is written: the plan (plan.ts) compares it with the input by natural keys (business
// by id or name, brand by slug, host by name, store by slug, staff by email).
import { z } from 'zod'
import { sqlLiteral } from '../lib/sql-text.ts'
import type { BootstrapInput } from './input.ts'

/** What the query answers, one JSON document in the column `state`. */
export type Snapshot = z.infer<typeof SnapshotSchema>
export const SnapshotSchema = z.object({
  businesses: z.array(z.object({ id: z.number(), name: z.string() })),
  brands: z.array(
    z.object({
      id: z.number(),
      businessId: z.number(),
      slug: z.string(),
      name: z.string(),
      isActive: z.number(),
    })
  ),
  hosts: z.array(
    z.object({
      source: z.enum(['brand_hosts', 'brand_domains']),
      brandId: z.number(),
      brandSlug: z.string(),
      brandName: z.string(),
      businessId: z.number(),
      environment: z.string(),
      status: z.string(),
    })
  ),
  stores: z.array(
    z.object({ id: z.number(), businessId: z.number(), slug: z.string(), name: z.string() })
  ),
  staff: z.array(
    z.object({
      id: z.number(),
      businessId: z.number(),
      status: z.string(),
      isOperator: z.number(),
      /** When the newest usable invitation expires; null when none is usable. */
      liveInvitationUntil: z.string().nullable(),
    })
  ),
  postcodeRules: z.array(z.number()),
  countries: z.number(),
  outcodes: z.number(),
})

/** The businesses the input can mean: the one of --business-id, and those of --business's name. */
export function businessMatchSql(input: BootstrapInput): string {
  const byName = `name = ${sqlLiteral(input.business.name)}`
  return input.business.id === null ? byName : `(id = ${input.business.id} or ${byName})`
}

/**
 * The one query (one round trip, remote or local) that reads the snapshot. `now` decides which
 * invitations are still usable; `countryCodes` and `outcodes` are the reference rows to count.
 */
export function snapshotSql(
  input: BootstrapInput,
  reference: { countryCodes: ReadonlyArray<string>; outcodes: ReadonlyArray<string> },
  now: Date
): string {
  const businesses = `select id from businesses where ${businessMatchSql(input)}`
  const host = sqlLiteral(input.host)
  const list = (values: ReadonlyArray<string>) => sqlLiteral(JSON.stringify(values))
  // json() keeps each sub-answer JSON inside the outer object (a subquery drops that mark).
  return `select json_object(
  'businesses', json((select json_group_array(json_object('id', id, 'name', name))
    from businesses where ${businessMatchSql(input)})),
  'brands', json((select json_group_array(json_object('id', id, 'businessId', business_id,
      'slug', slug, 'name', name, 'isActive', is_active))
    from brands where slug = ${sqlLiteral(input.brand.slug)})),
  'hosts', json((select json_group_array(json_object('source', source, 'brandId', brand_id,
      'brandSlug', slug, 'brandName', name, 'businessId', business_id,
      'environment', environment, 'status', status)) from (
    select 'brand_hosts' as source, h.brand_id, b.slug, b.name, b.business_id, h.environment,
           'active' as status
      from brand_hosts h join brands b on b.id = h.brand_id where h.host = ${host}
    union all
    select 'brand_domains', d.brand_id, b.slug, b.name, d.business_id, d.environment, d.status
      from brand_domains d join brands b on b.id = d.brand_id where d.host = ${host}))),
  'stores', json((select json_group_array(json_object('id', id, 'businessId', business_id,
      'slug', slug, 'name', name))
    from stores where slug = ${sqlLiteral(input.store.slug)} and business_id in (${businesses}))),
  'staff', json((select json_group_array(json_object('id', a.id, 'businessId', a.business_id,
      'status', a.status, 'isOperator', a.is_operator,
      'liveInvitationUntil', (select max(i.expires_at) from staff_invitations i
        where i.staff_id = a.id and i.accepted_at is null and i.retired_at is null
          and i.expires_at > ${sqlLiteral(now.toISOString())})))
    from staff_accounts a
    where a.email = ${sqlLiteral(input.operator.email)} and a.business_id in (${businesses}))),
  'postcodeRules', json((select json_group_array(business_id) from postcode_rules
    where country_code = 'GB' and business_id in (${businesses}))),
  'countries', (select count(*) from countries
    where code in (select value from json_each(${list(reference.countryCodes)}))),
  'outcodes', (select count(*) from geo_outcodes
    where outcode in (select value from json_each(${list(reference.outcodes)})))
) as state`
}

/** The snapshot from the query's rows; anything else is a bug worth stopping for. */
export function parseSnapshot(rows: ReadonlyArray<Record<string, unknown>>): Snapshot {
  const state = rows[0]?.state
  if (typeof state !== 'string') throw new Error('The state query answered no state')
  return SnapshotSchema.parse(JSON.parse(state))
}

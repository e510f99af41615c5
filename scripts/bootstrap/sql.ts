// The bootstrap's writes as SQL text for `wrangler d1 execute --file`. Only what the plan creates
// is written, and each statement also guards itself by the thing's natural key (insert or ignore,
// or "where not exists"), ids found by subquery rather than assumed, so running the same file
// twice, or racing another run, changes nothing the second time.
import { STAFF_INVITATION_TTL_SECONDS } from '../../schemas/constants.ts'
import { NEW_BRAND_LOOK } from '../../schemas/operator-brands.ts'
import { countryRows, type OutcodeRow, postcodeRuleValues } from '../lib/reference-data.ts'
import { insertRowsSql, sqlLiteral, type SqlValue } from '../lib/sql-text.ts'
import type { BootstrapInput } from './input.ts'
import { wordmarkLogo } from './logo.ts'
import type { Plan } from './plan.ts'

/** What the SQL needs besides the input and the plan. */
export interface WriteContext {
  /** The app clock's now, for created_at and the invitation's expiry. */
  now: Date
  /** SHA-256 (hex) of the invitation's token: only the hash is stored (worker/backend/staff/). */
  invitationTokenHash: string | null
  outcodes: ReadonlyArray<OutcodeRow>
}

/** When an invitation made now stops working. */
export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + STAFF_INVITATION_TTL_SECONDS * 1000).toISOString()
}

const json = (value: unknown) => sqlLiteral(JSON.stringify(value))
const values = (row: ReadonlyArray<SqlValue>) => row.map(sqlLiteral).join(', ')
const statementsOf = (chunks: Iterable<string>) => [...chunks].map((chunk) => chunk.trimEnd())

/** The statements, in order (parents first), each ending in ';'. Empty when nothing is created. */
export function bootstrapSql(
  input: BootstrapInput,
  plan: Plan,
  context: WriteContext
): Array<string> {
  const now = sqlLiteral(context.now.toISOString())
  const out: Array<string> = []
  // The business the input names: by its id when given (another of the same name is not it),
  // else by its name (the plan refused a name several businesses have).
  const key =
    input.business.id === null
      ? `name = ${sqlLiteral(input.business.name)}`
      : `id = ${input.business.id}`
  const business = `(select id from businesses where ${key} order by id limit 1)`
  const slug = sqlLiteral(input.brand.slug)
  const host = sqlLiteral(input.host)
  const environment = sqlLiteral(input.hostEnvironment)

  if (plan.create.countries) {
    const rows = countryRows().map((row) => [row.code, row.name, row.is_billing, row.position])
    out.push(
      ...statementsOf(
        insertRowsSql(
          'insert or ignore into countries (code, name, is_billing, position) values',
          rows
        )
      )
    )
  }
  if (plan.create.outcodes) {
    const rows = context.outcodes.map((row) => [row.outcode, row.latitude, row.longitude, row.town])
    out.push(
      ...statementsOf(
        insertRowsSql(
          'insert or ignore into geo_outcodes (outcode, latitude, longitude, town) values',
          rows
        )
      )
    )
  }

  if (plan.create.business) {
    const { name, legalName, supportEmail, supportPhone } = input.business
    const fields = values([name, legalName, supportEmail, supportPhone])
    out.push(
      input.business.id === null
        ? `insert into businesses (name, legal_name, support_email, support_phone, created_at, ` +
            `updated_at) select ${fields}, ${now}, ${now} ` +
            `where not exists (select 1 from businesses where ${key});`
        : `insert or ignore into businesses (id, name, legal_name, support_email, support_phone, ` +
            `created_at, updated_at) values (${input.business.id}, ${fields}, ${now}, ${now});`
    )
  }
  if (plan.create.postcodeRule) {
    const rule = postcodeRuleValues()
    out.push(
      `insert or ignore into postcode_rules (business_id, country_code, pattern, normalisation, ` +
        `example) select ${business}, ${values([rule.country_code, rule.pattern, rule.normalisation, rule.example])};`
    )
  }

  if (plan.create.brand) out.push(...brandStatements(input, business, now))
  const { host: hostPlan } = plan.create
  if (hostPlan) {
    const brand = `from brands where slug = ${slug}`
    if (hostPlan.domain) {
      const { providerId, status, sslStatus, message } = hostPlan.domain
      out.push(
        `insert or ignore into brand_domains (business_id, brand_id, host, environment, ` +
          `provider_id, status, ssl_status, records_json, message, checked_at, created_at) ` +
          `select business_id, id, ${host}, ${environment}, ` +
          `${values([providerId, status, sslStatus, '[]', message])}, ${now}, ${now} ${brand};`
      )
    }
    if (hostPlan.serve) {
      // Served only if no other brand is provisioning it: hosts are unique across businesses.
      out.push(
        `insert or ignore into brand_hosts (host, brand_id, environment) ` +
          `select ${host}, id, ${environment} ${brand} and not exists ` +
          `(select 1 from brand_domains d where d.host = ${host} and d.brand_id != brands.id);`
      )
    }
    const after = {
      host: input.host,
      environment: input.hostEnvironment,
      status: hostPlan.domain?.status ?? 'active',
    }
    out.push(
      audit({
        action: 'brand_domain.attach',
        entity: 'brand',
        thing: `select business_id, id from brands where slug = ${slug}`,
        after,
        summary: `Domain ${input.host} added to ${input.brand.name} (bootstrap)`,
        once: `json_extract(a.after_json, '$.host') = ${host}`,
        now,
      })
    )
  }

  if (plan.create.store) out.push(...storeStatements(input, business, now))

  if (plan.create.operator) {
    const { email, name } = input.operator
    out.push(
      `insert or ignore into staff_accounts (business_id, email, name, status, is_operator, ` +
        `created_at, updated_at) select ${business}, ${values([email, name])}, 'invited', 1, ` +
        `${now}, ${now};`
    )
  }
  if (plan.invitation) {
    if (!context.invitationTokenHash) throw new Error('An invitation needs its token’s hash')
    out.push(...invitationStatements(input, plan.invitation, business, context))
  }
  return out
}

// An audit row (ADR 027) for a thing the run created, written once: a later run finds it there.
// No member of staff made the change, so staff_id is null, as the audit log allows.
function audit(record: {
  action: string
  entity: string
  /** A query answering the business id and the thing's id. */
  thing: string
  after: unknown
  summary: string
  /** An extra condition telling this record from others of the same action and thing. */
  once?: string
  now: string
}): string {
  const thing = `(${record.thing}) t`
  return (
    `insert into operator_audit (business_id, staff_id, action, entity, entity_id, before_json, ` +
    `after_json, summary, at) select t.business_id, null, ${values([record.action, record.entity])}, ` +
    `t.id, null, ${json(record.after)}, ${sqlLiteral(record.summary)}, ${record.now} from ${thing} ` +
    `where not exists (select 1 from operator_audit a where a.business_id = t.business_id ` +
    `and a.action = ${sqlLiteral(record.action)} and a.entity_id = t.id` +
    `${record.once ? ` and ${record.once}` : ''});`
  )
}

// The brand as the console's "Add a brand" makes one, but live and with a wordmark logo (logo.ts).
function brandStatements(input: BootstrapInput, business: string, now: string): Array<string> {
  const { colors, font } = NEW_BRAND_LOOK
  const logo = wordmarkLogo(input.brand.name, colors.primary)
  const slug = sqlLiteral(input.brand.slug)
  const fields = values([
    input.brand.slug,
    input.brand.name,
    input.brand.tagline,
    null,
    logo.url,
    logo.width,
    logo.height,
    colors.primary,
    colors.primaryText,
    colors.secondary,
    colors.accent,
    colors.background,
    colors.text,
    font,
  ])
  const after = {
    name: input.brand.name,
    slug: input.brand.slug,
    tagline: input.brand.tagline,
    metaDescription: null,
    colors,
    font,
    isActive: true,
  }
  return [
    `insert or ignore into brands (business_id, slug, name, tagline, meta_description, logo_url, ` +
      `logo_width, logo_height, primary_color, primary_text_color, secondary_color, accent_color, ` +
      `background_color, text_color, font, is_active, created_at, updated_at) ` +
      `select ${business}, ${fields}, 1, ${now}, ${now};`,
    audit({
      action: 'brand.create',
      entity: 'brand',
      thing: `select business_id, id from brands where slug = ${slug}`,
      after,
      summary: `Brand ${input.brand.name} created (bootstrap)`,
      now,
    }),
  ]
}

// The store as the console's "Add a store" makes one (its fulfilment columns take the
// migrations' defaults, as there), with the week's hours for every method.
function storeStatements(input: BootstrapInput, business: string, now: string): Array<string> {
  const { store } = input
  const thing = `select business_id, id from stores where business_id = ${business} and slug = ${sqlLiteral(store.slug)}`
  const hours = (['store', 'delivery', 'collection'] as const).flatMap((method) =>
    store.hours.flatMap(({ dayOfWeek, ranges }) =>
      ranges.map((range) => `(${values([method, dayOfWeek, range.opensAt, range.closesAt])})`)
    )
  )
  const after = {
    name: store.name,
    slug: store.slug,
    description: null,
    phone: store.phone,
    email: store.email,
    addressLine1: store.addressLine1,
    addressLine2: store.addressLine2,
    town: store.town,
    county: store.county,
    postcode: store.postcode,
    latitude: store.latitude,
    longitude: store.longitude,
    timeZone: store.timeZone,
    isActive: true,
  }
  return [
    `insert or ignore into stores (business_id, slug, name, description, phone, email, ` +
      `address_line1, address_line2, town, county, postcode, latitude, longitude, time_zone, ` +
      `is_active, created_at, updated_at) select ${business}, ${values([
        store.slug,
        store.name,
        null,
        store.phone,
        store.email,
        store.addressLine1,
        store.addressLine2,
        store.town,
        store.county,
        store.postcode,
        store.latitude,
        store.longitude,
        store.timeZone,
      ])}, 1, ${now}, ${now};`,
    // One statement for the whole week, so "no hours yet" guards all of it at once: hours an
    // operator later changes are never added to.
    `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at, ` +
      `closes_at) select s.id, v.column1, v.column2, v.column3, v.column4 from (${thing}) s, ` +
      `(values ${hours.join(', ')}) v where not exists ` +
      `(select 1 from store_opening_hours h where h.store_id = s.id);`,
    audit({
      action: 'store.create',
      entity: 'store',
      thing,
      after,
      summary: `Store ${store.name} added (bootstrap)`,
      now,
    }),
  ]
}

// The invitation as the console's invite makes one (worker/backend/staff/service.ts): the
// token's hash, the operator role, no stores, seven days. Nobody invited them, so invited_by is
// null. Written only while the account is still invited and has no usable invitation; 'replace'
// first retires the unused ones (never this run's own, so running the file again is harmless).
function invitationStatements(
  input: BootstrapInput,
  kind: 'new' | 'replace',
  business: string,
  context: WriteContext
): Array<string> {
  const now = sqlLiteral(context.now.toISOString())
  const hash = sqlLiteral(context.invitationTokenHash ?? '')
  const account =
    `select id from staff_accounts where business_id = ${business} ` +
    `and email = ${sqlLiteral(input.operator.email)}`
  const usable = `i.accepted_at is null and i.retired_at is null and i.expires_at > ${now}`
  return [
    ...(kind === 'replace'
      ? [
          `update staff_invitations set retired_at = ${now} where staff_id = (${account}) ` +
            `and accepted_at is null and retired_at is null and token_hash != ${hash};`,
        ]
      : []),
    `insert into staff_invitations (business_id, staff_id, token_hash, role, store_ids_json, ` +
      `invited_by, expires_at, created_at) select a.business_id, a.id, ${hash}, 'operator', '[]', ` +
      `null, ${sqlLiteral(invitationExpiry(context.now))}, ${now} from staff_accounts a ` +
      `where a.id = (${account}) and a.status = 'invited' and a.is_operator = 1 ` +
      `and not exists (select 1 from staff_invitations i where i.staff_id = a.id and ${usable});`,
  ]
}

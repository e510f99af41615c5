import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { BootstrapInput, FlagValues } from '../../../scripts/bootstrap/input.ts'
import { validateInput } from '../../../scripts/bootstrap/input.ts'
import { type Plan, planBootstrap, planChanges } from '../../../scripts/bootstrap/plan.ts'
import { nextStepsText, planText } from '../../../scripts/bootstrap/report.ts'
import { bootstrapSql, invitationExpiry } from '../../../scripts/bootstrap/sql.ts'
import {
  directorySql,
  largestBusinessIdSql,
  newBusinessId,
  placedBrandSql,
  shardForBootstrapSql,
} from '../../../scripts/bootstrap/directory.ts'
import { parseSnapshot, snapshotSql } from '../../../scripts/bootstrap/state.ts'
import { parseCsv } from '../../../scripts/lib/csv.ts'
import { COUNTRIES, outcodeRows } from '../../../scripts/lib/reference-data.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { contrastFailures } from '../../../schemas/colour-contrast.ts'
import { NEW_BRAND_LOOK } from '../../../schemas/operator-brands.ts'
import { DEFAULT_POSTCODE_RULE } from '../../../schemas/postcode.ts'
import { createApp } from '../../../worker/app.ts'
import { backend } from '../../../worker/local-backend.ts'
import { checkPendingDomains } from '../../../worker/backend/operator/brands/service.ts'
import { LocalHostnameProvisioner } from '../../../worker/backend/operator/brands/local-hostname-provisioner.ts'
import { sha256Hex } from '../../../worker/lib/crypto.ts'
import { pageClient, pageText } from '../../integration/pages/storefront.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { DEMO_INPUT } from '../../support/workers/demo-input.ts'
import { place, secondShard } from '../../support/workers/shards.ts'

const outcodes = outcodeRows(parseCsv(DEMO_INPUT.outcodesCsv))
const context = {
  outcodes: new Map(outcodes.map((row) => [row.outcode, row])),
  defaultStateDir: '/state',
}
const app = createApp()

let runs = 0
/** A bootstrap of its own for each test: names no other test uses. */
function inputOf(change: FlagValues = {}): BootstrapInput {
  runs += 1
  const checked = validateInput(
    {
      env: 'production',
      business: `Bootstrap Foods ${runs}`,
      brand: `Bootstrap Fresh ${runs}`,
      host: `shop-${runs}.bootstrap.example`,
      'store-name': 'Leeds Briggate',
      'store-address': '1 Briggate',
      'store-postcode': 'LS1 6HB',
      'operator-email': `ops.${runs}@bootstrap.example`,
      'operator-name': 'Olu Operator',
      ...change,
    },
    context
  )
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
  return checked.input
}

/** The plan against the test database now, as the command makes it. */
async function planFor(input: BootstrapInput, now: Date, provider = 'cloudflare'): Promise<Plan> {
  const sql = snapshotSql(
    input,
    { countryCodes: COUNTRIES.map(([code]) => code), outcodes: outcodes.map((row) => row.outcode) },
    now
  )
  const { results } = await env.DB.prepare(sql).all<Record<string, unknown>>()
  return planBootstrap(input, parseSnapshot(results), { provider, outcodes: outcodes.length })
}

/** Runs the statements as `wrangler d1 execute --file` would: in order, in one go. */
async function apply(statements: ReadonlyArray<string>): Promise<void> {
  if (statements.length === 0) return
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)))
}

/** A token of the worker's shape (schemas/auth.ts OpaqueTokenSchema) and its stored hash. */
async function tokenOf(label: string): Promise<{ token: string; hash: string }> {
  const token = `bootstrap-${label}-${runs}-0123456789abcdef`
  return { token, hash: await sha256Hex(token) }
}

async function bootstrap(input: BootstrapInput, now: Date, provider = 'cloudflare') {
  const plan = await planFor(input, now, provider)
  expect(plan.refusals).toEqual([])
  const { token, hash } = await tokenOf('first')
  const statements = bootstrapSql(input, plan, { now, invitationTokenHash: hash, outcodes })
  await apply(statements)
  return { plan, statements, token }
}

const count = async (sql: string, ...params: Array<string | number>) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n

describe('the bootstrap SQL', () => {
  it('gives a new brand the console’s palette, which passes the contrast check', () => {
    expect(contrastFailures(NEW_BRAND_LOOK.colors)).toEqual([])
  })

  it('creates what the plan says, and the worker serves the brand on its host and takes the invitation', async () => {
    const now = new Date(env.TEST_NOW)
    const input = inputOf()
    const { plan, token } = await bootstrap(input, now)
    expect(plan.steps.map((step) => [step.subject, step.outcome])).toEqual([
      ['business', 'create'],
      ['postcode rule', 'create'],
      ['brand', 'create'],
      ['host', 'create'],
      ['store', 'create'],
      ['opening hours', 'create'],
      ['operator', 'create'],
      ['countries', expect.any(String)],
      ['postcode districts', expect.any(String)],
    ])
    expect(plan.invitation).toBe('new')
    expect(planText(plan, 'the test database')).toContain(
      `  create  business            "${input.business.name}"\n`
    )

    const business = await env.DB.prepare(
      'select id, legal_name, country_code, currency from businesses where name = ?1'
    )
      .bind(input.business.name)
      .first<{ id: number; legal_name: string; country_code: string; currency: string }>()
    expect(business).toMatchObject({
      legal_name: input.business.name,
      country_code: 'GB',
      currency: 'GBP',
    })
    const businessId = business?.id ?? 0
    expect(
      await env.DB.prepare(
        'select pattern, normalisation, example from postcode_rules where business_id = ?1'
      )
        .bind(businessId)
        .all()
    ).toMatchObject({
      results: [
        {
          pattern: DEFAULT_POSTCODE_RULE.pattern,
          normalisation: 'uk',
          example: DEFAULT_POSTCODE_RULE.example,
        },
      ],
    })
    expect(await count('select count(*) as n from countries')).toBeGreaterThanOrEqual(
      COUNTRIES.length
    )
    expect(await count('select count(*) as n from geo_outcodes')).toBeGreaterThanOrEqual(
      outcodes.length
    )
    // The host serves the brand (Cloudflare: a host set up before provisioning, no domain row).
    expect(
      await env.DB.prepare('select environment from brand_hosts where host = ?1')
        .bind(input.host)
        .first()
    ).toEqual({ environment: 'production' })
    expect(await count('select count(*) as n from brand_domains where host = ?1', input.host)).toBe(
      0
    )
    // The store with the console's new-store defaults: live, delivery by no radius or zone yet.
    const store = await env.DB.prepare(
      `select id, postcode, town, latitude, is_active, delivery_radius_km, delivery_fee,
              slot_duration_minutes from stores where business_id = ?1`
    )
      .bind(businessId)
      .first<Record<string, unknown>>()
    expect(store).toMatchObject({
      postcode: 'LS1 6HB',
      town: 'Leeds',
      latitude: input.store.latitude,
      is_active: 1,
      delivery_radius_km: null,
      delivery_fee: 0,
      slot_duration_minutes: 60,
    })
    // Mon–Sat 08:00–20:00 and Sun 10:00–16:00 for each of the three methods.
    expect(
      await count(
        'select count(*) as n from store_opening_hours where store_id = ?1',
        Number(store?.id)
      )
    ).toBe(21)
    // An operator without a password, invited by nobody.
    expect(
      await env.DB.prepare(
        `select a.status, a.is_operator, a.password_hash, i.role, i.invited_by, i.expires_at
           from staff_accounts a join staff_invitations i on i.staff_id = a.id where a.email = ?1`
      )
        .bind(input.operator.email)
        .first()
    ).toEqual({
      status: 'invited',
      is_operator: 1,
      password_hash: null,
      role: 'operator',
      invited_by: null,
      expires_at: invitationExpiry(now),
    })
    // Each creation is in the operator console's audit log, by no member of staff.
    expect(
      (
        await env.DB.prepare(
          'select action, staff_id from operator_audit where business_id = ?1 order by id'
        )
          .bind(businessId)
          .all()
      ).results
    ).toEqual([
      { action: 'brand.create', staff_id: null },
      { action: 'brand_domain.attach', staff_id: null },
      { action: 'store.create', staff_id: null },
    ])

    // The worker: the host is the brand's, and the link sets the operator's first password.
    const origin = `https://${input.host}`
    const { get, postForm } = pageClient(app, '198.51.102', origin)
    const path = `/store/invitation/${token}`
    const page = await get(path)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(pageText(html)).toContain('Join your team')
    expect(html).toContain(`data:image/svg+xml,`)
    expect(html).toContain(input.brand.name)
    const accepted = await postForm(path, { password: 'a brand new password' })
    expect(accepted.status, pageText(await accepted.clone().text())).toBe(303)
    expect(accepted.headers.get('location')).toBe('/store/sign-in')
    expect(
      await env.DB.prepare('select status from staff_accounts where email = ?1')
        .bind(input.operator.email)
        .first()
    ).toEqual({ status: 'active' })
    const again = await postForm(path, { password: 'a brand new password' })
    expect(pageText(await again.text())).toContain(MESSAGES.staffInvitationInvalid)
  })

  it('changes nothing when run twice, and a second plan finds it all there', async () => {
    const now = new Date(env.TEST_NOW)
    const input = inputOf()
    const { statements } = await bootstrap(input, now)
    const before = await fingerprint()
    await apply(statements)
    expect(changedTables(before, await fingerprint())).toEqual([])

    const second = await planFor(input, now)
    expect(second.refusals).toEqual([])
    expect(
      second.steps.every((step) => step.outcome === 'exists'),
      planText(second, 'test')
    ).toBe(true)
    expect(planChanges(second)).toBe(false)
    expect(bootstrapSql(input, second, { now, invitationTokenHash: null, outcodes })).toEqual([])
    expect(second.notes).toContain(
      'The invitation link was printed when it was made and is not kept. To make a new one (the ' +
        'old one then stops working), run again with --new-invitation.'
    )
    expect(
      nextStepsText(input, second, {
        provider: 'cloudflare',
        zoneId: '',
        invitation: null,
        wrote: false,
      })
    ).toMatch(/^Nothing to change: it is all there\./)
  })

  it('places the new business and its host in the directory of shards, once', async () => {
    const input = inputOf()
    await bootstrap(input, new Date(env.TEST_NOW))
    const directory = env.DIRECTORY
    if (!directory) throw new Error('wrangler.toml has no DIRECTORY binding')
    const placed = await env.DB.prepare(placedBrandSql(input.brand.slug)).first<{
      business_id: number
      brand_id: number
    }>()
    if (!placed) throw new Error('the bootstrap wrote no brand')
    const placement = {
      businessId: placed.business_id,
      brandId: placed.brand_id,
      host: input.host,
      slug: input.brand.slug,
      shard: 'DB',
    }
    const write = () =>
      directory.batch(directorySql(placement).map((statement) => directory.prepare(statement)))
    await write()
    await write()

    const rows = await directory.batch([
      directory.prepare('select id, shard from businesses where id = ?1').bind(placed.business_id),
      directory.prepare('select brand_id, business_id from hosts where host = ?1').bind(input.host),
      directory
        .prepare('select brand_id, business_id from brand_slugs where slug = ?1')
        .bind(input.brand.slug),
    ])
    expect(rows[0]?.results).toEqual([{ id: placed.business_id, shard: 'DB' }])
    expect(rows[1]?.results).toEqual([
      { brand_id: placed.brand_id, business_id: placed.business_id },
    ])
    expect(rows[2]?.results).toEqual([
      { brand_id: placed.brand_id, business_id: placed.business_id },
    ])
    // A host or slug the directory gives another business stays that business's.
    await directory.batch(
      directorySql({ ...placement, businessId: 9_999, brandId: 9_998 }).map((statement) =>
        directory.prepare(statement)
      )
    )
    const owner = await directory
      .prepare('select business_id from hosts where host = ?1')
      .bind(input.host)
      .first<{ business_id: number }>()
    expect(owner?.business_id).toBe(placed.business_id)
    const slugOwner = await directory
      .prepare('select business_id from brand_slugs where slug = ?1')
      .bind(input.brand.slug)
      .first<{ business_id: number }>()
    expect(slugOwner?.business_id).toBe(placed.business_id)
  })

  it('writes a new business to the shard with the fewest businesses, with an id no shard has, and a second run finds it there', async () => {
    const directory = env.DIRECTORY
    const second = await secondShard()
    await directory.prepare("insert or ignore into shards (name) values ('SHARD_2')").run()
    // DB holds more businesses than SHARD_2; SHARD_9 is listed but not bound here.
    for (const id of [9_001, 9_002]) await place(id, 'DB')
    await directory.prepare("insert or ignore into shards (name) values ('SHARD_9')").run()
    const input = inputOf()
    const shardFor = async (given: BootstrapInput) =>
      (
        await directory
          .prepare(
            shardForBootstrapSql({ host: given.host, businessId: given.business.id }, [
              'DB',
              'SHARD_2',
            ])
          )
          .first<{ shard: string }>()
      )?.shard
    expect(await shardFor(input)).toBe('SHARD_2')

    // The command's run against SHARD_2: its snapshot, the writes and the directory's rows.
    const now = new Date(env.TEST_NOW)
    const sql = snapshotSql(
      input,
      { countryCodes: COUNTRIES.map(([code]) => code), outcodes: outcodes.map((r) => r.outcode) },
      now
    )
    const { results } = await second.prepare(sql).all<Record<string, unknown>>()
    const plan = planBootstrap(input, parseSnapshot(results), {
      provider: 'cloudflare',
      outcodes: outcodes.length,
    })
    expect(plan.refusals).toEqual([])
    const largest = await Promise.all(
      [env.DB, second, directory].map(
        async (db) => (await db.prepare(largestBusinessIdSql).first<{ id: number }>())?.id
      )
    )
    const businessId = newBusinessId(largest)
    expect(businessId).toBeGreaterThan(9_002)
    const written = { ...input, business: { ...input.business, id: businessId } }
    const { hash } = await tokenOf('shard')
    const statements = bootstrapSql(written, plan, { now, invitationTokenHash: hash, outcodes })
    await second.batch(statements.map((statement) => second.prepare(statement)))
    const placed = await second.prepare(placedBrandSql(input.brand.slug)).first<{
      business_id: number
      brand_id: number
    }>()
    expect(placed?.business_id).toBe(businessId)
    await directory.batch(
      directorySql({
        businessId,
        brandId: placed?.brand_id ?? 0,
        host: input.host,
        slug: input.brand.slug,
        shard: 'SHARD_2',
      }).map((statement) => directory.prepare(statement))
    )
    // Nothing of it on DB; the worker resolves its host to the brand, on SHARD_2.
    expect(await count('select count(*) as n from businesses where id = ?1', businessId)).toBe(0)
    const resolved = await backend.request(`/brands/resolve?host=${input.host}`, {}, env)
    expect(await resolved.json()).toMatchObject({ id: placed?.brand_id })
    // A second run goes where the first wrote, though SHARD_2 now holds more businesses.
    for (const id of [9_101, 9_102, 9_103]) await place(id, 'SHARD_2')
    expect(await shardFor(input)).toBe('SHARD_2')
    expect(await shardFor(inputOf())).toBe('DB')
  }, 60_000)

  it('refuses another brand for a host that is taken, and writes nothing', async () => {
    const now = new Date(env.TEST_NOW)
    const input = inputOf()
    await bootstrap(input, now)
    const other = { ...inputOf(), host: input.host }
    const plan = await planFor(other, now)
    expect(plan.refusals).toEqual([
      `--host ${input.host} already belongs to the brand "${input.brand.name}" ` +
        `(${input.brand.slug}), not "${other.brand.name}" (${other.brand.slug}). A host is never ` +
        'moved from one brand to another here: detach it in the operator console ' +
        '(/store/operator/brands) first, or give another --host',
    ])
    // Same business, another brand: refused alike.
    const sameBusiness = { ...other, business: input.business }
    expect((await planFor(sameBusiness, now)).refusals).toHaveLength(1)
    // The statements guard themselves too: even written without the plan's check, the host
    // stays with its brand.
    const forced = await planFor({ ...other, host: `free-${runs}.bootstrap.example` }, now)
    await apply(bootstrapSql(other, forced, { now, invitationTokenHash: 'x'.repeat(64), outcodes }))
    expect(
      await env.DB.prepare(
        'select b.slug from brand_hosts h join brands b on b.id = h.brand_id where h.host = ?1'
      )
        .bind(input.host)
        .first()
    ).toEqual({ slug: input.brand.slug })
  })

  it('refuses a brand slug, business id or operator email that belongs to something else', async () => {
    const now = new Date(env.TEST_NOW)
    const input = inputOf()
    await bootstrap(input, now)
    const businessId = await count(
      'select id as n from businesses where name = ?1',
      input.business.name
    )

    const slugTaken = await planFor({ ...inputOf(), brand: input.brand }, now)
    expect(slugTaken.refusals).toEqual([
      `The brand web address name "${input.brand.slug}" belongs to another business's brand ` +
        `("${input.brand.name}"): give another --brand-slug`,
    ])
    const wrongId = await planFor(inputOf({ 'business-id': String(businessId) }), now)
    expect(wrongId.refusals[0]).toMatch(
      new RegExp(
        `^--business-id ${businessId} is "${input.business.name}", not "Bootstrap Foods \\d+"$`
      )
    )
    const nameTaken = await planFor(
      inputOf({ 'business-id': '999999', business: input.business.name }),
      now
    )
    expect(nameTaken.refusals[0]).toBe(
      `A business called "${input.business.name}" exists already (id ${businessId}): give ` +
        `--business-id ${businessId}, or leave --business-id out`
    )
    await env.DB.prepare(
      `insert into staff_accounts (business_id, email, name, status, is_operator, created_at, updated_at)
       values (?1, ?2, 'Pat Picker', 'invited', 0, ?3, ?3)`
    )
      .bind(businessId ?? 0, `picker.${runs}@bootstrap.example`, now.toISOString())
      .run()
    const notOperator = await planFor(
      { ...input, operator: { email: `picker.${runs}@bootstrap.example`, name: 'Pat' } },
      now
    )
    expect(notOperator.refusals).toEqual([
      `picker.${runs}@bootstrap.example is already staff of "${input.business.name}" but not an ` +
        'operator: make them one in the store console, or give another --operator-email',
    ])
  })

  it('picks the business by its id, even beside another of the same name', async () => {
    const now = new Date(env.TEST_NOW)
    const first = inputOf()
    await bootstrap(first, now)
    // A second business of the same name: by name the run would be refused as ambiguous.
    const { meta } = await env.DB.prepare(
      'insert into businesses (name, legal_name) values (?1, ?1)'
    )
      .bind(first.business.name)
      .run()
    const twin = Number(meta.last_row_id)
    const byName = await planFor(inputOf({ business: first.business.name }), now)
    expect(byName.refusals[0]).toMatch(
      /^2 businesses are called ".*" \(ids \d+, \d+\): give --business-id$/
    )

    const second = inputOf({ 'business-id': String(twin), business: first.business.name })
    const { plan } = await bootstrap(second, now)
    expect(
      plan.steps.filter((step) => step.outcome === 'create').map((step) => step.subject)
    ).toEqual(['postcode rule', 'brand', 'host', 'store', 'opening hours', 'operator'])
    expect(
      await env.DB.prepare(
        `select (select business_id from brands where slug = ?1) as brand,
                  (select business_id from stores where business_id = ?2) as store,
                  (select business_id from staff_accounts where email = ?3) as operator,
                  (select business_id from postcode_rules where business_id = ?2) as rule`
      )
        .bind(second.brand.slug, twin, second.operator.email)
        .first()
    ).toEqual({ brand: twin, store: twin, operator: twin, rule: twin })
  })

  it('leaves a local non-loopback host pending until the cron’s check, then serves it', async () => {
    const now = new Date(env.TEST_NOW)
    const input = inputOf({ env: 'staging' })
    const { plan } = await bootstrap(input, now, 'local')
    expect(plan.create.host).toMatchObject({ serve: false, domain: { status: 'pending' } })
    expect(
      await env.DB.prepare(
        'select environment, status, provider_id from brand_domains where host = ?1'
      )
        .bind(input.host)
        .first()
    ).toEqual({ environment: 'staging', status: 'pending', provider_id: `local:${input.host}` })
    expect(await count('select count(*) as n from brand_hosts where host = ?1', input.host)).toBe(0)
    const text = nextStepsText(input, plan, {
      provider: 'local',
      zoneId: '',
      invitation: null,
      wrote: true,
    })
    expect(text).toContain(`${input.host} is pending: the worker's minute cron makes it active`)

    expect(
      await checkPendingDomains(env.DB, new LocalHostnameProvisioner(), now.toISOString(), 1000)
    ).toContain(input.host)
    expect(
      await env.DB.prepare('select environment from brand_hosts where host = ?1')
        .bind(input.host)
        .first()
    ).toEqual({ environment: 'staging' })
  })

  it('makes a *.localhost host active at once with the local provider', async () => {
    const now = new Date(env.TEST_NOW)
    const input = inputOf({ env: 'development', host: `shop-${runs + 1}.localhost` })
    const { plan, token } = await bootstrap(input, now, 'local')
    expect(plan.create.host).toMatchObject({ serve: true, domain: { status: 'active' } })
    expect(
      await env.DB.prepare(
        `select h.environment, d.status from brand_hosts h join brand_domains d on d.host = h.host
          where h.host = ?1`
      )
        .bind(input.host)
        .first()
    ).toEqual({ environment: 'dev', status: 'active' })
    const { get } = pageClient(app, '198.51.103', `http://${input.host}`)
    expect((await get(`/store/invitation/${token}`)).status).toBe(200)
  })

  it('replaces an unused invitation only when asked, once however often the file runs', async () => {
    const now = new Date(env.TEST_NOW)
    const input = inputOf()
    const { token: first } = await bootstrap(input, now)
    const again = await planFor({ ...input, newInvitation: true }, now)
    expect(again.invitation).toBe('replace')
    const { token: second, hash } = await tokenOf('second')
    const statements = bootstrapSql(input, again, { now, invitationTokenHash: hash, outcodes })
    await apply(statements)
    const before = await fingerprint()
    await apply(statements)
    expect(changedTables(before, await fingerprint())).toEqual([])
    expect(
      await count(
        `select count(*) as n from staff_invitations i join staff_accounts a on a.id = i.staff_id
          where a.email = ?1 and i.retired_at is null`,
        input.operator.email
      )
    ).toBe(1)

    const { get, postForm } = pageClient(app, '198.51.104', `https://${input.host}`)
    const old = await postForm(`/store/invitation/${first}`, { password: 'a brand new password' })
    expect(pageText(await old.text())).toContain(MESSAGES.staffInvitationInvalid)
    const fresh = await postForm(`/store/invitation/${second}`, {
      password: 'a brand new password',
    })
    expect(fresh.status).toBe(303)
    expect((await get('/store/sign-in')).status).toBe(200)
    // Active now: nothing more to invite, whatever is asked.
    const after = await planFor({ ...input, newInvitation: true }, now)
    expect(after.invitation).toBeNull()
    expect(after.notes).toEqual(['No new invitation: the operator is already active.'])
  })
})

import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { place, secondShard } from '../../support/workers/shards.ts'
import { OTHER, testEnv } from '../auth/fixtures.ts'
import { type OperatorWorld, operatorCall, operatorWorld } from './fixtures.ts'
import { brandFields } from './sweep/brands.ts'

/*
 * ADR 047, 063: the operator's views with the business on the second shard and the Worker's DB the
 * first, which holds another business. Every operator page is its business's (requireOperator),
 * so it reads the business's shard; what the platform holds across businesses (a brand's slug,
 * the health check's outbox depth) is looked for on every shard.
 */

// The Worker's bindings: DB is the first shard (captured before the swap below).
const workerEnv: Env = { ...testEnv }
let world: OperatorWorld
let shard2: D1Database
const FIRST_SHARD_SLUG = 'first-shard-brand'

beforeAll(async () => {
  shard2 = await secondShard()
  await place(1, 'SHARD_2')
  await place(OTHER.businessId, 'SHARD_2')
  // A business of the first shard, with a brand and a task the queue gave up on.
  await workerEnv.DB.batch([
    workerEnv.DB.prepare(
      `insert into businesses (id, name, legal_name) values (77, 'First Shard', 'First Shard Ltd')`
    ),
    workerEnv.DB.prepare(
      `insert into brands (id, business_id, slug, name, logo_url, primary_color, secondary_color,
         accent_color)
       values (770, 77, ?1, 'First Shard', '/logo.svg', '#000000', '#111111', '#222222')`
    ).bind(FIRST_SHARD_SLUG),
    workerEnv.DB.prepare(
      `insert into effects (business_id, effect_key, kind, payload_json, status, created_at)
       values (77, 'first:dead', 'order_placed_email', '{}', 'dead', ?1)`
    ).bind(new Date().toISOString()),
  ])
  await place(77, 'DB')
  // The fixtures seed and read through env.DB: the businesses' shard.
  env.DB = shard2
  world = await operatorWorld()
}, 120_000)

describe('operator views of a business on the second shard', () => {
  it('list its brands, stores, staff, failed tasks and audit, and nothing of the first shard', async () => {
    const brands = await operatorCall('/staff/operator/brands/list', {}, world.operator)
    expect(brands.status, JSON.stringify(brands.json)).toBe(200)
    expect(JSON.stringify(brands.json)).toContain(`"id":${world.own.brandId}`)
    expect(JSON.stringify(brands.json)).not.toContain(FIRST_SHARD_SLUG)

    const stores = await operatorCall('/staff/operator/stores/list', {}, world.operator)
    expect(stores.status, JSON.stringify(stores.json)).toBe(200)
    expect(JSON.stringify(stores.json)).toContain(`"id":${world.own.storeId}`)

    const staff = await operatorCall('/staff/operator/staff/list', {}, world.operator)
    expect(staff.status, JSON.stringify(staff.json)).toBe(200)
    expect(JSON.stringify(staff.json)).toContain(`"staffId":${world.own.staffId}`)

    const effects = await operatorCall('/staff/operator/effects', {}, world.operator)
    expect(effects.status, JSON.stringify(effects.json)).toBe(200)
    const listed = (effects.json as { effects: Array<{ id: number }> }).effects
    expect(listed.map((effect) => effect.id)).toEqual([world.own.effectId])

    const money = await operatorCall('/staff/operator/money', {}, world.operator)
    expect(money.status, JSON.stringify(money.json)).toBe(200)

    const renamed = await operatorCall(
      '/staff/operator/brands/update',
      { ...brandFields('renamed-shard-two'), brandId: world.own.brandId },
      world.operator
    )
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)
    const audit = await operatorCall('/staff/operator/audit', {}, world.operator)
    expect(audit.status, JSON.stringify(audit.json)).toBe(200)
    expect(JSON.stringify(audit.json)).toContain('brand.update')
  })

  it('refuse a brand slug a brand on another shard holds: slugs are the platform’s', async () => {
    const created = await operatorCall(
      '/staff/operator/brands/create',
      brandFields(FIRST_SHARD_SLUG),
      world.operator
    )
    expect(created.status, JSON.stringify(created.json)).toBe(422)
    expect(created.json).toMatchObject({
      error: { fields: [{ field: 'slug', message: MESSAGES.brandSlugTaken }] },
    })
    const updated = await operatorCall(
      '/staff/operator/brands/update',
      { ...brandFields(FIRST_SHARD_SLUG), brandId: world.own.brandId },
      world.operator
    )
    expect(updated.status, JSON.stringify(updated.json)).toBe(422)
    const onShard2 = await shard2
      .prepare('select count(*) as n from brands where slug = ?1')
      .bind(FIRST_SHARD_SLUG)
      .first<{ n: number }>()
    expect(onShard2?.n).toBe(0)
  })
})

describe('the health check', () => {
  it('counts the outbox of every shard', async () => {
    const dead = async (db: D1Database) =>
      (
        await db.prepare(`select count(*) as n from effects where status = 'dead'`).first<{
          n: number
        }>()
      )?.n ?? 0
    const expected = (await dead(workerEnv.DB)) + (await dead(shard2))
    expect(await dead(shard2)).toBeGreaterThan(0)

    const res = await createApp().request('/healthz', {}, workerEnv)

    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ checks: { db: 'ok' }, effects: { dead: expected } })
  })
})

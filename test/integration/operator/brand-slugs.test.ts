import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { claimSlug, reconcileShardSlugs } from '../../../worker/backend/directory/slugs-repo.ts'
import { directory, place, secondShard } from '../../support/workers/shards.ts'
import { type OperatorWorld, operatorCall, operatorWorld } from './fixtures.ts'
import { brandFields } from './sweep/brands.ts'

/*
 * ADR 063: a brand's slug is claimed in the directory before the shard's brand row is written, as
 * a host is, so two shards cannot both take one slug; the daily run indexes the slugs of brands
 * from before the claim and gives back claims no brand holds.
 */

let world: OperatorWorld

beforeAll(async () => {
  world = await operatorWorld()
  // The directory lists the second shard once a business is placed there.
  await secondShard()
  await place(4000, 'SHARD_2')
}, 60_000)

const claimOf = (slug: string) =>
  directory()
    .prepare('select business_id, brand_id from brand_slugs where slug = ?1')
    .bind(slug)
    .first<{ business_id: number; brand_id: number }>()

const brandsWithSlug = async (slug: string) =>
  (
    await env.DB.prepare('select count(*) as n from brands where slug = ?1')
      .bind(slug)
      .first<{ n: number }>()
  )?.n ?? 0

describe('brand slugs claimed in the directory', () => {
  it('refuse a slug another business claimed, though no shard this Worker reads holds it', async () => {
    const elsewhere = { slug: 'claimed-elsewhere', businessId: 4242, brandId: 9, shard: 'SHARD_2' }
    expect(await claimSlug(directory(), elsewhere)).toBe(true)

    const created = await operatorCall(
      '/staff/operator/brands/create',
      brandFields('claimed-elsewhere'),
      world.operator
    )

    expect(created.status, JSON.stringify(created.json)).toBe(422)
    expect(created.json).toMatchObject({
      error: { fields: [{ field: 'slug', message: MESSAGES.brandSlugTaken }] },
    })
    expect(await brandsWithSlug('claimed-elsewhere')).toBe(0)
    expect(await claimOf('claimed-elsewhere')).toEqual({ business_id: 4242, brand_id: 9 })
  })

  it('claim a new brand’s slug, and give the old one back when it is renamed', async () => {
    const created = await operatorCall(
      '/staff/operator/brands/create',
      brandFields('first-name'),
      world.operator
    )
    expect(created.status, JSON.stringify(created.json)).toBe(200)
    const brandId = (created.json as { id: number }).id
    expect(await claimOf('first-name')).toEqual({ business_id: 1, brand_id: brandId })

    const renamed = await operatorCall(
      '/staff/operator/brands/update',
      { ...brandFields('second-name'), brandId },
      world.operator
    )
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)
    expect(await claimOf('second-name')).toEqual({ business_id: 1, brand_id: brandId })
    expect(await claimOf('first-name')).toBeNull()

    // Saved again unchanged: still its own.
    const again = await operatorCall(
      '/staff/operator/brands/update',
      { ...brandFields('second-name'), brandId },
      world.operator
    )
    expect(again.status, JSON.stringify(again.json)).toBe(200)
    const other = { slug: 'first-name', businessId: 4243, brandId: 1, shard: 'SHARD_2' }
    expect(await claimSlug(directory(), other)).toBe(true)
    expect(await claimSlug(directory(), { ...other, slug: 'second-name' })).toBe(false)
  })

  it('let one of 20 brands of 20 businesses asking for one slug at once have it', async () => {
    const claims = Array.from({ length: 20 }, (_, i) => ({
      slug: 'one-slug-for-twenty',
      businessId: 5000 + i,
      brandId: 70 + i,
      shard: 'SHARD_2',
    }))

    const won = await Promise.all(claims.map((claim) => claimSlug(directory(), claim)))

    expect(won.filter(Boolean)).toHaveLength(1)
    const winner = claims[won.indexOf(true)]
    expect(await claimOf('one-slug-for-twenty')).toEqual({
      business_id: winner?.businessId,
      brand_id: winner?.brandId,
    })
  })
})

describe('the daily run over a shard’s slugs', () => {
  it('index a brand from before the claim, give back a claim no brand holds, and leave other shards alone', async () => {
    await place(1, 'DB')
    await place(4244, 'SHARD_2')
    await env.DB.prepare(
      `insert into brands (id, business_id, slug, name, logo_url, primary_color, secondary_color,
         accent_color)
       values (880, 1, 'from-before', 'From Before', '/logo.svg', '#000000', '#111111', '#222222')`
    ).run()
    await directory()
      .prepare(
        `insert into brand_slugs (slug, business_id, brand_id) values
           ('lost-write', 1, 99999), ('other-shard', 4244, 3)`
      )
      .run()

    const first = await reconcileShardSlugs(directory(), env.DB, 'DB')

    expect(first.released).toBe(1)
    expect(first.indexed).toBeGreaterThanOrEqual(1)
    expect(await claimOf('from-before')).toEqual({ business_id: 1, brand_id: 880 })
    expect(await claimOf('lost-write')).toBeNull()
    expect(await claimOf('other-shard')).toEqual({ business_id: 4244, brand_id: 3 })
    expect(await reconcileShardSlugs(directory(), env.DB, 'DB')).toEqual({
      indexed: 0,
      released: 0,
    })
  })
})

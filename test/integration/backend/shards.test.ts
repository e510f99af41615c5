import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BrandSchema } from '../../../schemas/brand.ts'
import { backend } from '../../../worker/local-backend.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { OTHER_GROCER, otherGrocer, seedDemo } from '../../support/workers/seed.ts'
import { misplacedRows, place, secondShard } from '../../support/workers/shards.ts'
import { TEST_SECRETS } from '../../support/test-secrets.ts'

// ADR 047: the demo business on the first shard (DB, not placed: where every business lived),
// the other grocer placed on the second. Every call finds its business's rows, and only there.
const bindings: Env = { ...env, ...TEST_SECRETS }
let shard2: D1Database

beforeAll(async () => {
  await seedDemo(env.DB)
  shard2 = await secondShard()
  await shard2.batch(otherGrocer(shard2))
  await place(OTHER_GROCER.businessId, 'SHARD_2', [
    { host: OTHER_GROCER.host, brandId: OTHER_GROCER.brandId },
  ])
  // Two migrated databases and the demo data: slow on a shared machine.
}, 120_000)

const register = (businessId: number, email: string) =>
  callBackend(
    '/auth/register',
    {
      businessId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '07700 900123',
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      whereHeard: 'A friend',
    },
    { bindings, ip: `198.51.100.${businessId}` }
  )

describe('every business on its own shard', () => {
  it("resolves a host of a business on the second shard to that business's brand", async () => {
    const res = await backend.request(`/brands/resolve?host=${OTHER_GROCER.host}`, {}, bindings)
    expect(res.status).toBe(200)
    expect(BrandSchema.parse(await res.json())).toMatchObject({
      id: OTHER_GROCER.brandId,
      businessId: OTHER_GROCER.businessId,
    })
  })

  it("answers a business's store from its shard, and the other business's from the first", async () => {
    const other = await callBackend(
      '/stores/details',
      { businessId: OTHER_GROCER.businessId, seoUrl: OTHER_GROCER.storeSlug },
      { bindings }
    )
    expect(other.status).toBe(200)
    expect(other.json).toMatchObject({ id: OTHER_GROCER.storeId })
    const demo = await callBackend(
      '/stores/details',
      { businessId: 1, seoUrl: OTHER_GROCER.storeSlug },
      { bindings }
    )
    expect(demo.status).toBe(404)
  })

  it("writes each business's new members to its own shard: a scan finds no row out of place", async () => {
    expect((await register(OTHER_GROCER.businessId, 'ada@other.example')).status).toBe(200)
    expect((await register(1, 'ada@demo.example')).status).toBe(200)

    const inShard2 = await shard2
      .prepare('select business_id from customers where email = ?1')
      .bind('ada@other.example')
      .all()
    expect(inShard2.results).toEqual([{ business_id: OTHER_GROCER.businessId }])
    const inDb = await env.DB.prepare('select email from customers where email like ?1')
      .bind('ada@%')
      .all()
    expect(inDb.results).toEqual([{ email: 'ada@demo.example' }])
    expect(await misplacedRows({ DB: env.DB, SHARD_2: shard2 })).toEqual([])
  })
})

import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BrandSchema } from '../../../../schemas/brand.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { BrandDomainSchema } from '../../../../schemas/operator-brands.ts'
import { backend } from '../../../../worker/local-backend.ts'
import { directory, place, secondShard } from '../../../support/workers/shards.ts'
import { OTHER, testEnv } from '../../auth/fixtures.ts'
import { type OperatorWorld, operatorCall, operatorWorld } from '../fixtures.ts'

/*
 * ADR 047: an operator's domains of a business on the second shard. The Worker's `DB` is the
 * first shard; a call with only a host (/brands/resolve) finds its business through the
 * directory, so attaching and detaching a domain write the directory as well as the shard, and a
 * host is unique across every shard.
 */

// The Worker's bindings: DB is the first shard (captured before the swap below).
const workerEnv: Env = { ...testEnv }
let world: OperatorWorld
let shard2: D1Database

beforeAll(async () => {
  shard2 = await secondShard()
  await place(1, 'SHARD_2')
  await place(OTHER.businessId, 'SHARD_2')
  // The fixtures seed and read through env.DB: the businesses' shard.
  env.DB = shard2
  world = await operatorWorld()
}, 120_000)

const attach = (host: string) =>
  operatorCall(
    '/staff/operator/brands/domains/attach',
    { brandId: world.own.brandId, host, environment: 'local' },
    world.operator
  )

async function resolve(host: string) {
  return backend.request(`/brands/resolve?host=${host}`, {}, workerEnv)
}

describe('domains of a business on the second shard', () => {
  it('serve once attached, and stop once detached, for calls that know only the host', async () => {
    const attached = await attach('shard-two.localhost')
    expect(BrandDomainSchema.parse(attached.json)).toMatchObject({ status: 'active' })

    const served = await resolve('shard-two.localhost')
    expect(served.status).toBe(200)
    expect(BrandSchema.parse(await served.json())).toMatchObject({ id: world.own.brandId })

    const detached = await operatorCall(
      '/staff/operator/brands/domains/detach',
      { brandId: world.own.brandId, host: 'shard-two.localhost' },
      world.operator
    )
    expect(detached.status).toBe(200)
    expect((await resolve('shard-two.localhost')).status).toBe(404)
    expect(
      await directory().prepare("select 1 from hosts where host = 'shard-two.localhost'").first()
    ).toBeNull()
  })

  it('refuses a host another shard serves, writing nothing', async () => {
    // A business on the first shard holds the host; this shard has never heard of it.
    await place(77, 'DB', [{ host: 'held-elsewhere.localhost', brandId: 770 }])

    const refused = await attach('held-elsewhere.localhost')

    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({
      error: { fields: [{ field: 'host', message: MESSAGES.domainTaken }] },
    })
    expect(
      await shard2
        .prepare("select 1 from brand_domains where host = 'held-elsewhere.localhost'")
        .first()
    ).toBeNull()
    const owner = await directory()
      .prepare("select business_id from hosts where host = 'held-elsewhere.localhost'")
      .first<{ business_id: number }>()
    expect(owner?.business_id).toBe(77)
  })
})

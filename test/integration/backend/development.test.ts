import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { backend } from '../../../worker/backend/index.ts'
import { seedTenancy } from './fixtures.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

const closure = (body: unknown, appEnv = 'test') =>
  backend.request(
    '/dev/stores/temporary-closure',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { ...env, APP_ENV: appEnv }
  )

async function closedFlag(storeId: number): Promise<number | undefined> {
  return (
    await env.DB.prepare('select is_temporarily_closed as closed from stores where id = ?1')
      .bind(storeId)
      .first<{ closed: number }>()
  )?.closed
}

describe('POST /dev/stores/temporary-closure', () => {
  it('closes a store of the business and opens it again', async () => {
    const closed = await closure({
      businessId: 1,
      storeSlug: 'manchester-piccadilly',
      closed: true,
    })
    expect(closed.status).toBe(200)
    expect(await closed.json()).toEqual({ storeSlug: 'manchester-piccadilly', closed: true })
    expect(await closedFlag(10)).toBe(1)
    await closure({ businessId: 1, storeSlug: 'manchester-piccadilly', closed: false })
    expect(await closedFlag(10)).toBe(0)
  })

  it("does not reach another business's store", async () => {
    const res = await closure({ businessId: 1, storeSlug: 'dublin-centre', closed: true })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: { message: MESSAGES.storeNotFound } })
    expect(await closedFlag(20)).toBe(0)
  })

  it('is not found in production and changes nothing', async () => {
    const res = await closure(
      { businessId: 1, storeSlug: 'manchester-piccadilly', closed: true },
      'production'
    )
    expect(res.status).toBe(404)
    expect(await closedFlag(10)).toBe(0)
  })
})

import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { postToBackend } from '../../support/workers/requests.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { backend } from '../../../worker/local-backend.ts'
import { seedTenancy } from './fixtures.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

const closure = (body: unknown, appEnv = 'test') =>
  postToBackend('/dev/stores/temporary-closure', body, { bindings: { ...env, APP_ENV: appEnv } })

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

describe('the development clock, /dev/clock', () => {
  const clock = (method: 'GET' | 'PUT', body?: unknown, appEnv = 'test') =>
    backend.request(
      '/dev/clock',
      {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { ...env, APP_ENV: appEnv }
    )
  const serverTime = async (): Promise<string> => {
    const res = await backend.request('/time-slots/server-time?businessId=1', {}, env)
    return ((await res.json()) as { serverTime: string }).serverTime
  }

  afterEach(async () => {
    await clock('PUT', { now: null })
  })

  it('pins the time every call reads, which then moves on, and lets it go again', async () => {
    const pinned = await clock('PUT', { now: '2028-02-29T23:59:30.000Z' })
    expect(pinned.status).toBe(200)
    expect(await pinned.json()).toMatchObject({ pinned: true })
    const read = Date.parse(await serverTime())
    expect(read).toBeGreaterThanOrEqual(Date.parse('2028-02-29T23:59:30.000Z'))
    expect(read).toBeLessThan(Date.parse('2028-02-29T23:59:40.000Z'))

    const released = await clock('PUT', { now: null })
    expect(await released.json()).toMatchObject({ pinned: false })
    // Back on the test's own clock (pinned by test/setup/pin-clock.ts).
    expect(Math.abs(Date.parse(await serverTime()) - Date.now())).toBeLessThan(5_000)
  })

  it('refuses something that is not an instant, and changes nothing', async () => {
    const res = await clock('PUT', { now: 'tomorrow' })
    expect(res.status).toBe(422)
    expect(await (await clock('GET')).json()).toMatchObject({ pinned: false })
  })

  it('is not found in production, where the clock is always the system clock', async () => {
    const res = await clock('PUT', { now: '2030-01-01T00:00:00.000Z' }, 'production')
    expect(res.status).toBe(404)
    expect(await (await clock('GET')).json()).toMatchObject({ pinned: false })
  })
})

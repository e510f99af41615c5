import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import type { BackendApp } from '../../../worker/lib/backend-client.ts'
import { backend } from '../../../worker/local-backend.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { CHECKOUT_LOCATION, testEnv } from './storefront.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'

beforeAll(async () => {
  await seedDemo(env.DB)
})

const STORE = 'manchester-piccadilly'

/** What one page render cost: the backend calls it made and D1's round trips under them. */
interface Tally {
  backendCalls: Array<string>
  d1RoundTrips: number
}

/** A D1 binding that counts each round trip (a statement run, or a whole batch) into `tally`. */
function countingDb(db: D1Database, tally: Tally): D1Database {
  const countStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver)
        if (typeof value !== 'function') return value
        if (name === 'bind') {
          return (...args: Array<unknown>) =>
            countStatement(
              (value as (...a: Array<unknown>) => D1PreparedStatement).apply(target, args)
            )
        }
        if (name === 'first' || name === 'all' || name === 'run' || name === 'raw') {
          return (...args: Array<unknown>) => {
            tally.d1RoundTrips += 1
            return (value as (...a: Array<unknown>) => unknown).apply(target, args)
          }
        }
        return (value as (...a: Array<unknown>) => unknown).bind(target)
      },
    })
  return new Proxy(db, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver)
      if (name === 'prepare') {
        return (query: string) => countStatement(target.prepare(query))
      }
      if (name === 'batch') {
        return (statements: Array<D1PreparedStatement>) => {
          tally.d1RoundTrips += 1
          return target.batch(statements)
        }
      }
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
}

/** The in-process backend, recording each call's method and path. */
function countingBackend(tally: Tally): BackendApp {
  return {
    fetch(request, callEnv, ctx) {
      const url = new URL(request.url)
      tally.backendCalls.push(`${request.method} ${url.pathname}`)
      return backend.fetch(request, callEnv, ctx)
    },
  }
}

async function render(path: string, cookie = APP_VERSION_COOKIE): Promise<Tally> {
  const tally: Tally = { backendCalls: [], d1RoundTrips: 0 }
  const app = createApp({ backend: countingBackend(tally) })
  const response = await app.request(
    `http://localhost${path}`,
    { headers: { cookie } },
    { ...testEnv, DB: countingDb(env.DB, tally) }
  )
  expect(response.status, path).toBe(200)
  await response.text()
  return tally
}

const PAGES = {
  home: '/',
  store: `/stores/${STORE}`,
  results: '/stores-near-by/M1%201AE',
  category: `/stores/${STORE}/category/fruit-veg`,
  item: `/stores/${STORE}/category/deli-sandwiches/build-your-own-sub`,
}

describe('public pages read no D1 on their hot path', () => {
  for (const [name, path] of Object.entries(PAGES)) {
    it(`${name}: a repeat render is served from KV alone; no call is made twice`, async () => {
      const cold = await render(path)
      // One render never asks the backend the same thing twice.
      expect(new Set(cold.backendCalls).size, cold.backendCalls.join(', ')).toBe(
        cold.backendCalls.length
      )
      // The first render's KV entries are written after the page is sent (waitUntil).
      await vi.waitFor(async () => {
        const warm = await render(path)
        expect(warm.backendCalls, name).toEqual([])
        expect(warm.d1RoundTrips, name).toBe(0)
      })
    })
  }
})

describe('the time slots page', () => {
  it('asks the backend once for the slot list and the basket’s slot-price facts; the store comes from KV', async () => {
    const added = await createApp().request(
      'http://localhost/api/basket/items/add',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: APP_VERSION_COOKIE },
        body: JSON.stringify({
          storeId: await storeId(),
          menuItem: { itemId: await anItemId(), quantity: 1 },
        }),
      },
      testEnv
    )
    expect(added.status).toBe(200)
    const basket = added.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => pair.startsWith('sf_basket='))
    const cookie = [APP_VERSION_COOKIE, ...basket, CHECKOUT_LOCATION].join('; ')
    const path = `/stores/${STORE}/time-slots`
    await vi.waitFor(async () => {
      const warm = await render(path, cookie)
      expect(warm.backendCalls).toEqual(['POST /basket/time-slots'])
    })
  })
})

async function storeId(): Promise<number> {
  const row = await env.DB.prepare('select id from stores where slug = ?1')
    .bind(STORE)
    .first<{ id: number }>()
  return row?.id ?? 0
}

async function anItemId(): Promise<number> {
  const row = await env.DB.prepare(
    'select id from menu_items where business_id = 1 order by id limit 1'
  ).first<{ id: number }>()
  return row?.id ?? 0
}

import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'
import { jsonPost } from '../../support/workers/requests.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { testEnv } from '../pages/storefront.ts'

/*
 * D1 read replication (ADR 046): the backend runs each request in a D1 session; a write's answer
 * gives the shopper a bookmark cookie, and their next request reads from a copy at least that new.
 */

const app = createApp()

beforeAll(async () => {
  await seedDemo(env.DB)
}, 60_000)

// A new basket at Manchester Piccadilly: a write, through the proxy, as the browser makes it.
const NEW_BASKET = { storeId: 1 }

/** The database, recording the constraint of every session opened on it. */
function recordingDb(): { db: D1Database; constraints: Array<string> } {
  const constraints: Array<string> = []
  const db = new Proxy(env.DB, {
    get(target, name) {
      if (name === 'withSession') {
        return (constraint: string) => {
          constraints.push(constraint)
          return target.withSession(constraint)
        }
      }
      const value: unknown = Reflect.get(target, name, target)
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
  return { db, constraints }
}

function bookmarkCookie(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sf_d1_bookmark='))
    ?.split(';')[0]
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

describe.each([
  ['in-process', testEnv],
  ['behind the BACKEND binding', { ...testEnv, BACKEND: env.PLACED_BACKEND }],
])('D1 sessions, backend %s', (_mode, given: Env) => {
  it('gives a bookmark after a write, and the next request with it is answered', async () => {
    const write = await app.request(
      'http://localhost/api/basket',
      jsonPost(NEW_BASKET, { cookie: APP_VERSION_COOKIE }),
      given
    )
    expect(write.status).toBe(200)
    const bookmark = bookmarkCookie(write)
    expect(bookmark).toMatch(/^sf_d1_bookmark=[0-9a-f-]+$/)
    const next = await app.request(
      'http://localhost/api/time-slots/server-time',
      { headers: { cookie: `${APP_VERSION_COOKIE}; ${cookiesOf(write)}` } },
      given
    )
    expect(next.status).toBe(200)
    // A read sets no cookie: the shopper keeps the bookmark of their last write.
    expect(bookmarkCookie(next)).toBeUndefined()
  })
})

describe('D1 sessions: where a request starts', () => {
  it('honours the bookmark of the last write on the next request', async () => {
    const { db, constraints } = recordingDb()
    const recorded: Env = { ...testEnv, DB: db }
    const write = await app.request(
      'http://localhost/api/basket',
      jsonPost(NEW_BASKET, { cookie: APP_VERSION_COOKIE }),
      recorded
    )
    expect(constraints).toContain('first-primary')
    const bookmark = bookmarkCookie(write)?.split('=')[1] ?? ''
    constraints.length = 0
    const next = await app.request(
      'http://localhost/api/time-slots/server-time',
      { headers: { cookie: `${APP_VERSION_COOKIE}; ${cookiesOf(write)}` } },
      recorded
    )
    expect(next.status).toBe(200)
    expect(new Set(constraints)).toEqual(new Set([bookmark]))
  })

  it('reads anywhere without a bookmark, and ignores one that is not a bookmark', async () => {
    const { db, constraints } = recordingDb()
    const recorded: Env = { ...testEnv, DB: db }
    const anonymous = await app.request(
      'http://localhost/api/time-slots/server-time',
      { headers: { cookie: APP_VERSION_COOKIE } },
      recorded
    )
    expect(anonymous.status).toBe(200)
    const forged = await app.request(
      'http://localhost/api/time-slots/server-time?again=1',
      { headers: { cookie: `${APP_VERSION_COOKIE}; sf_d1_bookmark=not%20a%20bookmark'` } },
      recorded
    )
    expect(forged.status).toBe(200)
    expect(new Set(constraints)).toEqual(new Set(['first-unconstrained']))
    expect(bookmarkCookie(anonymous)).toBeUndefined()
  })

  it('gives no bookmark for a page whose backend calls only read, POSTs among them', async () => {
    const page = await app.request(
      'http://localhost/stores/manchester-piccadilly',
      { headers: { cookie: APP_VERSION_COOKIE } },
      testEnv
    )
    expect(page.status).toBe(200)
    expect(bookmarkCookie(page)).toBeUndefined()
  })
})

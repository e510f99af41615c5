import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { pinClock } from '../../../worker/lib/clock.ts'
import { pageVersionKey, VERSION_HELD_MS } from '../../../worker/lib/page-cache-version.ts'
import { PAGE_FRESH_MS, pageCacheKey } from '../../../worker/lib/page-cache.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'
import { downDatabase } from '../../support/workers/down-database.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { alertOf, operatorPagesClient } from './operator/console-client.ts'
import { CHECKOUT_LOCATION, pageText, testEnv } from './storefront.ts'

/*
 * The edge page cache (ADR 042) as shoppers meet it: anonymous public pages from the Cache API,
 * per host, with this request's nonce, stale while a render replaces them, gone at once after an
 * operator's change, never for a personal request, and still there while D1 is down.
 */

const app = createApp()
// The pool runs with the page cache off (test/vitest.config.ts); these tests turn it on.
const cachedEnv: Env = { ...testEnv, PAGE_CACHE: 'on' } as Env
const CATEGORY = '/stores/manchester-piccadilly/category/fruit-veg'

beforeAll(async () => {
  await seedDemo(env.DB)
}, 60_000)

afterEach(() => pinClock(testEnv, null))

function get(path: string, options: { host?: string; cookie?: string; env?: Env } = {}) {
  return app.request(
    `http://${options.host ?? 'localhost'}${path}`,
    { headers: { cookie: options.cookie ?? APP_VERSION_COOKIE }, redirect: 'manual' },
    options.env ?? cachedEnv
  )
}

/** The nonce the CSP allows, and every nonce attribute the page carries. */
async function nonces(response: Response): Promise<{ csp: string; body: Array<string> }> {
  const csp = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
  const html = await response.text()
  return { csp: csp ?? '', body: [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1] ?? '') }
}

const downDb = downDatabase(env.DB)

describe('anonymous public pages from the page cache', () => {
  it('renders a page once, then serves it from the cache with a fresh nonce each time', async () => {
    const miss = await get(CATEGORY)
    expect(miss.status).toBe(200)
    expect(miss.headers.get('x-cache')).toBe('miss')
    const missNonce = (await nonces(miss.clone())).csp
    const first = await get(CATEGORY)
    const second = await get(CATEGORY)
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['hit', 'hit'])
    expect(first.headers.get('cache-control')).toBe(miss.headers.get('cache-control'))
    const [a, b] = [await nonces(first), await nonces(second)]
    expect(a.csp).not.toBe(b.csp)
    // Every script and style of each answer carries that answer's own nonce, as on a render.
    expect(a.body.length).toBeGreaterThan(0)
    expect(a.body.length).toBe((await nonces(miss)).body.length)
    expect(new Set(a.body)).toEqual(new Set([a.csp]))
    expect(new Set(b.body)).toEqual(new Set([b.csp]))
    // The kept copy holds no nonce at all: not the render's, not anyone's.
    const kept = await caches.default.match(pageCacheKey(`http://localhost${CATEGORY}`, '0'))
    const keptHtml = (await kept?.text()) ?? ''
    expect(keptHtml).toContain('nonce=""')
    expect(missNonce).not.toBe('')
    expect(keptHtml).not.toContain(missNonce)
  })

  it('keeps one page per host: another brand never gets this brand’s page', async () => {
    const path = '/faqs'
    expect((await get(path)).headers.get('x-cache')).toBe('miss')
    const other = await get(path, { host: 'greenway.localhost' })
    expect(other.headers.get('x-cache')).toBe('miss')
    const title = async (response: Response) => /<title>([^<]*)</.exec(await response.text())?.[1]
    expect(await title(other)).toBe('Frequently asked questions | Greenway Grocer')
    const again = await get(path, { host: 'greenway.localhost' })
    expect(again.headers.get('x-cache')).toBe('hit')
    expect(await title(again)).toBe('Frequently asked questions | Greenway Grocer')
  })

  it('serves a page stale after a minute while it renders again, then fresh', async () => {
    const path = `${CATEGORY}?page=2`
    expect((await get(path)).headers.get('x-cache')).toBe('miss')
    pinClock(testEnv, new Date(Date.now() + PAGE_FRESH_MS + 1_000))
    const stale = await get(path)
    expect(stale.status).toBe(200)
    expect(stale.headers.get('x-cache')).toBe('stale')
    // Without an execution context the refresh finished before the answer: the next is fresh.
    expect((await get(path)).headers.get('x-cache')).toBe('hit')
  })

  it.each([
    ['signed in', 'sf_session=member; sf_access=token'],
    ['with a flash', 'sf_flash=loggedOut'],
    ['with a saved location', CHECKOUT_LOCATION],
  ])('never serves or keeps a page for a shopper %s', async (who, personal) => {
    const path = '/stores/manchester-piccadilly'
    await get(path)
    expect((await get(path)).headers.get('x-cache')).toBe('hit')
    const cookie = `${APP_VERSION_COOKIE}; ${personal}`
    expect((await get(path, { cookie })).headers.get('x-cache')).toBe('bypass')
    const own = `${path}?shopper=${encodeURIComponent(who)}`
    expect((await get(own, { cookie })).headers.get('x-cache')).toBe('bypass')
    // Nothing of theirs was kept: the same address is rendered for the next anonymous shopper.
    expect((await get(own)).headers.get('x-cache')).toBe('miss')
  })

  it('answers a hit with no KV read: the page version is held by the isolate', async () => {
    const path = '/stores/manchester-piccadilly?held=hit'
    expect((await get(path)).headers.get('x-cache')).toBe('miss')
    const reads: Array<string> = []
    const counted = new Proxy(env.CACHE, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver)
        if (typeof value !== 'function') return value
        return (...args: Array<unknown>) => {
          reads.push(`${String(name)} ${String(args[0])}`)
          return (value as (...a: Array<unknown>) => unknown).apply(target, args)
        }
      },
    })
    const hits = await Promise.all(
      [1, 2, 3].map(() => get(path, { env: { ...cachedEnv, CACHE: counted } }))
    )
    expect(hits.map((hit) => hit.headers.get('x-cache'))).toEqual(['hit', 'hit', 'hit'])
    expect(reads).toEqual([])
  })

  it('follows a version another isolate wrote once its hold has passed', async () => {
    const path = '/stores/manchester-piccadilly?held=version'
    await get(path)
    expect((await get(path)).headers.get('x-cache')).toBe('hit')
    // Another isolate's operator change: KV has the new version, this isolate does not know yet.
    await env.CACHE.put(pageVersionKey(1), crypto.randomUUID())
    expect((await get(path)).headers.get('x-cache')).toBe('hit')
    pinClock(testEnv, new Date(Date.now() + VERSION_HELD_MS))
    expect((await get(path)).headers.get('x-cache')).toBe('miss')
  })

  it('leaves the pages nobody shares alone', async () => {
    const basket = await get('/basket')
    expect(basket.headers.get('x-cache')).toBeNull()
    expect(basket.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe("an operator's change", () => {
  it('shows at once on the page it changed', async () => {
    const { postForm, signIn } = operatorPagesClient('198.51.142', app)
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const question = 'Do you deliver on bank holidays?'
    await get('/faqs')
    expect((await get('/faqs')).headers.get('x-cache')).toBe('hit')
    const saved = await postForm(
      '/store/operator/content/faqs/new',
      { question, answer: 'Yes, every day.', section: 'Delivery', isActive: 'on' },
      operator
    )
    expect(saved.status, alertOf(await saved.clone().text())).toBe(303)
    expect(await env.CACHE.get(pageVersionKey(1))).not.toBeNull()
    const after = await get('/faqs')
    expect(after.headers.get('x-cache')).toBe('miss')
    expect(pageText(await after.text())).toContain(question)
  })
})

describe('with D1 down', () => {
  it('still serves the kept public pages, stale ones included', async () => {
    const path = '/stores/manchester-piccadilly/category/fruit-veg?page=3'
    await get(path)
    const down = { ...cachedEnv, DB: downDb }
    const hit = await get(path, { env: down })
    expect([hit.status, hit.headers.get('x-cache')]).toEqual([200, 'hit'])
    pinClock(testEnv, new Date(Date.now() + PAGE_FRESH_MS + 1_000))
    const stale = await get(path, { env: down })
    expect([stale.status, stale.headers.get('x-cache')]).toEqual([200, 'stale'])
    expect(pageText(await stale.text())).toContain('Fruit & Veg')
  })

  it('keeps serving them once this isolate’s and KV’s minute of the brand has passed', async () => {
    const path = '/stores/manchester-piccadilly/category/fruit-veg?page=4'
    await get(path)
    vi.setSystemTime(Date.now() + 2 * 60_000)
    const stale = await get(path, { env: { ...cachedEnv, DB: downDb } })
    expect([stale.status, stale.headers.get('x-cache')]).toEqual([200, 'stale'])
  })

  it('says plainly on a personal page what cannot be done now', async () => {
    const basket = await get('/basket', {
      cookie: `${APP_VERSION_COOKIE}; sf_basket=0f5b8f0e-3c5d-4b8e-9a53-2f6f1d0c7a11`,
      env: { ...cachedEnv, DB: downDb },
    })
    expect(basket.status).toBe(503)
    const text = pageText(await basket.text())
    expect(text).toContain(MESSAGES.databaseUnavailableTitle)
    expect(text).toContain(MESSAGES.databaseUnavailable)
    expect(text).not.toContain(MESSAGES.systemError)
  })
})

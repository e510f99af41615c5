import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { clearBrandCache } from '../../../worker/lib/brand-cache.ts'
import { pinClock } from '../../../worker/lib/clock.ts'
import { clearLocalMetrics, localMetricPoints } from '../../../worker/lib/metrics.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { CHECKOUT_LOCATION, testEnv } from './storefront.ts'

/*
 * The page cache's fast hit (ADR 064): a fresh kept page answered before the middleware a hit
 * does not need. It must answer exactly as the chain's own hit did, only for a request the one
 * decision calls anonymous, and only with the page of the host asked.
 */

// Counts the requests that went past the shared middleware (createApp's probe sits after the
// session middleware and before /api and the pages): a fast hit never gets there.
let reachedChain = 0
const app = createApp({
  probe: (inner) =>
    inner.use(async (_c, next) => {
      reachedChain += 1
      await next()
    }),
})
const cachedEnv: Env = { ...testEnv, PAGE_CACHE: 'on' } as Env
const STORE = '/stores/manchester-piccadilly'

beforeAll(async () => {
  await seedDemo(env.DB)
}, 60_000)

afterEach(() => {
  pinClock(testEnv, null)
  vi.restoreAllMocks()
})

function get(path: string, options: { host?: string; cookie?: string } = {}) {
  return app.request(
    `http://${options.host ?? 'localhost'}${path}`,
    { headers: { cookie: options.cookie ?? APP_VERSION_COOKIE }, redirect: 'manual' },
    cachedEnv
  )
}

/** A request's answer and whether it went down the rest of the chain. */
async function served(path: string, options: { host?: string; cookie?: string } = {}) {
  const before = reachedChain
  const response = await get(path, options)
  return { response, chain: reachedChain > before, body: await response.text() }
}

/** Every header as it goes out, with this request's own values (its nonce, its id) named. */
function comparableHeaders(response: Response): Record<string, string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name === 'x-request-id') headers[name] = value ? '<id>' : ''
    else headers[name] = nonce ? value.replaceAll(nonce, '<nonce>') : value
  })
  return headers
}

const title = (html: string) => /<title>([^<]*)</.exec(html)?.[1]

describe('the page cache fast hit', () => {
  it('answers before the rest of the chain, with the headers and body the chain’s hit had', async () => {
    const path = `${STORE}?fast=headers`
    const miss = await served(path)
    expect([miss.response.headers.get('x-cache'), miss.chain]).toEqual(['miss', true])
    // No brand held by this isolate: the request goes the whole way and its page cache hits.
    clearBrandCache()
    const chainHit = await served(path)
    expect([chainHit.response.headers.get('x-cache'), chainHit.chain]).toEqual(['hit', true])
    const fast = await served(path)
    expect([fast.response.headers.get('x-cache'), fast.chain]).toEqual(['hit', false])
    expect(comparableHeaders(fast.response)).toEqual(comparableHeaders(chainHit.response))
    expect(fast.response.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/)
    // The same page, each with its own nonce in every slot.
    const nonceOf = (r: Response) =>
      /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1] ?? ''
    const [fastNonce, chainNonce] = [nonceOf(fast.response), nonceOf(chainHit.response)]
    expect(fastNonce).not.toBe(chainNonce)
    expect(fast.body.replaceAll(fastNonce, '<n>')).toBe(chainHit.body.replaceAll(chainNonce, '<n>'))
    expect(new Set([...fast.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(
      new Set([fastNonce])
    )
  })

  it('counts a fast hit in the request metric without a request line; the chain logs its own', async () => {
    const path = `${STORE}?fast=logged`
    const lines: Array<Record<string, unknown>> = []
    vi.spyOn(console, 'debug').mockImplementation((text: unknown) => {
      if (typeof text === 'string') lines.push(JSON.parse(text) as Record<string, unknown>)
    })
    const requestLines = () => lines.filter((line) => line.event === 'request')
    const miss = await served(path)
    expect(miss.response.headers.get('x-cache')).toBe('miss')
    expect(requestLines()).toHaveLength(1)
    clearBrandCache()
    const chainHit = await served(path)
    expect([chainHit.response.headers.get('x-cache'), chainHit.chain]).toEqual(['hit', true])
    expect(requestLines()).toHaveLength(2)
    clearLocalMetrics()
    const fast = await served(path)
    expect([fast.response.headers.get('x-cache'), fast.chain]).toEqual(['hit', false])
    expect(fast.response.headers.get('x-request-id')).toBeTruthy()
    expect(requestLines()).toHaveLength(2)
    expect(localMetricPoints().filter((point) => point.name === 'request')).toMatchObject([
      { labels: ['app', 'GET', '/stores/:storeSlug', '200'] },
    ])
  })

  it('answers a HEAD as the chain does: the headers, no body', async () => {
    const path = `${STORE}?fast=head`
    await served(path)
    await served(path)
    const before = reachedChain
    const head = await app.request(
      `http://localhost${path}`,
      { method: 'HEAD', headers: { cookie: APP_VERSION_COOKIE } },
      cachedEnv
    )
    expect([head.status, head.headers.get('x-cache'), reachedChain > before]).toEqual([
      200,
      'hit',
      false,
    ])
    expect(await head.text()).toBe('')
  })

  it.each([
    ['signed in', `${COOKIE_NAMES.sessionKind}=member; ${COOKIE_NAMES.access}=token`],
    ['with a flash', `${COOKIE_NAMES.flash}=loggedOut`],
    ['with a saved location', CHECKOUT_LOCATION],
    ['with a pending deep link', `${COOKIE_NAMES.deepLink}=x`],
    ['with a cookie the list does not know', 'sf_new_thing=1'],
  ])('never answers a shopper %s: the chain decides, and bypasses', async (_who, personal) => {
    const path = `${STORE}?fast=personal`
    await served(path)
    expect((await served(path)).chain).toBe(false)
    const theirs = await served(path, { cookie: `${APP_VERSION_COOKIE}; ${personal}` })
    expect([theirs.response.headers.get('x-cache'), theirs.chain]).toEqual(['bypass', true])
  })

  it('never answers a browser of an old app version, whose state the chain clears first', async () => {
    const path = `${STORE}?fast=version`
    await served(path)
    const old = await served(path, { cookie: `${COOKIE_NAMES.appVersion}=0; ${CHECKOUT_LOCATION}` })
    expect(old.chain).toBe(true)
    expect(old.response.headers.get('x-cache')).toBe('bypass')
    expect(old.response.headers.getSetCookie().join()).toContain(`${COOKIE_NAMES.location}=;`)
  })

  it('answers a basket cookie on a public page, and never the basket page itself', async () => {
    const path = `${STORE}?fast=basket`
    const basketCookie = `${APP_VERSION_COOKIE}; ${COOKIE_NAMES.basket}=0f5b8f0e-3c5d-4b8e-9a53-2f6f1d0c7a11`
    await served(path)
    const page = await served(path, { cookie: basketCookie })
    expect([page.response.headers.get('x-cache'), page.chain]).toEqual(['hit', false])
    const basket = await served('/basket', { cookie: basketCookie })
    expect(basket.chain).toBe(true)
    expect(basket.response.headers.get('x-cache')).toBeNull()
  })

  it('keeps home out for a shopper with a last order, whose guard may send them on', async () => {
    await served('/')
    expect((await served('/')).chain).toBe(false)
    const returning = await served('/', {
      cookie: `${APP_VERSION_COOKIE}; ${COOKIE_NAMES.lastOrder}=x`,
    })
    expect(returning.chain).toBe(true)
  })

  it('answers each host with its own brand’s page only', async () => {
    const path = '/faqs?fast=hosts'
    await served(path)
    const corner = await served(path)
    expect([corner.chain, title(corner.body)]).toEqual([
      false,
      'Frequently asked questions | Corner Fresh',
    ])
    // The other brand's host, its brand held: never this host's kept page.
    await served('/faqs?fast=held', { host: 'greenway.localhost' })
    const greenway = await served(path, { host: 'greenway.localhost' })
    expect(greenway.response.headers.get('x-cache')).toBe('miss')
    expect(title(greenway.body)).toBe('Frequently asked questions | Greenway Grocer')
    const again = await served(path, { host: 'greenway.localhost' })
    expect([again.chain, title(again.body)]).toEqual([
      false,
      'Frequently asked questions | Greenway Grocer',
    ])
    // A host no brand has reaches the brand's resolution, which refuses it: no page at all.
    const unknown = await served(path, { host: 'nobody.localhost' })
    expect([unknown.response.status, unknown.response.headers.get('x-cache')]).toEqual([404, null])
    expect(unknown.body).not.toContain('Frequently asked questions')
  })

  it('leaves a stale page to the chain, which serves it and renders it again', async () => {
    const path = `${STORE}?fast=stale`
    await served(path)
    expect((await served(path)).chain).toBe(false)
    pinClock(testEnv, new Date(Date.now() + 61_000))
    const stale = await served(path)
    expect([stale.response.headers.get('x-cache'), stale.chain]).toEqual(['stale', true])
  })
})

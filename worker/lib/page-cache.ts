import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env.ts'
import { executionContext, finishInBackground } from './background.ts'
import { heldBrand } from './brand-cache.ts'
import { setBounded } from './bounded-map.ts'
import { nowMs } from './clock.ts'
import { normaliseHost } from './host.ts'
import { logError } from './log.ts'
import { pageCacheDecision, type PublicPageKind, storableAnswer } from './page-cacheability.ts'
import { readPageVersion } from './page-cache-version.ts'
import { formatSlots, markNonces, nonceSlots, parseSlots, withNonceAt } from './page-nonce-slots.ts'

/*
 * The edge page cache (ADR 042): anonymous public pages from the Cache API, keyed by host, path,
 * query and the business's page version; served fresh for a minute, then stale while a render in
 * the background replaces them; kept a day, so a page still serves while D1 is down.
 */

/** How long a kept page is served as it is: the same bound as the KV answers it was made of. */
export const PAGE_FRESH_MS = 60_000
/** How long the Cache API keeps a page, served stale after PAGE_FRESH_MS. */
const PAGE_KEPT_SECONDS = 24 * 60 * 60

// What a kept page carries besides its own headers; never sent to the shopper.
const STORED_AT = 'x-page-cache-stored-at'
const PAGE_CACHE_CONTROL = 'x-page-cache-control'
const PAGE_VARY = 'x-page-cache-vary'
// The byte offsets of the body's nonce attributes' values (page-nonce-slots.ts).
const NONCE_SLOTS = 'x-page-cache-nonce-slots'
const INTERNAL_HEADERS = [
  STORED_AT,
  PAGE_CACHE_CONTROL,
  PAGE_VARY,
  NONCE_SLOTS,
  'cf-cache-status',
  'age',
]

/** What the answer says about the cache: for the tests and the bench. */
export type CacheState = 'hit' | 'miss' | 'stale' | 'bypass'

// The requests the cache itself made to render a stale page again: they skip the lookup. Held by
// identity, so no header a browser could send forces a render.
const refreshes = new WeakSet<Request>()

/** Whether the page cache is on: everywhere unless PAGE_CACHE is "off" (the pool tests). */
export function pageCacheEnabled(env: { APP_ENV?: string; PAGE_CACHE?: string }): boolean {
  return env.PAGE_CACHE !== 'off'
}

/**
 * The cache key of a page: the host as asked (so one brand's page never answers on another's
 * host), the path, the query and the business's page version.
 */
export function pageCacheKey(requestUrl: string, version: string): Request {
  return new Request(pageCacheKeyUrl(new URL(requestUrl), version))
}

/** The cache key's address (see pageCacheKey): what the pages held in memory are found by. */
function pageCacheKeyUrl(url: URL, version: string): string {
  const search = url.search ? `${url.search}&` : '?'
  const versioned = `${search}page-version=${encodeURIComponent(version)}`
  return `https://${url.host.toLowerCase()}${url.pathname}${versioned}`
}

function isHtml(headers: Headers): boolean {
  return (headers.get('content-type') ?? '').startsWith('text/html')
}

/**
 * Sets every CSP nonce attribute of an HTML answer to `nonce` as the body streams through: for a
 * page kept before its nonce slots were recorded.
 */
function withNonces(response: Response, nonce: string): Response {
  if (!isHtml(response.headers)) return response
  return new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        element.setAttribute('nonce', nonce)
      },
    })
    .transform(response)
}

/**
 * A kept page read whole: its headers as kept, its body's bytes and when it was made, with what
 * every answer of it shares worked out once (servedHeaders): a page held in memory answers many
 * hits.
 */
interface KeptPage {
  headers: Headers
  body: Uint8Array
  storedAt: number
  served: ServedParts
}

/** What every answer of a kept page shares: its headers as sent, and where the nonce goes. */
interface ServedParts {
  headers: Array<[string, string]>
  /** The nonce's byte offsets; null when the page must be rewritten instead (see servedCopy). */
  slots: ReadonlyArray<number> | null
  html: boolean
}

/**
 * The copy of a page the cache keeps: no nonce (its slots recorded instead), no cookie, the time
 * it was made.
 */
async function storedCopy(page: Response, body: ArrayBuffer, storedAt: number): Promise<KeptPage> {
  const headers = new Headers(page.headers)
  headers.delete('set-cookie')
  headers.set(PAGE_CACHE_CONTROL, page.headers.get('cache-control') ?? '')
  headers.set(PAGE_VARY, page.headers.get('vary') ?? '')
  headers.delete('vary')
  headers.set('cache-control', `public, max-age=${PAGE_KEPT_SECONDS}`)
  headers.set(STORED_AT, String(storedAt))
  const marked = await markNonces(new Response(body, { status: 200, headers })).arrayBuffer()
  const kept = nonceSlots(new Uint8Array(marked))
  headers.set(NONCE_SLOTS, formatSlots(kept.slots))
  return keptPage(headers, kept.body, storedAt)
}

// The fresh pages this isolate last read or kept, by cache key (ADR 064): a hit of a page held
// here reads nothing at all. Only fresh copies are used (PAGE_FRESH_MS from storedAt, as the
// Cache API's), and the key carries the page version, so a purge reaches them as it reaches the
// Cache API's. About 64 pages of 50–200 KB: a few MB of the isolate's 128 MB.
const MAX_HELD_PAGES = 64
const heldPages = new Map<string, KeptPage>()

function isFresh(kept: KeptPage, now: number): boolean {
  return now - kept.storedAt <= PAGE_FRESH_MS
}

async function readKept(response: Response): Promise<KeptPage> {
  const body = new Uint8Array(await response.arrayBuffer())
  return keptPage(response.headers, body, Number(response.headers.get(STORED_AT)))
}

function hold(key: string, kept: KeptPage, now: number): void {
  if (isFresh(kept, now)) setBounded(heldPages, key, kept, MAX_HELD_PAGES)
}

/**
 * The page's answer headers (its own Cache-Control and Vary back, the cache's own headers out)
 * and its nonce slots, checked against its body: a slot past the end or out of order, or a page
 * kept without slots, is rewritten with HTMLRewriter instead of trusted.
 */
function keptPage(keptHeaders: Headers, body: Uint8Array, storedAt: number): KeptPage {
  const headers = new Headers(keptHeaders)
  headers.set('cache-control', keptHeaders.get(PAGE_CACHE_CONTROL) ?? '')
  const vary = keptHeaders.get(PAGE_VARY)
  if (vary) headers.set('vary', vary)
  const parsed = parseSlots(keptHeaders.get(NONCE_SLOTS))
  for (const name of INTERNAL_HEADERS) headers.delete(name)
  const usable =
    parsed !== null &&
    parsed.every((slot, index) => slot <= body.length && slot >= (parsed[index - 1] ?? 0))
  const html = isHtml(headers)
  return {
    headers: keptHeaders,
    body,
    storedAt,
    served: { headers: [...headers], slots: usable || !html ? parsed : null, html },
  }
}

/**
 * A kept page as this request's answer: its own nonce, the page's own Cache-Control and Vary. The
 * nonce goes in at the recorded slots, by copying bytes: no HTML is parsed on a hit.
 */
function servedCopy(kept: KeptPage, nonce: string, state: CacheState): Response {
  const { served } = kept
  const headers = new Headers(served.headers)
  headers.set('x-cache', state)
  const { body } = kept
  const { slots } = served
  if (slots === null || !served.html) {
    return withNonces(new Response(body.slice(), { status: 200, headers }), nonce)
  }
  // A page with no inline script or style (a sitemap's, a page without islands) goes as kept.
  if (slots.length === 0) return new Response(body.slice(), { status: 200, headers })
  return new Response(withNonceAt(body, slots, nonce), { status: 200, headers })
}

/** Renders the page again as an anonymous shopper would see it; the render stores it. */
async function renderAgain(c: Context<AppEnv>): Promise<void> {
  const render = c.var.renderAgain
  if (!render) return
  const request = new Request(c.req.url)
  refreshes.add(request)
  const response = await render(request)
  await response.body?.cancel()
}

// The refreshes this isolate has under way, by cache key, with when each started (ADR 068): N
// shoppers asking for one stale page start one render, not N. Released when the render settles,
// kept or failed, so a later stale request can try again; one older than REFRESH_ABANDONED_MS is
// taken as abandoned (the runtime cancels waitUntil work 30 s after the answer, and a cancelled
// render never settles), so no page stays stale in an isolate for good.
const REFRESH_ABANDONED_MS = 30_000
const MAX_REFRESHING = 256
const refreshing = new Map<string, number>()

/**
 * The stale page's refresh: a render when none is under way in this isolate for the key, else
 * nothing (the render under way keeps the page). Resolves when the render started here settles;
 * its failure is the caller's to log.
 */
function refreshOnce(c: Context<AppEnv>, key: string, now: number): Promise<void> {
  const started = refreshing.get(key)
  if (started !== undefined && now - started < REFRESH_ABANDONED_MS && now >= started) {
    return Promise.resolve()
  }
  setBounded(refreshing, key, now, MAX_REFRESHING)
  return renderAgain(c).finally(() => {
    if (refreshing.get(key) === now) refreshing.delete(key)
  })
}

/**
 * Answers an anonymous public page of `kind` from the page cache, or renders it and keeps it.
 * Personal requests go straight to the page (`x-cache: bypass`). A failing cache or KV read never
 * fails the page: it renders as without the cache.
 *
 * @example pages.get('/faqs', pageCache('faqs'), faqPage)
 */
export function pageCache(kind: PublicPageKind) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!pageCacheEnabled(c.env)) return next()
    const refresh = refreshes.has(c.req.raw)
    const decision = refresh
      ? { cacheable: true }
      : pageCacheDecision(c.req.method, c.req.header('cookie'), kind)
    if (!decision.cacheable) {
      await next()
      try {
        c.res.headers.set('x-cache', 'bypass')
      } catch {
        // An answer with immutable headers (passed through from a fetch) goes out as it is.
      }
      return
    }
    const log = { requestId: c.var.requestId, path: c.req.path }
    const now = nowMs(c.env)
    let key: Request
    let kept: Response | undefined
    try {
      const version = await readPageVersion(c.env.CACHE, c.var.brand.businessId, now)
      key = pageCacheKey(c.req.url, version)
      kept = refresh ? undefined : await caches.default.match(key)
    } catch (error) {
      logError(error, { ...log, event: 'page cache read failed' }, 'warn')
      return next()
    }
    if (kept) {
      const page = await readKept(kept)
      const stale = !isFresh(page, now)
      if (stale) {
        await finishInBackground(executionContext(c), refreshOnce(c, key.url, now), {
          ...log,
          event: 'page cache refresh failed',
        })
      } else hold(key.url, page, now)
      return servedCopy(page, c.var.nonce, stale ? 'stale' : 'hit')
    }
    await next()
    const page = c.res
    if (!page.body || !storableAnswer(page)) return
    const [forShopper, forCache] = page.body.tee()
    const storedAt = nowMs(c.env)
    c.res = new Response(forShopper, page)
    c.res.headers.set('x-cache', 'miss')
    await finishInBackground(
      executionContext(c),
      keepUnlessFailed(c, key, page, forCache, storedAt),
      {
        ...log,
        event: 'page cache write failed',
      }
    )
  })
}

/**
 * Keeps the page once its whole body has streamed, unless React reported an error on the way: a
 * boundary that fell back to client rendering would otherwise be served to every shopper for a day.
 */
async function keepUnlessFailed(
  c: Context<AppEnv>,
  key: Request,
  page: Response,
  body: ReadableStream,
  storedAt: number
): Promise<void> {
  const whole = await new Response(body).arrayBuffer()
  if (c.get('renderFailed')) {
    logError(
      new Error('the page rendered with an error; not kept'),
      {
        requestId: c.var.requestId,
        path: c.req.path,
        event: 'page cache skipped',
      },
      'warn'
    )
    return
  }
  const kept = await storedCopy(page, whole, storedAt)
  await caches.default.put(key, new Response(kept.body.slice(), { headers: kept.headers }))
  hold(key.url, kept, nowMs(c.env))
}

/**
 * The page cache's fast hit (ADR 064), registered on each public page's path before the
 * middleware a hit does not need (the backend client, the brand's resolution, the session and
 * app-version checks, the pages' own middleware): answers a fresh kept page when the request
 * alone shows it may (pageCacheDecision, the one decision) and this isolate already holds the
 * host's brand; anything else (a personal request, a brand not held, a miss, a stale page) goes
 * on down the chain, whose page cache answers it as before. The middleware in front of it (the
 * request id, logging and metrics, the refused configuration, private by default, the security
 * headers and this request's nonce) runs for a fast hit as for any request.
 *
 * A kept page exists under a key only because the chain's page cache answered that very URL
 * (host, path and query) with it, past the redirects in front of it (a trailing slash, a
 * marketing link) and the path check; so a fast hit answers only where the chain would have
 * answered the same page.
 *
 * @example app.get('/faqs', pageCacheFastHit('faqs'))
 */
export function pageCacheFastHit(kind: PublicPageKind) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!pageCacheEnabled(c.env)) return next()
    if (!pageCacheDecision(c.req.method, c.req.header('cookie'), kind).cacheable) return next()
    const url = new URL(c.req.url)
    const brand = heldBrand(normaliseHost(url.host), Date.now())
    if (!brand) return next()
    const now = nowMs(c.env)
    let page: KeptPage | undefined
    try {
      const key = pageCacheKeyUrl(url, await readPageVersion(c.env.CACHE, brand.businessId, now))
      page = heldPages.get(key)
      if (!page || !isFresh(page, now)) {
        const kept = await caches.default.match(new Request(key))
        page = kept ? await readKept(kept) : undefined
        if (page) hold(key, page, now)
      }
    } catch (error) {
      logError(
        error,
        { requestId: c.var.requestId, path: c.req.path, event: 'page cache read failed' },
        'warn'
      )
      return next()
    }
    if (!page || !isFresh(page, now)) return next()
    c.var.log.annotate({ brandId: brand.id, businessId: brand.businessId })
    // Counted by the request metric; a hit that read and wrote nothing needs no line (observe()).
    c.set('requestLineSkipped', true)
    return servedCopy(page, c.var.nonce, 'hit')
  })
}

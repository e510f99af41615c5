import { PUBLIC_CACHE_CONTROL } from '../../schemas/constants.ts'
import { executionContext, finishInBackground } from '../lib/background.ts'
import type { EdgeRoutes } from '../lib/edge-routes.ts'
import { readCache, writeCache } from '../lib/kv-cache.ts'
import { publicCacheEntry } from '../lib/public-cache.ts'
import { proxyCall, proxyMiddleware } from './call.ts'
import { responseHeaders } from './response-headers.ts'

/**
 * Public answers from KV: a call whose route declares `edge.cache` (pages-only rules aside) is
 * answered from its entry when there is one (x-cache: HIT), else forwarded and its 200 answer
 * kept (x-cache: MISS), public either way. The entry is keyed by business and inputs
 * (worker/lib/public-cache.ts).
 *
 * @example proxy.use(publicAnswers(BACKEND_EDGE_ROUTES))
 */
export function publicAnswers(edge: EdgeRoutes) {
  return proxyMiddleware(async (c, next) => {
    const call = proxyCall(c)
    const rule = edge.cacheRule(c.req.method, call.path, false)
    if (!rule) return next()
    const inputs = { ...Object.fromEntries(call.query), ...call.json }
    const cached = await publicCacheEntry(rule, c.var.brand.businessId, inputs)
    if (!cached) return next()
    const hit = await readCache<unknown>(c.env.CACHE, cached.key)
    if (hit !== null) {
      const headers = responseHeaders(undefined, c.var.requestId, PUBLIC_CACHE_CONTROL)
      headers.set('content-type', 'application/json')
      headers.set('x-cache', 'HIT')
      return new Response(JSON.stringify(hit), { status: 200, headers })
    }
    // forward.ts answers a 200 of this call as public.
    call.public = true
    await next()
    if (c.error || c.res.status !== 200) return
    const text = await c.res.text()
    await finishInBackground(
      executionContext(c),
      writeCache(c.env.CACHE, cached.key, JSON.parse(text), cached.rule.ttlSeconds),
      { requestId: c.var.requestId, event: 'cache write failed' }
    )
    c.res = new Response(text, c.res)
    c.res.headers.set('x-cache', 'MISS')
  })
}

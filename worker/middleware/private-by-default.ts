import { createMiddleware } from 'hono/factory'
import { PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'

/**
 * Every answer is personal unless its handler opted into public caching: one without a
 * Cache-Control leaves as `private, no-store`, and so does any answer that sets a cookie,
 * whatever it asked for (a cookie is always one shopper's). Covers what no page policy reaches:
 * guard and form redirects, error pages, the plain-text fallback, the sandbox gateway. Pages opt
 * in with renderPage's 'public' policy, redirects with redirectTo's `cache: 'public'`.
 *
 * Register it before the middleware that set cookies, so it sees their answer last.
 *
 * @example app.use(privateByDefault())
 */
export function privateByDefault() {
  return createMiddleware(async (c, next) => {
    await next()
    const headers = c.res.headers
    if (headers.has('cache-control') && headers.getSetCookie().length === 0) return
    try {
      headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
    } catch {
      // An answer passed through from fetch() has immutable headers: copy it, then set.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
    }
  })
}

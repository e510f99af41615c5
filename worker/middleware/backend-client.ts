import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env.ts'
import { executionContext } from '../lib/background.ts'
import { COOKIE_NAMES } from '../../schemas/cookies.ts'
import { type BackendApp, createBackendClient } from '../lib/backend-client.ts'
import { readCookie, writeCookie } from '../lib/cookies/cookies.ts'
import { BookmarkRelay } from '../lib/d1-sessions.ts'
import type { EdgeRoutes } from '../lib/edge-routes.ts'

/**
 * Puts the backend client on `c.var.backend` for pages and the proxy. Needs `requestId()` first.
 * The shopper's D1 bookmark (ADR 046) comes from its cookie and goes back in it when a write of
 * this request moved it; a request that writes nothing sets no cookie (public pages stay cacheable).
 * `options.timeoutMs` overrides the long-request timeout (tests); `options.edgeRoutes` (what the
 * backend's routes declare of the edge) says which answers a page's call keeps in KV.
 *
 * @example app.use(backendClient(backend, { edgeRoutes: BACKEND_EDGE_ROUTES }))
 */
export function backendClient(
  backendApp: BackendApp,
  options: { timeoutMs?: number; edgeRoutes?: EdgeRoutes } = {}
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bookmarks = new BookmarkRelay(readCookie(c, COOKIE_NAMES.d1Bookmark))
    c.set(
      'backend',
      createBackendClient({
        app: backendApp,
        env: c.env,
        ctx: executionContext(c),
        requestId: c.var.requestId ?? crypto.randomUUID(),
        clientIp: c.req.header('cf-connecting-ip'),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        bookmarks,
        edgeRoutes: options.edgeRoutes,
      })
    )
    await next()
    const written = bookmarks.toKeep()
    if (written !== null && c.res.status !== 101) writeCookie(c, COOKIE_NAMES.d1Bookmark, written)
  }
}

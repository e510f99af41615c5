import { Hono } from 'hono'
import { backend } from './local-backend.ts'
import type { AppEnv } from './env.ts'
import type { BackendApp } from './lib/backend-client.ts'
import { dropUnreadBody } from './lib/request-body.ts'
import { appSessionVersion } from './middleware/app-session-version.ts'
import { authSession } from './middleware/auth-session.ts'
import { backendClient } from './middleware/backend-client.ts'
import { brand } from './middleware/brand.ts'
import { DEV_CLOCK_API_PATH, devClockMirror } from './middleware/dev-clock-mirror.ts'
import { failClosed } from './middleware/fail-closed.ts'
import { wellFormedPaths } from './middleware/well-formed-path.ts'
import { privateByDefault } from './middleware/private-by-default.ts'
import { requestId } from './lib/request-id.ts'
import { executionContext } from './lib/background.ts'
import { observe } from './lib/observe.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { handleError, handleNotFound } from './pages/errors.tsx'
import { pages, PUBLIC_PAGE_PATHS } from './pages/index.tsx'
import { pageCacheFastHit } from './lib/page-cache.ts'
import { mediaFile } from './pages/media/media.ts'
import { packshotFile } from './pages/media/packshot.ts'
import { HEALTH_PATH, healthz } from './healthz.ts'
import { PACKSHOT_PATH } from '../schemas/packshot.ts'
import { MEDIA_PATH } from '../schemas/media.ts'
import { createProxy } from './proxy/index.ts'
import { BACKEND_EDGE_ROUTES } from './backend/edge-routes.ts'
import { storeConsoleProxy } from './proxy/store-console.ts'
import { sameOriginForStateChanges } from './proxy/same-origin.ts'
import { storeConsole } from './pages/store/index.tsx'
import { storeConsoleHeaders } from './middleware/store-console-headers.ts'
import { sandboxGateway } from './sandbox-gateway/index.ts'
import { sandboxIdentity } from './sandbox-identity/index.ts'
import { SANDBOX_IDENTITY_PATH } from './lib/social-sign-in.ts'
import { developmentOnly } from './lib/development-only.ts'
import { TRACKING_BASE_MAP_PATH } from '../client/lib/tracking-map.ts'
import { facebookCodeExchange } from './lib/facebook-code-flow.ts'
import { SOCIAL_SIGN_IN_PATH } from '../schemas/constants.ts'
import { STORE_CONSOLE_PATH } from './lib/cookies/cookies.ts'

/**
 * The development tools and local stand-ins: the API's and the pages' development tools, the
 * sandbox card gateway, the sandbox identity provider and the tracking map's local base map. Not
 * found outside development and test (ADR 036); test/integration/security/production-config.test.ts
 * sweeps every route under them.
 */
export const DEVELOPMENT_ONLY_PATHS = [
  '/api/dev/*',
  '/dev/*',
  '/sandbox-gateway/*',
  `${SANDBOX_IDENTITY_PATH}/*`,
  TRACKING_BASE_MAP_PATH,
] as const

/** What a caller of createApp() may choose; the worker takes the defaults (ADR 014). */
export interface AppOptions {
  /** The backend the pages and /api call: the in-process one unless given (tests: echo, operator). */
  backend?: BackendApp
  /** The backend client's long-request timeout, so a test can see a timeout without waiting 4 s. */
  backendTimeoutMs?: number
  /** Facebook's token endpoint as the sign-in callback reaches it: the network unless given (tests: a fake Facebook). */
  facebookFetch?: typeof fetch
  /** Adds routes after the middleware and before /api and the pages (tests: call a helper directly). */
  probe?: (app: Hono<AppEnv>) => void
}

/**
 * The storefront: middleware, /api, the sandbox gateway and the pages, in that order. The one
 * composition the worker and the tests share, so a test sees the middleware the worker runs.
 * Static assets are answered before this runs.
 *
 * @example export default { fetch: createApp().fetch, scheduled }
 */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const backendApp = options.backend ?? backend
  const app = new Hono<AppEnv>()
  app.use(requestId())
  // Right after the request id: every later line and metric of the request is in its scope (ADR 041).
  app.use(observe('app'))
  // Before anything reads a binding: a refused configuration serves nothing (ADR 036).
  app.use(failClosed())
  // Outermost after the request id: it sees every answer last, cookies and error pages included.
  app.use(privateByDefault())
  app.use(dropUnreadBody())
  // Outside securityHeaders: it replaces the shop's CSP and Permissions-Policy on the console's
  // answers (ADR 018) after securityHeaders set them.
  app.use(storeConsoleHeaders())
  app.use(securityHeaders())
  // A packshot is drawn from its URL alone: answered before the brand, session and backend
  // middleware it does not need (ADR 033).
  // Before the first route that reads a path parameter.
  app.use(wellFormedPaths())
  app.get(`${PACKSHOT_PATH}/*`, packshotFile)
  // Uptime checks (ADR 041): before the brand and the backend client it does not need.
  app.get(HEALTH_PATH, healthz)
  // A fresh page cache hit of a public page, answered from the request alone before the
  // middleware below, which a hit does not need (ADR 064); anything else goes on.
  for (const { path, kind } of PUBLIC_PAGE_PATHS) app.get(path, pageCacheFastHit(kind))
  app.use(
    backendClient(backendApp, {
      timeoutMs: options.backendTimeoutMs,
      edgeRoutes: BACKEND_EDGE_ROUTES,
    })
  )
  app.use(brand())
  app.use(appSessionVersion())
  app.use(authSession())
  const facebookCodeExchangeAdapter = facebookCodeExchange(options.facebookFetch)
  app.use(`${SOCIAL_SIGN_IN_PATH}/*`, async (c, next) => {
    c.set('facebookCodeExchange', facebookCodeExchangeAdapter)
    await next()
  })
  // Edge page cache (ADR 042): a stale page is rendered again through this same app.
  app.use(async (c, next) => {
    c.set('renderAgain', async (request) => app.fetch(request, c.env, executionContext(c)))
    await next()
  })
  options.probe?.(app)
  for (const path of DEVELOPMENT_ONLY_PATHS) app.use(path, developmentOnly())
  app.get(`${MEDIA_PATH}/*`, mediaFile)
  app.use(DEV_CLOCK_API_PATH, devClockMirror())
  app.route('/api', createProxy(BACKEND_EDGE_ROUTES))
  // One check for the whole console (ADR 018): every state change under /store, its pages, forms
  // and proxy alike, comes from a page of this origin or is refused (403).
  for (const path of [STORE_CONSOLE_PATH, `${STORE_CONSOLE_PATH}/*`]) {
    app.use(path, sameOriginForStateChanges())
  }
  app.route('/store/api', storeConsoleProxy)
  app.route('/store', storeConsole)
  app.route('/sandbox-gateway', sandboxGateway)
  app.route(SANDBOX_IDENTITY_PATH, sandboxIdentity)
  app.route('/', pages)
  app.notFound(handleNotFound)
  app.onError(handleError)
  return app
}

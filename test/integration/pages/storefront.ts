import { encodeLocation } from '../../../worker/lib/cookies/location.ts'
import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { backend } from '../../../worker/local-backend.ts'
import type { AppEnv } from '../../../worker/env.ts'
import type { BackendApp } from '../../../worker/lib/backend-client.ts'
import { authSession } from '../../../worker/middleware/auth-session.ts'
import { backendClient } from '../../../worker/middleware/backend-client.ts'
import { brand } from '../../../worker/middleware/brand.ts'
import { privateByDefault } from '../../../worker/middleware/private-by-default.ts'
import { requestId } from '../../../worker/lib/request-id.ts'
import { securityHeaders } from '../../../worker/middleware/security-headers.ts'
import { handleError, handleNotFound } from '../../../worker/pages/errors.tsx'
import { pages } from '../../../worker/pages/index.tsx'
import { proxy } from '../../../worker/proxy/index.ts'
import { PASSWORD, TEST_SECRETS } from '../auth/fixtures.ts'

export const ORIGIN = 'http://localhost'

/** The pool's bindings with the test secrets, in the test environment. */
export const testEnv: Env = { ...env, ...TEST_SECRETS, APP_ENV: 'test' }

/**
 * The storefront's pages and /api as worker/index.ts composes them (without the app session
 * version check, so tests choose their cookies freely). `probe` adds test-only routes before the
 * pages, e.g. to call a middleware helper directly; `backendApp` stands in for the backend (an
 * operator's own, answering what a test needs).
 */
export function storefront(
  probe?: (app: Hono<AppEnv>) => void,
  backendApp: BackendApp = backend
): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use(requestId())
  app.use(privateByDefault())
  app.use(securityHeaders())
  app.use(backendClient(backendApp))
  app.use(brand())
  app.use(authSession())
  probe?.(app)
  app.route('/api', proxy)
  app.route('/', pages)
  app.notFound(handleNotFound)
  app.onError(handleError)
  return app
}

/**
 * GET and form POST helpers for one storefront. Each POST comes from its own address in
 * `ipPrefix` (e.g. '192.0.2'), so the sign-in rate limits never decide a test.
 */
export function pageClient(app: Hono<AppEnv>, ipPrefix: string) {
  let ipCounter = 0
  return {
    get(path: string, cookie = '', envOverride: Env = testEnv) {
      return app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }, envOverride)
    },
    postForm(
      path: string,
      fields: Record<string, string>,
      cookie = '',
      envOverride: Env = testEnv
    ) {
      ipCounter += 1
      return app.request(
        `${ORIGIN}${path}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: ORIGIN,
            'cf-connecting-ip': `${ipPrefix}.${ipCounter % 250}`,
            ...(cookie ? { cookie } : {}),
          },
          body: new URLSearchParams(fields).toString(),
        },
        envOverride
      )
    },
  }
}

/** The register form filled in for a new member with this email (password: PASSWORD). */
export function registration(email: string): Record<string, string> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phone: '07700 900123',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    whereHeard: 'Friend or family',
    terms: 'yes',
  }
}

/** The checkout tests' saved location: a central Manchester postcode the test stores deliver to. */
export const CHECKOUT_LOCATION = `sf_location=${encodeLocation({
  postcode: 'M1 1AD',
  latitude: 53.48,
  longitude: -2.24,
  chosenAddress: null,
  selectedAddress: null,
})}`

/** The text a reader sees in a page: scripts and tags dropped, entities decoded, spaces folded. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

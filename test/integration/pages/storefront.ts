import { encodeLocation } from '../../../worker/lib/cookies/location.ts'
import { env } from 'cloudflare:test'
import type { Hono } from 'hono'
import type { AppEnv } from '../../../worker/env.ts'
import { withAppVersion } from '../../support/app-version.ts'
import { NEW_MEMBER, TEST_SECRETS } from '../auth/fixtures.ts'

export const ORIGIN = 'http://localhost'

/** The pool's bindings with the test secrets, in the test environment. */
export const testEnv: Env = { ...env, ...TEST_SECRETS, APP_ENV: 'test' }

/**
 * GET and form POST helpers for one storefront (on `origin`: another brand's host), as a browser of this app version. Each POST comes from its own address in
 * `ipPrefix` (e.g. '192.0.2'), so the sign-in rate limits never decide a test.
 */
export function pageClient(app: Hono<AppEnv>, ipPrefix: string, origin = ORIGIN) {
  let ipCounter = 0
  return {
    get(
      path: string,
      cookie = '',
      envOverride: Env = testEnv,
      headers: Record<string, string> = {}
    ) {
      return app.request(
        `${origin}${path}`,
        { headers: { ...headers, cookie: withAppVersion(cookie) } },
        envOverride
      )
    },
    postForm(
      path: string,
      fields: Record<string, string>,
      cookie = '',
      envOverride: Env = testEnv
    ) {
      ipCounter += 1
      return app.request(
        `${origin}${path}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin,
            'cf-connecting-ip': `${ipPrefix}.${ipCounter % 250}`,
            cookie: withAppVersion(cookie),
          },
          body: new URLSearchParams(fields).toString(),
        },
        envOverride
      )
    },
    /** A multipart form POST (a form with a file input), like {@link postForm} otherwise. */
    postMultipart(path: string, form: FormData, cookie = '', envOverride: Env = testEnv) {
      ipCounter += 1
      return app.request(
        `${origin}${path}`,
        {
          method: 'POST',
          headers: {
            origin,
            'cf-connecting-ip': `${ipPrefix}.${ipCounter % 250}`,
            cookie: withAppVersion(cookie),
          },
          body: form,
        },
        envOverride
      )
    },
  }
}

/** The GET and form POST helpers of {@link pageClient}. */
export type PageClient = ReturnType<typeof pageClient>

/** The register form filled in for a new member with this email (password: PASSWORD). */
export function registration(email: string): Record<string, string> {
  return { ...NEW_MEMBER, email, whereHeard: 'Friend or family', terms: 'yes' }
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

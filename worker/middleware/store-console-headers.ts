import { CLIENT_ASSETS } from 'virtual:client-assets'
import { createMiddleware } from 'hono/factory'
import { PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'
import { STORE_CONSOLE_PATH } from '../lib/cookies/cookies.ts'
import type { AppEnv } from '../env.ts'

/** Whether a path is the store console's (ADR 018): /store and everything under it. */
export function isStoreConsolePath(path: string): boolean {
  return path === STORE_CONSOLE_PATH || path.startsWith(`${STORE_CONSOLE_PATH}/`)
}

/** The only console page that may ask for the device's position: the driver's round. */
const DRIVER_PATH = `${STORE_CONSOLE_PATH}/driver`

/**
 * The store console's own CSP: the shop's, without the third parties checkout needs (no
 * Turnstile, no hosted card page, no card frames), and with the board's WebSocket to this host
 * only (connect-src 'self' does not name ws(s) in every browser).
 */
export function storeConsoleCsp(nonce: string, origin: URL, dev: boolean): string {
  const socket = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socket}${dev ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * The console's answers, whatever they are (pages, redirects, errors, its proxy): never cached
 * (`private, no-store`), kept out of search engines (`X-Robots-Tag: noindex, nofollow`), its own
 * CSP, and geolocation only on the driver's page. Register inside securityHeaders() so these
 * replace the shop's.
 */
export function storeConsoleHeaders() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next()
    if (!isStoreConsolePath(c.req.path)) return
    if (c.res.status === 101) return
    // An answer passed through from fetch() has immutable headers: copy it first.
    try {
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
    } catch {
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
    }
    const headers = c.res.headers
    headers.set('X-Robots-Tag', 'noindex, nofollow')
    headers.set(
      'Content-Security-Policy',
      storeConsoleCsp(c.var.nonce, new URL(c.req.url), CLIENT_ASSETS.dev)
    )
    const geolocation = c.req.path === DRIVER_PATH ? 'geolocation=(self)' : 'geolocation=()'
    headers.set('Permissions-Policy', `${geolocation}, camera=(), microphone=(), payment=()`)
  })
}

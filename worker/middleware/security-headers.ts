import { CLIENT_ASSETS } from 'virtual:client-assets'
import { createMiddleware } from 'hono/factory'
import { TURNSTILE_ORIGIN } from '../../client/lib/turnstile.ts'
import type { AppEnv } from '../env.ts'

/**
 * The Content-Security-Policy for a response whose inline scripts and styles carry `nonce`.
 * `dev` loosens only what the Vite dev server needs: its HMR websocket. `turnstile` allows
 * Cloudflare Turnstile's script and frame when the coupon robot check uses it.
 */
export function contentSecurityPolicy(
  nonce: string,
  dev = false,
  options: { turnstile?: boolean } = {}
): string {
  const turnstile = options.turnstile ? [TURNSTILE_ORIGIN] : []
  const directives: Array<[string, ...Array<string>]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...turnstile],
    ...(options.turnstile ? [['frame-src', TURNSTILE_ORIGIN] as [string, string]] : []),
    // Brand colours arrive as one nonce'd <style>; nothing else is inline, so no 'unsafe-inline'.
    ['style-src', "'self'", `'nonce-${nonce}'`],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(dev ? ['ws:', 'wss:'] : [])],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
  ]
  return directives.map((parts) => parts.join(' ')).join('; ')
}

/** A fresh 128-bit nonce, base64-encoded. */
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

function headersAreMutable(headers: Headers): boolean {
  try {
    headers.set('X-Content-Type-Options', 'nosniff')
    return true
  } catch {
    return false
  }
}

/**
 * Puts a per-request CSP nonce on the context (`c.var.nonce`) and the security headers on every
 * response the worker makes, error pages and API answers included.
 *
 * @example app.use(securityHeaders())
 */
export function securityHeaders() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = createNonce()
    c.set('nonce', nonce)
    await next()
    // A response passed through from fetch() has immutable headers; copy it to add ours.
    if (!headersAreMutable(c.res.headers)) c.res = new Response(c.res.body, c.res)
    const headers = c.res.headers
    headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy(nonce, CLIENT_ASSETS.dev, {
        turnstile: c.env.ROBOT_CHECK_PROVIDER === 'turnstile',
      })
    )
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('X-Frame-Options', 'DENY')
    headers.set(
      'Permissions-Policy',
      'geolocation=(self), camera=(), microphone=(), payment=(self)'
    )
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  })
}

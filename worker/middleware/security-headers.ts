import { CLIENT_ASSETS } from 'virtual:client-assets'
import { createMiddleware } from 'hono/factory'
import { FRAMES_SCRIPT_ORIGIN } from '../../client/lib/frames-provider.ts'
import { routePath } from '../../client/lib/routes.ts'
import { TURNSTILE_ORIGIN } from '../../client/lib/turnstile.ts'
import {
  cardGatewayName,
  FRAMES_FRAME_ORIGIN,
  framesLocalSandbox,
  paymentsSandbox,
  SANDBOX_FRAME_PAGES_PATH,
} from '../lib/payments-config.ts'
import { HPP_URLS } from '../realex/hpp.ts'
import type { AppEnv } from '../env.ts'
import { mapTilesOrigin } from '../lib/map-tiles.ts'
import { socialFormActionOrigins } from '../lib/social-sign-in.ts'

/**
 * The Content-Security-Policy for a response whose inline scripts and styles carry `nonce`.
 * `dev` loosens only what the Vite dev server needs: its HMR websocket. `turnstile` allows
 * Cloudflare Turnstile's script and frame when the coupon robot check uses it. `hppOrigin` lets
 * checkout post to (and frame) the Realex hosted card page. `framesOrigin` and
 * `framesScriptOrigin` let the card step frame the card frames and run the provider's script.
 */
export function contentSecurityPolicy(
  nonce: string,
  dev = false,
  options: {
    turnstile?: boolean
    hppOrigin?: string | null
    framesOrigin?: string | null
    framesScriptOrigin?: string | null
    /** A page the checkout may frame (the local sandbox card frames): same origin only. */
    frameable?: boolean
    /** The tracking map's tile provider (MAP_TILES_URL), on the tracking page only. */
    mapTilesOrigin?: string | null
    /** The social sign-in providers' origins the sign-in buttons lead to (ADR 026). */
    socialOrigins?: ReadonlyArray<string>
  } = {}
): string {
  const turnstile = options.turnstile ? [TURNSTILE_ORIGIN] : []
  const hpp = options.hppOrigin ? [options.hppOrigin] : []
  const cardFrames = options.framesOrigin ? [options.framesOrigin] : []
  const frames = [...turnstile, ...hpp, ...cardFrames]
  const framesScript = options.framesScriptOrigin ? [options.framesScriptOrigin] : []
  const directives: Array<[string, ...Array<string>]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...turnstile, ...framesScript],
    ...(frames.length > 0 ? [['frame-src', ...frames] as [string, ...Array<string>]] : []),
    // Brand colours arrive as one nonce'd <style>; nothing else is inline, so no 'unsafe-inline'.
    ['style-src', "'self'", `'nonce-${nonce}'`],
    ['img-src', "'self'", 'data:', ...(options.mapTilesOrigin ? [options.mapTilesOrigin] : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(dev ? ['ws:', 'wss:'] : [])],
    ['frame-ancestors', options.frameable ? "'self'" : "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'", ...hpp, ...(options.socialOrigins ?? [])],
    ['object-src', "'none'"],
  ]
  return directives.map((parts) => parts.join(' ')).join('; ')
}

/**
 * The origin of the Realex hosted card page checkout sends shoppers to: only when a Realex merchant
 * is configured (else the local sandbox card page, which is same-origin), live or sandbox by
 * PAYMENTS_MODE.
 */
export function hppOrigin(env: Pick<Env, 'REALEX_MERCHANT_ID' | 'PAYMENTS_MODE'>): string | null {
  if (!env.REALEX_MERCHANT_ID) return null
  return new URL(paymentsSandbox(env) ? HPP_URLS.sandbox : HPP_URLS.live).origin
}

/**
 * What the checkout's card frames are served from, when CARD_GATEWAY is "frames": the provider's
 * origin, or 'self' for the local sandbox frames (worker/sandbox-gateway/frames.ts).
 */
export function framesOrigin(
  env: Pick<Env, 'CARD_GATEWAY' | 'PAYMENTS_MODE'> & { FRAMES_PUBLIC_KEY?: string }
): string | null {
  if (cardGatewayName(env) !== 'frames') return null
  return framesLocalSandbox(env) ? "'self'" : FRAMES_FRAME_ORIGIN
}

/**
 * The origin of the provider's card frames script, when CARD_GATEWAY is "frames" with a provider
 * key (the local sandbox frames need no script).
 */
export function framesScriptOrigin(
  env: Pick<Env, 'CARD_GATEWAY' | 'PAYMENTS_MODE'> & { FRAMES_PUBLIC_KEY?: string }
): string | null {
  if (cardGatewayName(env) !== 'frames' || framesLocalSandbox(env)) return null
  return FRAMES_SCRIPT_ORIGIN
}

/** The only page that shows card frames: the card step. */
const CARD_STEP_PATH = routePath('checkout-payment-card-form')

/** The tracking page (not its socket): the only page that draws map tiles. */
const TRACKING_PAGE = /^\/track\/[^/]+$/

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
    const cardStep = c.req.path === CARD_STEP_PATH
    headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy(nonce, CLIENT_ASSETS.dev, {
        turnstile: c.env.ROBOT_CHECK_PROVIDER === 'turnstile',
        hppOrigin: hppOrigin(c.env),
        framesOrigin: cardStep ? framesOrigin(c.env) : null,
        framesScriptOrigin: cardStep ? framesScriptOrigin(c.env) : null,
        frameable: c.req.path.startsWith(SANDBOX_FRAME_PAGES_PATH),
        mapTilesOrigin: TRACKING_PAGE.test(c.req.path) ? mapTilesOrigin(c.env) : null,
        socialOrigins: socialFormActionOrigins(c.env),
      })
    )
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set(
      'X-Frame-Options',
      c.req.path.startsWith(SANDBOX_FRAME_PAGES_PATH) ? 'SAMEORIGIN' : 'DENY'
    )
    headers.set(
      'Permissions-Policy',
      'geolocation=(self), camera=(), microphone=(), payment=(self)'
    )
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  })
}

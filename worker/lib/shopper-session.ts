import type { Context } from 'hono'
import { TokenResponseSchema } from '../../schemas/auth.ts'
import { COOKIE_NAMES } from '../../schemas/cookies.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { nowMs } from './clock.ts'
import { replaceRequestCookies } from './cookies/cookies.ts'
import { setFlash } from './cookies/flash.ts'
import {
  BACKEND_TOKEN_PATH,
  forgetSession,
  readAccessToken,
  readRefreshToken,
  readSessionKind,
  rememberSession,
  SESSION_KIND_COOKIE,
  unverifiedExpiry,
} from './cookies/session.ts'
import { AppError } from './errors.ts'
import { logError } from './log.ts'

/*
 * The shopper's session as the storefront keeps it: refreshed on a page's entry (the auth-session
 * middleware), before a member's basket call (the proxy), and started as a guest where a flow needs
 * one (guest checkout).
 */

/** Refresh this long before the access token expires, so it does not lapse mid-request. */
const EXPIRY_MARGIN_SECONDS = 30

// Answers that mean the refresh token is dead (used, revoked, expired, malformed): the session
// is over. Anything else (timeout, backend down) keeps the cookies for the next page.
const REFUSED_CODES: ReadonlySet<string> = new Set([
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_error',
])

/** Whether the access token is missing or (by its unverified exp claim) about to expire. */
export function needsRefresh(accessToken: string | undefined, nowSeconds: number): boolean {
  if (!accessToken) return true
  const exp = unverifiedExpiry(accessToken)
  return exp === null || exp - EXPIRY_MARGIN_SECONDS <= nowSeconds
}

/** Puts a new token pair in the response cookies and in this request's cookies. */
function adoptTokens(c: Context<AppEnv>, tokens: Parameters<typeof rememberSession>[1]): void {
  rememberSession(c, tokens)
  replaceRequestCookies(c, {
    [COOKIE_NAMES.access]: tokens.access_token,
    [COOKIE_NAMES.refresh]: tokens.refresh_token,
    [SESSION_KIND_COOKIE]: tokens.kind,
  })
}

function dropSession(c: Context<AppEnv>): void {
  const wasMember = readSessionKind(c) === 'member'
  forgetSession(c)
  replaceRequestCookies(c, {
    [COOKIE_NAMES.access]: null,
    [COOKIE_NAMES.refresh]: null,
    [SESSION_KIND_COOKIE]: null,
    // The member's basket went aside with the session: this request goes on without it too.
    ...(wasMember ? { [COOKIE_NAMES.basket]: null, [COOKIE_NAMES.basketSummary]: null } : {}),
  })
}

/**
 * Refreshes or drops an expired session; true when the session cookies changed. Pages run it on
 * entry; the proxy runs it before a basket call of a member (whose basket needs their token).
 */
export async function refreshSession(c: Context<AppEnv>): Promise<boolean> {
  const refreshToken = readRefreshToken(c)
  if (!refreshToken) return false
  if (!needsRefresh(readAccessToken(c), Math.floor(nowMs(c.env) / 1000))) return false
  const wasMember = readSessionKind(c) === 'member'
  try {
    const tokens = await c.var.backend.post(BACKEND_TOKEN_PATH, {
      body: {
        grant_type: 'refresh_token',
        businessId: c.var.brand.businessId,
        refresh_token: refreshToken,
      },
      schema: TokenResponseSchema,
    })
    adoptTokens(c, tokens)
    return true
  } catch (error) {
    if (!(error instanceof AppError) || !REFUSED_CODES.has(error.code)) {
      // The backend could not answer: keep the session for the next page, render signed out.
      logError(error, { requestId: c.var.requestId, event: 'session refresh failed' })
      replaceRequestCookies(c, { [COOKIE_NAMES.access]: null })
      return false
    }
    dropSession(c)
    if (wasMember) {
      // For the next page, and for this one: it renders after this and takes the flash.
      setFlash(c, 'sessionExpired')
      replaceRequestCookies(c, { [COOKIE_NAMES.flash]: 'sessionExpired' })
    }
    return true
  }
}

/**
 * The access token of a session usable now, issuing a guest session (grant guest) when the
 * shopper has none: for flows a signed-out shopper may use, such as guest checkout. Needs
 * the auth-session middleware to have run first (it refreshes an expired token).
 */
export async function ensureGuestSession(c: Context<AppEnv>): Promise<string> {
  const current = readAccessToken(c)
  if (current && !needsRefresh(current, Math.floor(nowMs(c.env) / 1000))) return current
  // A session whose refresh failed for want of the backend must not be replaced by a guest one.
  if (readRefreshToken(c)) throw new AppError('upstream_error', MESSAGES.systemError)
  const tokens = await c.var.backend.post(BACKEND_TOKEN_PATH, {
    body: { grant_type: 'guest', businessId: c.var.brand.businessId },
    schema: TokenResponseSchema,
  })
  adoptTokens(c, tokens)
  return tokens.access_token
}

import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { COOKIE_NAMES } from '../lib/cookies.ts'

/**
 * Whether the request carries a member session (an access or refresh token cookie). Guards and the
 * header use it only to choose what to show; the backend checks the token on every member call.
 */
export function isSignedIn(c: Context): boolean {
  return Boolean(getCookie(c, COOKIE_NAMES.access) || getCookie(c, COOKIE_NAMES.refresh))
}

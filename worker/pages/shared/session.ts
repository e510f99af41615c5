import type { Context } from 'hono'
import { readAccessToken, readRefreshToken, readSessionKind } from '../../lib/cookies/session.ts'

/**
 * Whether the request carries a MEMBER session (a guest session is not signed in): the session
 * kind cookie says member and a token cookie is present. The auth-session middleware has already
 * refreshed or cleared an expired session on entry. Guards and the header use it only to choose
 * what to show; the backend checks the token on every member call.
 */
export function isSignedIn(c: Context): boolean {
  return readSessionKind(c) === 'member' && Boolean(readAccessToken(c) || readRefreshToken(c))
}

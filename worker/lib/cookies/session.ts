import type { Context } from 'hono'
import { z } from 'zod'
import { AUTH_KINDS, type AuthKind, type TokenResponse } from '../../../schemas/auth.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { putMemberBasketAside } from './basket.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/**
 * The kind of session the token cookies hold ('guest' or 'member'). Not a secret and never trusted
 * for access (the backend verifies every token): it lets pages tell a member from a guest, and an
 * expired member session from an expired guest one, after the access cookie itself has expired.
 */
export const SESSION_KIND_COOKIE = COOKIE_NAMES.sessionKind

/**
 * The backend addresses the sign-in and sign-out pages call (the /api proxy reads what a call does
 * with the session's tokens from its route's `sessionTokens`, not from these).
 */
export const BACKEND_LOGOUT_PATH = '/auth/logout'
export const BACKEND_TOKEN_PATH = '/oauth/token'

/** What the browser may know of a sign-in: never the tokens. */
export interface SessionInfo {
  kind: AuthKind
  customerId?: number
}

/**
 * Keeps a token answer in httpOnly cookies (access for expires_in, refresh and the session kind
 * for refresh_expires_in) and returns what the browser may see of it.
 */
export function rememberSession(c: Context, tokens: TokenResponse): SessionInfo {
  writeCookie(c, COOKIE_NAMES.access, tokens.access_token, tokens.expires_in)
  writeCookie(c, COOKIE_NAMES.refresh, tokens.refresh_token, tokens.refresh_expires_in)
  writeCookie(c, SESSION_KIND_COOKIE, tokens.kind, tokens.refresh_expires_in)
  return {
    kind: tokens.kind,
    ...(tokens.customerId !== undefined ? { customerId: tokens.customerId } : {}),
  }
}

/**
 * Clears every session cookie (logout, or a refresh the backend refused). A member's basket goes
 * with the session (it answers to the member only): its token is put aside for their next sign-in
 * and the shopper carries on as a guest with a new basket.
 */
export function forgetSession(c: Context): void {
  if (readSessionKind(c) === 'member') putMemberBasketAside(c)
  for (const name of [COOKIE_NAMES.access, COOKIE_NAMES.refresh, SESSION_KIND_COOKIE]) {
    clearCookie(c, name)
  }
}

/** The shopper's access token from its cookie, if any. */
export function readAccessToken(c: Context): string | undefined {
  const token = readCookie(c, COOKIE_NAMES.access)
  return token ? token : undefined
}

/** The refresh token from its httpOnly cookie, if any. */
export function readRefreshToken(c: Context): string | undefined {
  const token = readCookie(c, COOKIE_NAMES.refresh)
  return token ? token : undefined
}

const SessionKindSchema = z.enum(AUTH_KINDS)

/** The session kind cookie, if it names a kind. */
export function readSessionKind(c: Context): AuthKind | undefined {
  const parsed = SessionKindSchema.safeParse(readCookie(c, SESSION_KIND_COOKIE))
  return parsed.success ? parsed.data : undefined
}

const JwtClaimsSchema = z.object({ exp: z.number() })

/**
 * The `exp` claim of a JWT in seconds, read WITHOUT checking the signature: only to decide whether
 * to refresh before the backend, which verifies the token, would refuse it. Null when unreadable.
 */
export function unverifiedExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')))
    const parsed = JwtClaimsSchema.safeParse(json)
    return parsed.success ? parsed.data.exp : null
  } catch {
    return null
  }
}

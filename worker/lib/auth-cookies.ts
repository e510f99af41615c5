import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import { AUTH_KINDS, type AuthKind, type TokenResponse } from '../../schemas/auth.ts'
import { putMemberBasketAside } from './basket-cookie.ts'
import { COOKIE_NAMES, tokenCookieOptions } from './cookies.ts'

/**
 * The kind of session the token cookies hold ('guest' or 'member'). Not a secret and never trusted
 * for access (the backend verifies every token): it lets pages tell a member from a guest, and an
 * expired member session from an expired guest one, after the access cookie itself has expired.
 */
export const SESSION_KIND_COOKIE = COOKIE_NAMES.sessionKind

/** Backend paths whose 200 answer is a TokenResponse: the proxy moves its tokens into cookies. */
const TOKEN_ANSWER_PATHS: ReadonlySet<string> = new Set([
  '/oauth/token',
  '/auth/register',
  '/auth/change-password',
])

/** The backend path that ends a session (its refresh token comes from the cookie). */
export const LOGOUT_PATH = '/auth/logout'

/** Backend path of the token exchange. */
export const TOKEN_PATH = '/oauth/token'

export function answersWithTokens(path: string): boolean {
  return TOKEN_ANSWER_PATHS.has(path)
}

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
  setCookie(
    c,
    COOKIE_NAMES.access,
    tokens.access_token,
    tokenCookieOptions(c.req.url, tokens.expires_in)
  )
  setCookie(
    c,
    COOKIE_NAMES.refresh,
    tokens.refresh_token,
    tokenCookieOptions(c.req.url, tokens.refresh_expires_in)
  )
  setCookie(
    c,
    SESSION_KIND_COOKIE,
    tokens.kind,
    tokenCookieOptions(c.req.url, tokens.refresh_expires_in)
  )
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
  const { secure } = tokenCookieOptions(c.req.url, 0)
  for (const name of [COOKIE_NAMES.access, COOKIE_NAMES.refresh, SESSION_KIND_COOKIE]) {
    deleteCookie(c, name, { path: '/', secure })
  }
}

/** The refresh token from its httpOnly cookie, if any. */
export function readRefreshToken(c: Context): string | undefined {
  const token = getCookie(c, COOKIE_NAMES.refresh)
  return token ? token : undefined
}

const SessionKindSchema = z.enum(AUTH_KINDS)

/** The session kind cookie, if it names a kind. */
export function readSessionKind(c: Context): AuthKind | undefined {
  const parsed = SessionKindSchema.safeParse(getCookie(c, SESSION_KIND_COOKIE))
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

/**
 * Replaces cookies of the incoming request (null removes one) so everything after this point in
 * the same request — guards, pages, readAccessToken — sees the session as it is now, e.g. right
 * after a refresh, instead of the stale cookies the browser sent.
 */
export function replaceRequestCookies(c: Context, updates: Record<string, string | null>): void {
  const jar = new Map<string, string>()
  for (const pair of (c.req.raw.headers.get('cookie') ?? '').split(';')) {
    const trimmed = pair.trim()
    if (!trimmed) continue
    const name = trimmed.split('=')[0] ?? ''
    jar.set(name, trimmed)
  }
  for (const [name, value] of Object.entries(updates)) {
    if (value === null) jar.delete(name)
    else jar.set(name, `${name}=${value}`)
  }
  const headers = new Headers(c.req.raw.headers)
  if (jar.size === 0) headers.delete('cookie')
  else headers.set('cookie', [...jar.values()].join('; '))
  c.req.raw = new Request(c.req.raw, { headers })
}

import type { Context } from 'hono'
import { z } from 'zod'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import type { StaffChallenge, StaffTokens } from '../../../schemas/staff.ts'
import { clearCookie, readCookie, replaceRequestCookies, writeCookie } from './cookies.ts'

/*
 * The store console's session in its own cookies (ADR 018): sf_staff_access, sf_staff_refresh and,
 * between the two sign-in steps, sf_staff_challenge. Only the console's pages and its proxy read
 * them; the shopper's sf_access is never read under /store.
 */

/** Keeps a staff token answer: access for expires_in, refresh for refresh_expires_in. */
export function rememberStaffSession(c: Context, tokens: StaffTokens): void {
  writeCookie(c, COOKIE_NAMES.staffAccess, tokens.access_token, tokens.expires_in)
  writeCookie(c, COOKIE_NAMES.staffRefresh, tokens.refresh_token, tokens.refresh_expires_in)
}

/**
 * A renewal on a page's entry: the cookies for the browser, and for the rest of this request
 * (the page after it reads the new access token). Before any body is read: the request is rebuilt.
 */
export function adoptStaffSession(c: Context, tokens: StaffTokens | null): void {
  if (tokens) rememberStaffSession(c, tokens)
  else forgetStaffSession(c)
  replaceRequestCookies(c, {
    [COOKIE_NAMES.staffAccess]: tokens?.access_token ?? null,
    [COOKIE_NAMES.staffRefresh]: tokens?.refresh_token ?? null,
  })
}

/** Ends the staff session in this browser (sign-out, or a refresh the backend refused). */
export function forgetStaffSession(c: Context): void {
  clearCookie(c, COOKIE_NAMES.staffAccess)
  clearCookie(c, COOKIE_NAMES.staffRefresh)
}

export const readStaffAccessToken = (c: Context): string | undefined =>
  readCookie(c, COOKIE_NAMES.staffAccess) || undefined

export const readStaffRefreshToken = (c: Context): string | undefined =>
  readCookie(c, COOKIE_NAMES.staffRefresh) || undefined

/** A sign-in between its steps: the challenge to answer and the address the code went to. */
export type PendingStaffSignIn = z.infer<typeof PendingStaffSignInSchema>
const PendingStaffSignInSchema = z.object({
  challengeId: z.string().min(16).max(200),
  expiresAt: z.iso.datetime(),
  email: z.string().max(320),
})

export function rememberStaffChallenge(
  c: Context,
  challenge: StaffChallenge,
  email: string,
  nowMs: number
): void {
  const seconds = Math.ceil((Date.parse(challenge.expiresAt) - nowMs) / 1000)
  const pending: PendingStaffSignIn = { ...challenge, email }
  writeCookie(c, COOKIE_NAMES.staffChallenge, JSON.stringify(pending), Math.max(1, seconds))
}

/** The pending sign-in, when its cookie is well formed and its code has not expired. */
export function readStaffChallenge(c: Context, nowMs: number): PendingStaffSignIn | null {
  const value = readCookie(c, COOKIE_NAMES.staffChallenge)
  if (!value) return null
  try {
    const parsed = PendingStaffSignInSchema.safeParse(JSON.parse(value))
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= nowMs) return null
    return parsed.data
  } catch {
    return null
  }
}

export function forgetStaffChallenge(c: Context): void {
  clearCookie(c, COOKIE_NAMES.staffChallenge)
}

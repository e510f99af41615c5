import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { MESSAGES } from '../../../schemas/messages.ts'
import { StaffProfileSchema, StaffTokensSchema, type StaffProfile } from '../../../schemas/staff.ts'
import type { AppEnv } from '../../env.ts'
import { nowMs } from '../../lib/clock.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { readCookie, replaceRequestCookies } from '../../lib/cookies/cookies.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { unverifiedExpiry } from '../../lib/cookies/session.ts'
import {
  forgetStaffSession,
  readStaffAccessToken,
  readStaffRefreshToken,
  adoptStaffSession,
} from '../../lib/cookies/staff-session.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { safeReturnPath } from '../shared/guards.ts'
import { STORE_PATHS } from '../../lib/store-console-paths.ts'
import { pathId } from './frame.ts'

/** Backend path of the staff token exchange (code or refresh). */
export const STAFF_TOKEN_PATH = '/staff/auth/token'

// Refresh this long before the access token ends, so it does not lapse mid-request.
const EXPIRY_MARGIN_SECONDS = 30
// Answers that mean the refresh token is dead: the staff session is over.
const REFUSED = new Set(['unauthorized', 'forbidden', 'not_found', 'validation_error'])

function needsRefresh(accessToken: string | undefined, nowSeconds: number): boolean {
  if (!accessToken) return true
  const exp = unverifiedExpiry(accessToken)
  return exp === null || exp - EXPIRY_MARGIN_SECONDS <= nowSeconds
}

/**
 * Renews the staff session like the member session's (worker/lib/shopper-session.ts): a lapsing
 * access token with a refresh token exchanges it once (single use) before the page or the console
 * proxy runs. A refused refresh ends the session and the next page says so.
 */
export async function refreshStaffSession(c: Context<AppEnv>): Promise<void> {
  const refreshToken = readStaffRefreshToken(c)
  if (!refreshToken) return
  if (!needsRefresh(readStaffAccessToken(c), Math.floor(nowMs(c.env) / 1000))) return
  try {
    const tokens = await c.var.backend.post(STAFF_TOKEN_PATH, {
      body: {
        grant_type: 'refresh_token',
        businessId: c.var.brand.businessId,
        refresh_token: refreshToken,
      },
      schema: StaffTokensSchema,
    })
    adoptStaffSession(c, tokens)
  } catch (error) {
    if (!(error instanceof AppError) || !REFUSED.has(error.code)) {
      // The backend could not answer: keep the session for the next request.
      logError(error, { requestId: c.var.requestId, event: 'staff session refresh failed' })
      return
    }
    adoptStaffSession(c, null)
    // For the next page, and for this one (it renders after this and takes the flash).
    setFlash(c, 'sessionExpired')
    replaceRequestCookies(c, { [COOKIE_NAMES.flash]: 'sessionExpired' })
  }
}

/** The store console's session middleware: renews a lapsing staff session first. */
export const staffSession = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await refreshStaffSession(c)
    await next()
  })

/** The signed-in member of staff (POST /staff/me), or null when there is no live staff session. */
export async function currentStaff(c: Context<AppEnv>): Promise<StaffProfile | null> {
  const token = readStaffAccessToken(c)
  if (!token) return null
  try {
    return await c.var.backend.post('/staff/me', {
      body: { businessId: c.var.brand.businessId },
      token,
      schema: StaffProfileSchema,
    })
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') {
      forgetStaffSession(c)
      return null
    }
    throw error
  }
}

/** The sign-in page, saying why and where to come back to. */
export function toSignIn(c: Context<AppEnv>, why: 'loginRequired' | 'sessionExpired'): Response {
  setFlash(c, why)
  const back = safeReturnPath(c.req.path)
  const query = back && back !== STORE_PATHS.home ? `?redirect=${encodeURIComponent(back)}` : ''
  return redirectTo(c, `${STORE_PATHS.signIn}${query}`, 303)
}

/** A page's staff: signed in, or the redirect to the sign-in page. */
export async function staffOrSignIn(
  c: Context<AppEnv>
): Promise<{ staff: StaffProfile } | { redirect: Response }> {
  const staff = await currentStaff(c)
  if (staff) return { staff }
  // A session that just ended on its refresh says so rather than 'log in'.
  const expired = readCookie(c, COOKIE_NAMES.flash) === 'sessionExpired'
  return { redirect: toSignIn(c, expired ? 'sessionExpired' : 'loginRequired') }
}

/** Whether the staff member may open a store's board (an operator: every store). */
export function worksAt(staff: StaffProfile, storeId: number): boolean {
  return staff.operator || staff.stores.some((store) => store.storeId === storeId)
}

/** The roles a staff member holds at a store (an operator's too). */
export function rolesAt(staff: StaffProfile, storeId: number): Array<string> {
  const roles = staff.stores.filter((s) => s.storeId === storeId).map((s) => s.role)
  return staff.operator ? ['operator', ...roles] : roles
}

export const NOT_ALLOWED = MESSAGES.staffNotAllowed

/** The store of a console path the member of staff works at; else 404 (as if it did not exist). */
export function storeOfPath(c: Context<AppEnv>, staff: StaffProfile): number {
  const storeId = pathId(c.req.param('storeId'))
  if (storeId === null || !worksAt(staff, storeId)) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
  return storeId
}

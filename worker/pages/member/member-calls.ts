import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import type { AppEnv } from '../../env.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { forgetSession, readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'

/** The member's access token and business, as every member call of a page sends them. */
export function memberScope(c: Context<AppEnv>): { token: string | undefined; businessId: number } {
  return { token: readAccessToken(c), businessId: c.var.brand.businessId }
}

/**
 * A member call refused because the session is gone (signed out elsewhere, revoked): the
 * page signs this browser out and sends the member to sign in again, saying why, like
 * change-password does. Null for any other error, which the page handles itself.
 */
export function sessionLostRedirect(c: Context<AppEnv>, error: unknown): Response | null {
  if (!(error instanceof AppError) || error.code !== 'unauthorized') return null
  forgetSession(c)
  setFlash(c, 'sessionExpired')
  return redirectTo(c, routePath('login'), 303)
}

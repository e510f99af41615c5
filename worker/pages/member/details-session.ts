import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import type { AppEnv } from '../../env.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { forgetSession } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'

/** True when a member page's backend call answered 401: the session ended elsewhere. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof AppError && error.code === 'unauthorized'
}

/** Signs the browser out and sends it to sign in with 'Your session has expired…'. */
export function endMemberSession(c: Context<AppEnv>): Response {
  forgetSession(c)
  setFlash(c, 'sessionExpired')
  return redirectTo(c, routePath('login'), 303)
}

/** A member page's failed call: the session's end as above, anything else to the error page. */
export function memberSessionEnded(c: Context<AppEnv>, error: unknown): Response {
  if (isSessionEnded(error)) return endMemberSession(c)
  throw error
}

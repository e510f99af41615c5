import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { LogoutResponseSchema } from '../../../schemas/auth.ts'
import type { AppEnv } from '../../env.ts'
import {
  BACKEND_LOGOUT_PATH,
  forgetSession,
  readAccessToken,
  readRefreshToken,
} from '../../lib/cookies/session.ts'
import { logError } from '../../lib/log.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { redirectTo } from '../../lib/redirect.ts'

/**
 * POST /logout: ends the session at the backend (refresh token from its cookie, access token as
 * bearer), clears the session cookies and goes home, which says so. Signing out here always succeeds in this
 * browser, even when the backend cannot be reached.
 */
export async function logoutForm(c: Context<AppEnv>): Promise<Response> {
  const refreshToken = readRefreshToken(c)
  const accessToken = readAccessToken(c)
  if (refreshToken || accessToken) {
    try {
      await c.var.backend.post(BACKEND_LOGOUT_PATH, {
        body: {
          businessId: c.var.brand.businessId,
          ...(refreshToken ? { refresh_token: refreshToken } : {}),
        },
        token: accessToken,
        schema: LogoutResponseSchema,
      })
    } catch (error) {
      logError(error, { requestId: c.var.requestId, event: 'logout failed at the backend' })
    }
  }
  forgetSession(c)
  setFlash(c, 'signedOut')
  return redirectTo(c, routePath('index'), 303)
}

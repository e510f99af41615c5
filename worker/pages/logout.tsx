import type { Context } from 'hono'
import { routePath } from '../../client/lib/routes.ts'
import { LogoutResponseSchema } from '../../schemas/auth.ts'
import type { AppEnv } from '../env.ts'
import { forgetSession, LOGOUT_PATH, readRefreshToken } from '../lib/auth-cookies.ts'
import { readAccessToken } from '../lib/cookies.ts'
import { logError } from '../lib/log.ts'
import { setFlash } from './flash.ts'
import { redirectTo } from '../lib/redirect.ts'

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
      await c.var.backend.post(LOGOUT_PATH, {
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

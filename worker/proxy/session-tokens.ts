import { TokenResponseSchema } from '../../schemas/auth.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import {
  answersWithTokens,
  BACKEND_LOGOUT_PATH,
  BACKEND_TOKEN_PATH,
  forgetSession,
  readRefreshToken,
  rememberSession,
} from '../lib/cookies/session.ts'
import { AppError } from '../lib/errors.ts'
import { proxyCall, proxyMiddleware } from './call.ts'

/**
 * The session's tokens live in httpOnly cookies only. In: the refresh token goes into the body
 * from its cookie for the calls that take one (a refresh grant and logout); a token the browser
 * sent is dropped on every call. Out: a token answer's tokens go into the cookies and the browser
 * learns the session kind only; logging out ends the session in this browser whatever the backend
 * answered.
 *
 * @example proxy.use(sessionTokens())
 */
export function sessionTokens() {
  return proxyMiddleware(async (c, next) => {
    const { path, json } = proxyCall(c)
    if (json) {
      delete json.refresh_token
      const takesRefreshToken =
        path === BACKEND_LOGOUT_PATH ||
        (path === BACKEND_TOKEN_PATH && json.grant_type === 'refresh_token')
      const token = takesRefreshToken ? readRefreshToken(c) : undefined
      if (token) json.refresh_token = token
    }
    await next()
    // A thrown error's envelope (the backend unreachable) is answered as it is.
    if (c.error) return
    if (path === BACKEND_LOGOUT_PATH) forgetSession(c)
    if (c.res.status === 200 && answersWithTokens(path)) {
      const tokens = TokenResponseSchema.safeParse(await c.res.json())
      if (!tokens.success) throw new AppError('upstream_error', MESSAGES.systemError)
      c.res = c.newResponse(JSON.stringify(rememberSession(c, tokens.data)), 200)
    }
  })
}

import { TokenResponseSchema } from '../../schemas/auth.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { forgetSession, readRefreshToken, rememberSession } from '../lib/cookies/session.ts'
import { AppError } from '../lib/errors.ts'
import { proxyCall, proxyMiddleware } from './call.ts'

/**
 * The session's tokens live in httpOnly cookies only, as the route declares (`sessionTokens`,
 * worker/lib/edge-routes.ts). In: the refresh token goes into the body from its cookie for the
 * calls that take one (a refresh grant of the token exchange, and the call that ends a session);
 * a token the browser sent is dropped on every call. Out: a token answer's tokens go into the
 * cookies and the browser learns the session kind only; ending the session ends it in this browser
 * whatever the backend answered.
 *
 * @example proxy.use(sessionTokens())
 */
export function sessionTokens() {
  return proxyMiddleware(async (c, next) => {
    const { needs, json } = proxyCall(c)
    const tokens = needs.sessionTokens
    if (json) {
      delete json.refresh_token
      const takesRefreshToken =
        tokens === 'ends' || (tokens === 'exchange' && json.grant_type === 'refresh_token')
      const token = takesRefreshToken ? readRefreshToken(c) : undefined
      if (token) json.refresh_token = token
    }
    await next()
    // A thrown error's envelope (the backend unreachable) is answered as it is.
    if (c.error) return
    if (tokens === 'ends') forgetSession(c)
    if (c.res.status === 200 && (tokens === 'answers' || tokens === 'exchange')) {
      const answer = TokenResponseSchema.safeParse(await c.res.json())
      if (!answer.success) throw new AppError('upstream_error', MESSAGES.systemError)
      c.res = c.newResponse(JSON.stringify(rememberSession(c, answer.data)), 200)
    }
  })
}

import type { MiddlewareHandler } from 'hono'
import { PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'
import type { AppEnv } from '../env.ts'
import { refreshSession } from '../lib/shopper-session.ts'
import { isStoreConsolePath } from './store-console-headers.ts'
import { MEDIA_PATH } from '../../schemas/media.ts'

/**
 * Auth initialisation on entry (spec §2): a page request whose access token is missing or expired
 * but which holds a refresh token exchanges it once (grant refresh_token) before the page runs, so
 * guards and pages see the live session. When the backend refuses the refresh, the session
 * cookies are cleared and a member is told 'Your session has expired. You have been logged out!'.
 * API calls (`/api/*`) are left alone: a page load refreshes, its parallel API calls must not
 * (a refresh token is single use; two racing refreshes end the session).
 */
export function authSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The store console never reads the shopper's session (ADR 018): no refresh there either;
    // nor do the public images (ADR 027), which are the same for everyone.
    const skip =
      c.req.path.startsWith('/api/') ||
      c.req.path.startsWith(`${MEDIA_PATH}/`) ||
      isStoreConsolePath(c.req.path)
    const changed = skip ? false : await refreshSession(c)
    await next()
    // An answer that sets session cookies is this shopper's alone, whatever the page's policy.
    if (changed) c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
  }
}

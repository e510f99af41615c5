import type { Context } from 'hono'
import type { z } from 'zod'
import { routePath } from '../../../client/lib/routes.ts'
import type { AppEnv } from '../../env.ts'
import { forgetSession, readAccessToken } from '../../lib/cookies/session.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'

/** The business and the host's brand: what every member call names besides the member. */
export function memberScope(c: Context<AppEnv>): { businessId: number; brandId: number } {
  return { businessId: c.var.brand.businessId, brandId: c.var.brand.id }
}

/** A member call with the session's access token. */
export function memberPost<S extends z.ZodType>(
  c: Context<AppEnv>,
  path: string,
  body: Record<string, unknown>,
  schema: S
): Promise<z.output<S>> {
  return c.var.backend.post(path, {
    body: { ...memberScope(c), ...body },
    token: readAccessToken(c),
    schema,
  })
}

/**
 * A session the backend no longer accepts (ended elsewhere, account closed): signed out here
 * too and sent to sign in, saying why, as change-password does. Null for any other error.
 */
export function sessionEnded(c: Context<AppEnv>, error: unknown): Response | null {
  if (!(error instanceof AppError) || error.code !== 'unauthorized') return null
  forgetSession(c)
  setFlash(c, 'sessionExpired')
  return redirectTo(c, routePath('login'), 303)
}

import { createMiddleware } from 'hono/factory'
import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from '../lib/errors.ts'

/**
 * Whether a path carries no %-escape. The backend's paths are ASCII words and numeric ids, so an
 * escape in a call's path only disguises one: `/%73taff` routes as `/staff` while a rule reading
 * the raw path sees something else, and `%2F`, `%5C` and `%25` (double encoding) make one segment
 * route as another.
 */
export function isPlainPath(rawPath: string): boolean {
  return !rawPath.includes('%')
}

/**
 * Refuses a proxied call whose path carries a %-escape (400 bad_request), so the path the
 * proxy's rules read, the one it forwards and the one the backend routes on are the same string.
 *
 * @example proxy.use(plainPaths())
 */
export function plainPaths() {
  return createMiddleware(async (c, next) => {
    if (!isPlainPath(new URL(c.req.url).pathname)) {
      throw new AppError('bad_request', MESSAGES.malformedAddress)
    }
    await next()
  })
}

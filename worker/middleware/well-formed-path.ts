import { createMiddleware } from 'hono/factory'
import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from '../lib/errors.ts'

/** Whether every %-escape of a path decodes (a lone `%`, `%ZZ` or half a UTF-8 character do not). */
export function wellFormedPath(rawPath: string): boolean {
  try {
    decodeURIComponent(rawPath)
    return true
  } catch {
    return false
  }
}

/**
 * Refuses a path whose %-escapes do not decode, once, before any route reads it: 400 with the
 * envelope under /api and the error page elsewhere. Routes then decode their parameters without
 * a URIError to turn into a 500 (the media route did).
 *
 * @example app.use(wellFormedPaths())
 */
export function wellFormedPaths() {
  return createMiddleware(async (c, next) => {
    // Only a %-escape can fail to decode: an address without one (most) is not parsed at all.
    const { url } = c.req
    if (url.includes('%') && !wellFormedPath(new URL(url).pathname)) {
      throw new AppError('bad_request', MESSAGES.malformedAddress)
    }
    await next()
  })
}

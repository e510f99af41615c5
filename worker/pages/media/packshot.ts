import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import { parsePackshot } from '../../../schemas/packshot.ts'
import type { AppEnv } from '../../env.ts'
import { PACKSHOT_ICONS } from './packshot-icon-set.ts'
import { packshotSvg } from './packshot-svg.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * `GET /images/packshot/v2/<kind>.svg?…`: a demo item's picture, drawn from its URL alone (ADR
 * 033). The same URL always draws the same picture, so it is cached for a year as immutable; a
 * malformed URL, or one naming an icon the worker does not carry, is a plain 404 and draws nothing (it runs before the brand the error page needs).
 */
export function packshotFile(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url)
  const shot = parsePackshot(url.pathname, url.searchParams)
  if (!shot || (shot.icon !== null && !Object.hasOwn(PACKSHOT_ICONS, shot.icon))) {
    return c.text(MESSAGES.pageNotFound, 404)
  }
  return new Response(packshotSvg(shot), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
    },
  })
}

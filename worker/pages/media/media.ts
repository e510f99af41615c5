import type { Context } from 'hono'
import { MEDIA_PATH, mediaKeyBusinessId } from '../../../schemas/media.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * `GET /media/<key>`: an image operators uploaded (ADR 027), from the MEDIA bucket. Only a key of
 * this host's business is served (another business's is 404 here, as on its own it would be
 * served), with the type stored at upload, `nosniff`, and a year's immutable caching: an image
 * never changes under its key. Conditional requests answer 304 from R2's own ETag.
 */
export async function mediaFile(c: Context<AppEnv>): Promise<Response> {
  const key = decodeURIComponent(c.req.path.slice(MEDIA_PATH.length + 1))
  if (mediaKeyBusinessId(key) !== c.var.brand.businessId) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
  const object = await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers })
  if (!object) throw new AppError('not_found', MESSAGES.pageNotFound)
  const headers = new Headers()
  object.writeHttpMetadata(headers)
  headers.set('etag', object.httpEtag)
  headers.set('cache-control', IMMUTABLE)
  headers.set('x-content-type-options', 'nosniff')
  // A body-less object is R2's answer to a matching If-None-Match / If-Modified-Since.
  if (!('body' in object)) return new Response(null, { status: 304, headers })
  headers.set('content-length', String(object.size))
  return new Response(object.body, { status: 200, headers })
}

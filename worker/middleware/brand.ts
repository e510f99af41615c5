import type { MiddlewareHandler } from 'hono'
import { BrandSchema } from '../../schemas/brand.ts'
import { formatMessage } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { AppError } from '../lib/errors.ts'
import { normaliseHost } from '../lib/host.ts'
import { type Resolution, remember, resolved } from '../lib/brand-cache.ts'

/**
 * Resolves the request's host to its brand through the backend (`GET /brands/resolve`), caches the
 * answer per isolate for 60 s and sets `c.var.brand`. An unknown host throws
 * AppError('unknown_brand'), which the app's error handler renders. Needs `backendClient()` first.
 *
 * @example app.use(brand())
 */
export function brand(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const host = normaliseHost(new URL(c.req.url).host)
    const now = Date.now()
    let entry = resolved.get(host)
    if (!entry || entry.expiresAt <= now) {
      resolved.delete(host)
      let resolution: Resolution
      try {
        resolution = {
          brand: await c.var.backend.get('/brands/resolve', {
            query: { host },
            schema: BrandSchema,
          }),
        }
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'unknown_brand') throw error
        resolution = { unknown: true }
      }
      entry = remember(host, resolution, now)
    }
    if ('unknown' in entry.resolution) {
      throw new AppError('unknown_brand', formatMessage('unknownBrand', host), {
        details: { host },
      })
    }
    c.set('brand', entry.resolution.brand)
    await next()
  }
}

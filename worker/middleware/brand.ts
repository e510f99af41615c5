import type { MiddlewareHandler } from 'hono'
import { BrandSchema } from '../../schemas/brand.ts'
import { formatMessage } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { AppError } from '../lib/errors.ts'
import { normaliseHost } from '../lib/host.ts'
import { type Resolution, remember, resolved } from '../lib/brand-cache.ts'
import { readBrandHost, writeBrandHost } from '../lib/brand-kv.ts'
import { logError } from '../lib/log.ts'

/**
 * Resolves the request's host to its brand: this isolate's map (60 s), then the shared KV brand
 * cache (brand-kv.ts, 60 s, purged when an operator changes the brand), then the backend
 * (`GET /brands/resolve`); sets `c.var.brand`. Unknown hosts are remembered per isolate only. An unknown host throws
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
      const previous = entry
      resolved.delete(host)
      let resolution: Resolution
      const shared = await readBrandHost(c.env.CACHE, host, now)
      if (shared) {
        resolution = { brand: shared }
      } else {
        try {
          const found = await c.var.backend.get('/brands/resolve', {
            query: { host },
            schema: BrandSchema,
          })
          resolution = { brand: found }
          // Once a minute per isolate at most; a failed write costs only a later backend call.
          await writeBrandHost(c.env.CACHE, host, found, now).catch((error: unknown) =>
            logError(error, { event: 'brand cache write failed' })
          )
        } catch (error) {
          if (error instanceof AppError && error.code === 'unknown_brand') {
            resolution = { unknown: true }
          } else {
            // Degrade, don't fail (ADR 042): while the backend cannot answer, the brand last
            // known here or in KV keeps the shop's cached pages serving.
            const known =
              (previous && 'brand' in previous.resolution ? previous.resolution.brand : null) ??
              (await readBrandHost(c.env.CACHE, host, now, { stale: true }))
            if (!known) throw error
            logError(error, { event: 'brand resolved from the last known', host }, 'warn')
            resolution = { brand: known }
          }
        }
      }
      entry = remember(host, resolution, now)
    }
    if ('unknown' in entry.resolution) {
      throw new AppError('unknown_brand', formatMessage('unknownBrand', host), {
        details: { host },
      })
    }
    c.set('brand', entry.resolution.brand)
    c.var.log.annotate({
      brandId: entry.resolution.brand.id,
      businessId: entry.resolution.brand.businessId,
    })
    await next()
  }
}

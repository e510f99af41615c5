import type { Context } from 'hono'
import { SeoRedirectResponseSchema } from '../../../schemas/seo.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { requestBrand } from '../shared/render.tsx'

// What an old slug can look like: path segments of lower-case words; anything else is not asked.
const OLD_SLUG = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/

/**
 * The redirect of a path nothing answers (or whose store, category or item is gone) when the
 * business lists it as an old slug (seo_redirects, ADR 024): its chain followed to the end, to a
 * path of this site only (redirectTo's safePath), query kept. Null when there is none, the
 * request is not a GET/HEAD, or the lookup fails (the 404 page is still the right answer).
 */
export async function oldSlugRedirect(c: Context<AppEnv>): Promise<Response | null> {
  const brand = requestBrand(c)
  if (!brand || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return null
  const slug = c.req.path.replace(/^\/+|\/+$/g, '').toLowerCase()
  if (!OLD_SLUG.test(slug) || slug.length > 200) return null
  try {
    const { redirect } = await c.var.backend.get('/seo/redirect', {
      query: { businessId: brand.businessId, slug },
      schema: SeoRedirectResponseSchema,
      cache: true,
    })
    if (!redirect) return null
    const url = new URL(c.req.url)
    const target = redirect.toPath.includes('?')
      ? redirect.toPath
      : `${redirect.toPath}${url.search}`
    // Depends on the URL and the host alone: browsers and the edge may keep it.
    return redirectTo(c, target, redirect.statusCode, { cache: 'public' })
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'old slug lookup failed' })
    return null
  }
}

import type { Context } from 'hono'
import type { Brand } from '../../../schemas/brand.ts'
import { PUBLIC_CACHE_CONTROL } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type SitemapName, SitemapNameSchema, SitemapSchema } from '../../../schemas/seo.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { canonicalUrl } from '../shared/render.tsx'

/** Host environments that serve sitemaps when SITEMAP_ENVIRONMENTS is not set (spec §2). */
export const DEFAULT_SITEMAP_ENVIRONMENTS = ['production', 'preprod', 'dev', 'staging'] as const

/** The host environments that serve sitemaps: SITEMAP_ENVIRONMENTS (comma separated) or the default. */
export function sitemapEnvironments(env: Partial<Pick<Env, 'SITEMAP_ENVIRONMENTS'>>): Set<string> {
  const configured = (env.SITEMAP_ENVIRONMENTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  return new Set(configured.length > 0 ? configured : DEFAULT_SITEMAP_ENVIRONMENTS)
}

/** Whether the request's host may serve sitemaps (and invite crawlers in robots.txt). */
export function servesSitemaps(c: Context<AppEnv>, brand: Brand): boolean {
  return sitemapEnvironments(c.env).has(brand.hostEnvironment)
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}
const xml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)

// Sitemaps want W3C datetime; D1 timestamps are ISO already, but an operator's may be a bare date.
function lastModified(value: string | null): string {
  if (value === null) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : `<lastmod>${date.toISOString()}</lastmod>`
}

/** `/sitemap-store-<store slug>.xml`: a store's categories and items (404 off the listed hosts). */
export const storeSitemapPage = (c: Context<AppEnv>) => sitemapPage(null)(c)

/**
 * `/sitemap.xml` (the index) and `/sitemap-stores.xml` (every store). Off the production, preprod,
 * dev and staging hosts they answer 404, so preview and local hosts are never crawled.
 */
export function sitemapPage(fixedName: SitemapName | null) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const brand = c.var.brand
    const parsed = SitemapNameSchema.safeParse(fixedName ?? c.req.param('file'))
    if (!parsed.success) throw new AppError('not_found', MESSAGES.pageNotFound)
    const name = parsed.data
    if (!servesSitemaps(c, brand)) throw new AppError('not_found', MESSAGES.pageNotFound)
    const sitemap = await c.var.backend.get('/seo/sitemap', {
      query: { businessId: brand.businessId, brandId: brand.id, name },
      schema: SitemapSchema,
    })
    const headers = {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': PUBLIC_CACHE_CONTROL,
    }
    if (sitemap.body !== null) return c.body(sitemap.body, 200, headers)
    const tag = sitemap.kind === 'index' ? 'sitemap' : 'url'
    const root = sitemap.kind === 'index' ? 'sitemapindex' : 'urlset'
    const entries = sitemap.entries
      .map(
        (entry) =>
          `<${tag}><loc>${xml(canonicalUrl(c, entry.path))}</loc>${lastModified(entry.lastModified)}</${tag}>`
      )
      .join('\n')
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</${root}>\n`
    return c.body(body, 200, headers)
  }
}

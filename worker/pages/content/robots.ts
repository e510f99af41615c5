import type { Context } from 'hono'
import { PUBLIC_CACHE_CONTROL } from '../../../schemas/constants.ts'
import type { AppEnv } from '../../env.ts'
import { canonicalUrl } from '../shared/render.tsx'
import { servesSitemaps } from './sitemaps.ts'

// Personal and transactional pages are never worth crawling.
const PRIVATE_PATHS = ['/api/', '/basket', '/checkout', '/member', '/login', '/register', '/track']

/**
 * robots.txt: hosts that serve sitemaps (production, preprod, dev, staging by default) invite
 * crawlers and point at the sitemap; every other host (local, previews) asks them to stay away.
 */
export function robotsTxt(c: Context<AppEnv>): Response {
  const headers = {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': PUBLIC_CACHE_CONTROL,
  }
  if (!servesSitemaps(c, c.var.brand)) return c.body('User-agent: *\nDisallow: /\n', 200, headers)
  const lines = [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${canonicalUrl(c, '/sitemap.xml')}`,
  ]
  return c.body(`${lines.join('\n')}\n`, 200, headers)
}

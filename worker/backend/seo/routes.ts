import { MESSAGES } from '../../../schemas/messages.ts'
import { SitemapRequestSchema, SitemapSchema } from '../../../schemas/seo.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { findSitemap } from './repo.ts'

/** SEO (spec §7 Other): sitemap files; SEO pages and redirects come with the content pages. */
export const seo = createDomain('SEO')

seo.get(
  '/seo/sitemap',
  {
    summary: "A brand's sitemap file: the index, or the URLs of a section",
    query: SitemapRequestSchema,
    response: SitemapSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const sitemap = await findSitemap(c.env.DB, query.businessId, query.brandId, query.name)
    if (!sitemap) throw new AppError('not_found', MESSAGES.pageNotFound)
    return sitemap
  }
)

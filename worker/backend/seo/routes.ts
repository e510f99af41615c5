import { MESSAGES } from '../../../schemas/messages.ts'
import {
  SeoDistrictRequestSchema,
  SeoDistrictSchema,
  SeoMetadataRequestSchema,
  SeoMetadataResponseSchema,
  SeoPageRequestSchema,
  SeoPageSchema,
  SeoRedirectRequestSchema,
  SeoRedirectResponseSchema,
  SitemapRequestSchema,
  SitemapSchema,
} from '../../../schemas/seo.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import {
  findDistrictCentre,
  findSeoMetadata,
  findSeoPage,
  resolveSeoRedirect,
} from './pages-repo.ts'
import { findSitemap } from './repo.ts'

/** SEO (spec §7 Other): sitemap files, pages and redirects by slug, metadata per path. */
export const seo = createDomain('SEO')

// Content pages, old slugs and head overrides change when an operator edits them (ADR 024).
const SEO_TTL_SECONDS = 300

seo.get(
  '/seo/sitemap',
  {
    edge: { brandScoped: true },
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

seo.get(
  '/seo/page',
  {
    edge: { brandScoped: true, cache: { scope: 'seo-page', ttlSeconds: SEO_TTL_SECONDS } },
    summary: "A content page by slug: the brand's own, else the business's for every brand",
    query: SeoPageRequestSchema,
    response: SeoPageSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const page = await findSeoPage(c.env.DB, query.businessId, query.brandId, query.slug)
    if (!page) throw new AppError('not_found', MESSAGES.pageNotFound)
    return page
  }
)

seo.get(
  '/seo/redirect',
  {
    edge: { cache: { scope: 'seo-redirect', ttlSeconds: SEO_TTL_SECONDS } },
    summary: 'Where an old slug leads, its chain followed to the end; null for none or a loop',
    query: SeoRedirectRequestSchema,
    response: SeoRedirectResponseSchema,
  },
  async ({ query }, c) => ({
    redirect: await resolveSeoRedirect(c.env.DB, query.businessId, query.slug),
  })
)

seo.get(
  '/seo/metadata',
  {
    edge: { brandScoped: true, cache: { scope: 'seo-metadata', ttlSeconds: SEO_TTL_SECONDS } },
    summary: "The operator's title, description, noindex and canonical for a page's path",
    query: SeoMetadataRequestSchema,
    response: SeoMetadataResponseSchema,
  },
  async ({ query }, c) => ({
    metadata: await findSeoMetadata(c.env.DB, query.businessId, query.brandId, query.path),
  })
)

seo.get(
  '/seo/district',
  {
    edge: { cache: { scope: 'seo-district', ttlSeconds: SEO_TTL_SECONDS } },
    summary: "A postcode district's centre, where its landing page searches for stores",
    query: SeoDistrictRequestSchema,
    response: SeoDistrictSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const district = await findDistrictCentre(c.env.DB, query.district)
    if (!district) throw new AppError('not_found', MESSAGES.pageNotFound)
    return district
  }
)

import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/** The sitemap files a brand serves at its root (spec §2: they answer 404 off the listed hosts). */
export const SITEMAP_NAMES = ['sitemap.xml', 'sitemap-stores.xml', 'sitemap-pages.xml'] as const

/** The generated sitemap of content and landing pages, indexed with the store sitemaps. */
export const PAGES_SITEMAP_NAME = 'sitemap-pages.xml'

/** The content pages the route table serves by their slug at `/<slug>` (ADR 024). */
export const CONTENT_PAGE_SLUGS = [
  'terms',
  'privacy-policy',
  'cookie-policy',
  'about-us',
  'delivery-information',
] as const
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number]

/** SEO page slugs of town landing pages start so: 'grocery-delivery/manchester'. */
export const TOWN_PAGE_SLUG_PREFIX = 'grocery-delivery/'

/** A store's catalogue sitemap (its categories and items): `sitemap-store-<store slug>.xml`. */
export const STORE_SITEMAP_NAME = /^sitemap-store-([a-z0-9]+(?:-[a-z0-9]+)*)\.xml$/

/** The sitemaps protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000

export const SitemapNameSchema = z.union([
  z.enum(SITEMAP_NAMES),
  z.string().max(160).regex(STORE_SITEMAP_NAME),
])
export type SitemapName = z.infer<typeof SitemapNameSchema>

/** The sitemap file name of a store's catalogue. */
export function storeSitemapName(storeSlug: string): string {
  return `sitemap-store-${storeSlug}.xml`
}

export const SitemapRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  name: SitemapNameSchema,
})

/**
 * A sitemap file: an index of the brand's other sitemap files, or a URL set. `body` is an
 * operator-supplied file served as is; otherwise the file is generated from `entries` (paths are
 * relative to the brand's origin).
 */
export type Sitemap = z.infer<typeof SitemapSchema>
export const SitemapSchema = z.object({
  name: SitemapNameSchema,
  kind: z.enum(['index', 'urlset']),
  body: z.string().nullable(),
  entries: z.array(z.object({ path: z.string(), lastModified: z.string().nullable() })),
})

/** A page slug or an old path asked for by slug: lower-case words, digits and `-`, `/` between. */
export const SeoSlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:[-_.][a-z0-9]+)*(?:\/[a-z0-9]+(?:[-_.][a-z0-9]+)*)*$/)

export const SeoPageRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  slug: SeoSlugSchema,
})

/** A content page by slug (terms, privacy, about, a town's landing page): Markdown body. */
export type SeoPage = z.infer<typeof SeoPageSchema>
export const SeoPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  metaDescription: z.string().nullable(),
  heading: z.string(),
  body: z.string(),
  noindex: z.boolean(),
  updatedAt: z.string(),
})

export const SeoRedirectRequestSchema = z.object({
  businessId: BusinessIdSchema,
  slug: z.string().max(200),
})

/** Where an old slug leads after following its chain to the end; null when it leads nowhere. */
export type SeoRedirectTarget = z.infer<typeof SeoRedirectTargetSchema>
export const SeoRedirectTargetSchema = z.object({
  toPath: z.string(),
  statusCode: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
})
export const SeoRedirectResponseSchema = z.object({
  redirect: SeoRedirectTargetSchema.nullable(),
})

export const SeoMetadataRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  path: z.string().min(1).max(500).startsWith('/'),
})

/** An operator's override of a page's head; a null field keeps the page's own. */
export type SeoMetadata = z.infer<typeof SeoMetadataSchema>
export const SeoMetadataSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  noindex: z.boolean().nullable(),
  canonicalPath: z.string().nullable(),
})
export const SeoMetadataResponseSchema = z.object({ metadata: SeoMetadataSchema.nullable() })

export const SeoDistrictRequestSchema = z.object({
  businessId: BusinessIdSchema,
  /** A UK postcode district (outcode): 'M1', 'm15', 'SW1A'. */
  district: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,2}[0-9][A-Z0-9]?$/),
})

/** A postcode district's centre, where a landing page searches for the stores delivering there. */
export type SeoDistrict = z.infer<typeof SeoDistrictSchema>
export const SeoDistrictSchema = z.object({
  district: z.string(),
  latitude: z.number(),
  longitude: z.number(),
})

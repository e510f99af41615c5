import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/** The sitemap files a brand serves at its root (spec §2: they answer 404 off the listed hosts). */
export const SITEMAP_NAMES = ['sitemap.xml', 'sitemap-stores.xml'] as const

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

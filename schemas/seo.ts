import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/** The sitemap files a brand serves at its root (spec §2: they answer 404 off the listed hosts). */
export const SITEMAP_NAMES = ['sitemap.xml', 'sitemap-stores.xml'] as const
export type SitemapName = (typeof SITEMAP_NAMES)[number]

export const SitemapRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  name: z.enum(SITEMAP_NAMES),
})

/**
 * A sitemap file: an index of the brand's other sitemap files, or a URL set. `body` is an
 * operator-supplied file served as is; otherwise the file is generated from `entries` (paths are
 * relative to the brand's origin).
 */
export type Sitemap = z.infer<typeof SitemapSchema>
export const SitemapSchema = z.object({
  name: z.enum(SITEMAP_NAMES),
  kind: z.enum(['index', 'urlset']),
  body: z.string().nullable(),
  entries: z.array(z.object({ path: z.string(), lastModified: z.string().nullable() })),
})

import type { Context } from 'hono'
import type { PageMeta } from '../../../client/lib/page-meta.ts'
import { SeoMetadataResponseSchema, type SeoMetadata } from '../../../schemas/seo.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'
import { safePath } from '../../lib/redirect.ts'

export type PageHead = Omit<PageMeta, 'canonicalUrl'> & { canonicalPath?: string }

/**
 * The operator's head for a public page's path (seo_metadata, ADR 024), one cached lookup per
 * page; null when there is none or the lookup fails (the page's own head is still right).
 */
export async function fetchSeoMetadata(c: Context<AppEnv>): Promise<SeoMetadata | null> {
  const brand = c.get('brand')
  if (!brand) return null
  try {
    const { metadata } = await c.var.backend.get('/seo/metadata', {
      query: { businessId: brand.businessId, brandId: brand.id, path: c.req.path },
      schema: SeoMetadataResponseSchema,
      cache: true,
    })
    return metadata
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'seo metadata lookup failed' })
    return null
  }
}

/** The page's head with the operator's fields over it; a canonical only when it is a site path. */
export function withSeoMetadata(
  head: PageHead,
  metadata: SeoMetadata | null,
  requestUrl: string
): PageHead {
  if (!metadata) return head
  const canonical = metadata.canonicalPath ? safePath(metadata.canonicalPath, requestUrl) : null
  return {
    ...head,
    title: metadata.title ?? head.title,
    description: metadata.description ?? head.description,
    noindex: metadata.noindex ?? head.noindex,
    ...(canonical ? { canonicalPath: canonical } : {}),
  }
}

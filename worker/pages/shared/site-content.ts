import type { Context } from 'hono'
import { NO_SITE_CONTENT, type SiteContent } from '../../../client/lib/site-content.ts'
import { type ContentBlocks, ContentBlocksResponseSchema } from '../../../schemas/content-blocks.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'
import { renderMarkdown } from '../../lib/markdown.ts'

/** The page components' form of a brand's blocks: Markdown rendered by renderMarkdown only. */
export function siteContentOf(blocks: ContentBlocks): SiteContent {
  const { announcement, columns, legal } = { ...blocks.header, ...blocks.footer }
  return {
    announcement: announcement
      ? { html: renderMarkdown(announcement.text), link: announcement.link }
      : null,
    footerColumns: columns?.columns ?? null,
    stayInTouch: blocks.footer['stay-in-touch'] ?? null,
    legalHtml: legal ? renderMarkdown(legal.text) : null,
    home: blocks.home,
  }
}

/**
 * The request's brand's content, shared through KV like other public answers. Content is
 * decoration: when it cannot be read the page still renders, with the defaults.
 */
export async function loadSiteContent(c: Context<AppEnv>): Promise<SiteContent> {
  const brand = c.get('brand')
  if (!brand) return NO_SITE_CONTENT
  try {
    const { blocks } = await c.var.backend.get('/content/blocks', {
      query: { businessId: brand.businessId, brandId: brand.id },
      schema: ContentBlocksResponseSchema,
      cache: true,
    })
    return siteContentOf(blocks)
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'content blocks unavailable' })
    return NO_SITE_CONTENT
  }
}

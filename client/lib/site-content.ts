import type { BlockLink, ContentBlocks } from '../../schemas/content-blocks.ts'

/**
 * A brand's home, header and footer content as the page components take it: the blocks of spec §7
 * "Home and header/footer content" with their Markdown already rendered to safe HTML on the server
 * (worker/lib/markdown.ts, the one Markdown path). A part that is null falls back to the page's
 * built-in default.
 */
export interface SiteContent {
  /** The header's announcement bar; null: no bar. */
  announcement: { html: string; link: BlockLink | null } | null
  footerColumns: Array<{ title: string; links: Array<BlockLink> }> | null
  stayInTouch: { title: string; text: string } | null
  /** The footer's legal line; null: the copyright line alone. */
  legalHtml: string | null
  home: ContentBlocks['home']
}

/** No blocks at all: every part shows its default. */
export const NO_SITE_CONTENT: SiteContent = {
  announcement: null,
  footerColumns: null,
  stayInTouch: null,
  legalHtml: null,
  home: {},
}

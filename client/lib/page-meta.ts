/** The head of a page: what search engines and link previews read. */
export interface PageMeta {
  title: string
  description: string
  /** Absolute URL of the page on its canonical host. */
  canonicalUrl: string
  /** Absolute URL of the preview image, if any. */
  imageUrl?: string | null
  /** Keep error and personal pages out of search results. */
  noindex?: boolean
  /** Nor follow its links (the store console, ADR 018). */
  nofollow?: boolean
  /** Reload the page every so many seconds (the in-store display: new deals appear). */
  refreshSeconds?: number
  /** Structured data (schema.org JSON-LD), e.g. a store's GroceryStore. */
  jsonLd?: Record<string, unknown>
}

/** Where a listing without a full count is, and how to link to another page. */
export interface OpenPaging {
  page: number
  hasMore: boolean
  /** The URL of a page (page 1 without a `page` parameter, so it has one canonical URL). */
  href: (page: number) => string
}

/**
 * Previous and next links for a listing that knows only whether a next page has items (ADR 031:
 * no full counts); nothing when everything fits one page.
 */
export function PrevNextPages({ paging, label }: { paging: OpenPaging; label: string }) {
  if (paging.page <= 1 && !paging.hasMore) return null
  const link =
    'inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-black/15 hover:bg-tint'
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-3 text-sm">
      {paging.page > 1 ? (
        <a href={paging.href(paging.page - 1)} rel="prev" className={link}>
          Previous
        </a>
      ) : null}
      <p>{`Page ${paging.page}`}</p>
      {paging.hasMore ? (
        <a href={paging.href(paging.page + 1)} rel="next" className={link}>
          Next
        </a>
      ) : null}
    </nav>
  )
}

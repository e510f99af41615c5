/** Which page of how many, and how to link to another page. */
export interface Paging {
  page: number
  limit: number
  total: number
  /** The URL of a page (page 1 without a `page` parameter, so it has one canonical URL). */
  href: (page: number) => string
}

/** The number of pages a result has (at least 1, so an empty result is page 1 of 1). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}

/** Previous and next links with where the shopper is; nothing when everything fits one page. */
export function Pagination({ paging, label }: { paging: Paging; label: string }) {
  const pages = pageCount(paging.total, paging.limit)
  if (pages <= 1) return null
  const link =
    'inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-black/15 hover:bg-tint'
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-3 text-sm">
      {paging.page > 1 ? (
        <a href={paging.href(paging.page - 1)} rel="prev" className={link}>
          Previous
        </a>
      ) : null}
      <p>{`Page ${paging.page} of ${pages}`}</p>
      {paging.page < pages ? (
        <a href={paging.href(paging.page + 1)} rel="next" className={link}>
          Next
        </a>
      ) : null}
    </nav>
  )
}

import { type OpenPaging, type Paging, pageCount } from '../../lib/paging.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export type { OpenPaging, Paging } from '../../lib/paging.ts'

/**
 * Previous and next links with where the shopper is: "Page 2 of 5" for a counted result, "Page 2"
 * for a listing that knows only whether a next page has items (ADR 031); nothing when everything
 * fits one page.
 */
export function Pagination({ paging, label }: { paging: Paging | OpenPaging; label: string }) {
  const text = useText()
  const pages = 'total' in paging ? pageCount(paging.total, paging.limit) : null
  const hasNext = 'hasMore' in paging ? paging.hasMore : paging.page < (pages ?? 1)
  if (paging.page <= 1 && !hasNext) return null
  const link =
    'inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-black/15 hover:bg-tint'
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-3 text-sm">
      {paging.page > 1 ? (
        <a href={paging.href(paging.page - 1)} rel="prev" className={link}>
          {text(MESSAGES.pagePrevious)}
        </a>
      ) : null}
      <p>
        {pages === null
          ? text(MESSAGES.pagePageNumber, paging.page)
          : text(MESSAGES.pagePageNOfM, paging.page, pages)}
      </p>
      {hasNext ? (
        <a href={paging.href(paging.page + 1)} rel="next" className={link}>
          {text(MESSAGES.pageNext)}
        </a>
      ) : null}
    </nav>
  )
}

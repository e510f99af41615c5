/** Which page of how many, and how to link to another page. */
export interface Paging {
  page: number
  limit: number
  total: number
  /** The URL of a page (page 1 without a `page` parameter, so it has one canonical URL). */
  href: (page: number) => string
}

/** Where a listing without a full count is (ADR 031), and how to link to another page. */
export interface OpenPaging {
  page: number
  hasMore: boolean
  /** The URL of a page (page 1 without a `page` parameter, so it has one canonical URL). */
  href: (page: number) => string
}

/** The number of pages a result has (at least 1, so an empty result is page 1 of 1). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}

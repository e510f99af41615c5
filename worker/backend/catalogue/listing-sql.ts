import type { CategoryFilters, CategorySort } from '../../../schemas/category-listing.ts'
import { MIN_REFERENCE_PRICE_DAYS } from './price-claims.ts'

/*
 * SQL fragments of a sorted, filtered category listing (ADR 034), over the item fragments of
 * items.ts (m = the item, s = the store's override). Statements using them bind ?7 = the instant
 * price claims are judged at (ISO 8601) and ?8 = the required tags as a JSON array.
 */

const PRICE = 'coalesce(s.price, m.price)'

/** The earlier price's columns as items.ts reads them: the store's row, else the item's. */
function wasColumn(column: 'was_price' | 'was_price_from' | 'was_price_until'): string {
  return `(case when s.was_price is not null then s.${column}
    when s.price is null then m.${column} end)`
}

/**
 * On offer: the item shows a genuine lower price, the rule of price-claims.ts in SQL (never
 * tobacco, which is never promoted). A pool test holds it to `genuineWasPrice`, item by item.
 */
export function onOfferSql(tobacco: string): string {
  const was = wasColumn('was_price')
  const from = `julianday(${wasColumn('was_price_from')})`
  const until = `julianday(${wasColumn('was_price_until')})`
  const at = 'julianday(?7)'
  return `(${tobacco} = 0 and ${was} > ${PRICE}
    and ${from} < ${until} and ${until} <= ${at}
    and ${until} - ${from} >= ${MIN_REFERENCE_PRICE_DAYS}
    and ${at} - ${until} <= ${until} - ${from})`
}

/** Every tag of ?8 is among the item's tags. */
const HAS_TAGS = `(select count(distinct t.value) from json_each(m.tags) t
    where t.value in (select value from json_each(?8))) = json_array_length(?8)`

/** The filters' condition ('1' when none), to AND with the item's sold condition. */
export function filtersSql(filters: CategoryFilters, tobacco: string): string {
  const parts: Array<string> = []
  if (filters.onOffer) parts.push(onOfferSql(tobacco))
  if (filters.tags.length > 0) parts.push(HAS_TAGS)
  return parts.length > 0 ? parts.join(' and ') : '1'
}

/**
 * ORDER BY of a sort other than relevance (relevance is the operator's order, read through the
 * category index). Ties fall back to name and id so every page boundary is stable; items with no
 * unit amount sort last by price per unit.
 */
export function orderBySql(sort: Exclude<CategorySort, 'relevance'>): string {
  switch (sort) {
    case 'price-low':
      return `${PRICE} asc, m.name collate nocase, m.id`
    case 'price-high':
      return `${PRICE} desc, m.name collate nocase, m.id`
    case 'unit-price':
      return `m.unit_amount is null, ${PRICE} / m.unit_amount, m.name collate nocase, m.id`
    case 'name':
      return 'm.name collate nocase, m.id'
  }
}

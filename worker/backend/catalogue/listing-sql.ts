import type { CategoryFilters, CategorySort } from '../../../schemas/category-listing.ts'
import { MIN_REFERENCE_PRICE_DAYS } from './price-claims.ts'

/*
 * SQL fragments of a sorted, filtered category listing (ADR 034), over the item fragments of
 * items.ts (m = the item, s = the store's override). Statements using them bind ?7 = the instant
 * price claims are judged at (ISO 8601), ?8 = the required tags and ?9 = the allergens to be free
 * from, each a JSON array.
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

/**
 * Free from every allergen of ?9: the item declares food information (an item that says nothing
 * is not known to be free from anything) and neither contains nor may contain any of them.
 */
const FREE_FROM = `(m.nutrition is not null or m.allergens_contains <> '[]'
    or m.allergens_may_contain <> '[]')
  and not exists (select 1 from json_each(m.allergens_contains) a
    where a.value in (select value from json_each(?9)))
  and not exists (select 1 from json_each(m.allergens_may_contain) a
    where a.value in (select value from json_each(?9)))`

/** The filters' condition ('1' when none), to AND with the item's sold condition. */
export function filtersSql(filters: CategoryFilters, tobacco: string): string {
  const parts: Array<string> = []
  if (filters.onOffer) parts.push(onOfferSql(tobacco))
  if (filters.tags.length > 0) parts.push(HAS_TAGS)
  if (filters.freeFrom.length > 0) parts.push(FREE_FROM)
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

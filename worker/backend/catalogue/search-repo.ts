import { SEARCH_TOTAL_CAP } from '../../../schemas/catalogue.ts'
import type { SearchRanking } from './fts-query.ts'
import { ITEM_COLUMNS, ITEM_FROM, ITEM_SOLD, type ItemRow } from './items.ts'
import {
  DEAL_COLUMNS,
  dealLive,
  rows,
  statement,
  STORE_EXISTS,
  total,
  type DealRow,
  type SearchCategoryRow,
} from './repo.ts'

/*
 * The global search's SQL (ADR 031). Ranking every full-text match and joining each to its item
 * is what a broad term costs ("ch" matches a quarter of a 100,000-item catalogue), so the item
 * page ranks the matches inside the FTS5 index alone, keeps the best few and reads only those
 * items; the item total is counted up to SEARCH_TOTAL_CAP and no further.
 */

export interface SearchQuery {
  businessId: number
  storeId: number
  /** An FTS5 expression from ftsMatchExpression, never the raw term (categories and deals). */
  match: string
  /** The items' expression (itemMatchExpression): the words, and the free-from allergens. */
  itemMatch: string
  /** The term, trimmed and lower-cased: an exact name match ranks first. */
  exact: string
  /** What ranks whole words and the item's own kind above bm25 (searchRanking). */
  ranking: SearchRanking
  items: { limit: number; offset: number }
  categories: { limit: number; offset: number }
  deals: { limit: number; offset: number }
  now: string
}

// bm25 column weights: a word in the name counts most, then tags and category, then description;
// the allergens column only filters, so it weighs nothing.
const ITEM_RANK = 'bm25(menu_items_fts, 10.0, 1.0, 4.0, 2.0, 0.0)'
const NAMED_RANK = (table: string) => `bm25(${table}, 10.0, 1.0)`

/*
 * The match's tier (searchRanking): 0 its own kind, 1 the term is its name's head noun, 2 a
 * whole-word name match, 3 the rest. Read from the FTS row and two uncorrelated sets (the
 * whole-word matches, the kind's items), so the window is still ranked without item rows.
 */
const ITEM_TIER = `case
  when menu_items_fts.rowid not in (
    select rowid from menu_items_fts where menu_items_fts match ?14) then 3
  when menu_items_fts.rowid in (
    select kind_item.id from categories kind
      join menu_items kind_item on kind_item.category_id = kind.id
    where kind.business_id = ?2 and lower(kind.name) in (?15, ?16)) then 0
  when ' ' || lower(menu_items_fts.name) glob ?17 or ' ' || lower(menu_items_fts.name) glob ?18
    or ' ' || lower(menu_items_fts.name) glob ?19 or ' ' || lower(menu_items_fts.name) glob ?20
    then 1
  else 2
end`

// Matches ranked beyond the page: room for items the store does not sell among the best ones.
const RANKED_MARGIN = 48

/** The FROM and WHERE of the items sold at the store that match; the count's and the fallback's. */
export const ITEM_SEARCH_FROM = `from menu_items_fts, ${ITEM_FROM}
  where m.id = menu_items_fts.rowid and menu_items_fts match ?3 and ${ITEM_SOLD}`

/**
 * Every match ranked: an item named exactly as the term first, then by bm25, then by id. Run only
 * when the ranked window below held too few items the store sells to fill the page.
 */
const ITEM_SEARCH_ALL_SQL = `select ${ITEM_COLUMNS} ${ITEM_SEARCH_FROM}
  order by lower(m.name) = ?4 desc, ${ITEM_TIER}, ${ITEM_RANK}, m.id limit ?5 offset ?6`

// The best ?12 matches by tier and bm25 (then id), ranked in the index alone: no item row is read.
const RANKED_MATCHES = `select rowid as id, ${ITEM_TIER} as tier, ${ITEM_RANK} as score
  from menu_items_fts where menu_items_fts match ?3 order by tier, score, rowid limit ?12`

// The matches named exactly as the term, by the menu_items_name index, with their bm25; read
// twice below, so materialized once.
const NAMED_MATCHES = `select rowid as id, ${ITEM_TIER} as tier, ${ITEM_RANK} as score
  from menu_items_fts
  where menu_items_fts match ?3
    and rowid in (select id from menu_items where lower(name) = ?4 and business_id = ?2)`

/**
 * The item search's page statement (also shown by the benchmark's EXPLAIN QUERY PLAN): the items
 * named exactly as the term and the best ranked matches, in the order ITEM_SEARCH_ALL_SQL gives
 * them, so its pages are the same while the window holds them. CROSS JOIN keeps the candidates
 * the outer loop: without table statistics SQLite otherwise walked every item of the business.
 */
export const ITEM_SEARCH_SQL = `with named(id, tier, score) as materialized (${NAMED_MATCHES}),
  candidates(id, exact, tier, score) as (
    select id, 1, tier, score from named
    union all
    select id, 0, tier, score from (${RANKED_MATCHES}) where id not in (select id from named)
  )
  select ${ITEM_COLUMNS} from candidates cross join ${ITEM_FROM}
  where m.id = candidates.id and ${ITEM_SOLD}
  order by candidates.exact desc, candidates.tier, candidates.score, m.id limit ?5 offset ?6`

/**
 * The items sold that match, counted up to ?13 (the cap and one more, so "more than the cap" is
 * known), and the matches counted up to ?12 (all of them ranked, or the window cut some off).
 */
const ITEM_COUNT_SQL = `select
  (select count(*) from (select 1 ${ITEM_SEARCH_FROM} limit ?13)) as total,
  (select count(*) from (
    select 1 from menu_items_fts where menu_items_fts match ?3 limit ?12)) as matches`

interface ItemCountRow {
  total: number
  matches: number
}

/**
 * The numbered parameters every statement of the search shares (?1 to ?21). Exported so the
 * catalogue-search bench explains the query plan with the values the route binds.
 */
export function searchParams(query: SearchQuery): Array<string | number> {
  const { limit, offset } = query.items
  // ?3 is the items' match; ?21 the plain words the categories' and deals' indexes are asked.
  return [
    query.storeId,
    query.businessId,
    query.itemMatch,
    query.exact,
    limit,
    offset,
    query.categories.limit,
    query.categories.offset,
    query.deals.limit,
    query.deals.offset,
    query.now,
    rankedWindow(query.items),
    SEARCH_TOTAL_CAP + 1,
    query.ranking.wholeWordsInName,
    query.ranking.kinds[0],
    query.ranking.kinds[1],
    ...query.ranking.headNouns,
    query.match,
  ]
}

/** The window of best matches ranked for a page (?12): twice the page's end and a margin. */
function rankedWindow(items: SearchQuery['items']): number {
  return 2 * (items.offset + items.limit) + RANKED_MARGIN
}

export async function searchCatalogue(db: D1Database, query: SearchQuery) {
  const { limit } = query.items
  const ranked = rankedWindow(query.items)
  const params = searchParams(query)
  // Categories with something to sell here; `in (…)` keeps the item index usable (an `or` on
  // m.category_id made a broad term like "ch" scan every item: 200 ms at 100,000 items).
  const categoriesFrom = `from categories_fts join categories k on k.id = categories_fts.rowid
    where categories_fts match ?21 and k.business_id = ?2 and k.is_active = 1
      and exists (
        select 1 from ${ITEM_FROM} where ${ITEM_SOLD} and m.category_id in (
          select id from categories where id = k.id or (parent_id = k.id and is_active = 1)
        )
      )`
  const dealsFrom = `from deals_fts join deals d on d.id = deals_fts.rowid
    where deals_fts match ?21 and ${dealLive('?11')}`
  const [store, items, itemCount, categories, categoryCount, deals, dealCount] = await db.batch([
    statement(db, STORE_EXISTS, params),
    statement(db, ITEM_SEARCH_SQL, params),
    statement(db, ITEM_COUNT_SQL, params),
    statement(
      db,
      `select k.id, k.slug, k.name, k.image_url ${categoriesFrom}
       order by lower(k.name) = ?4 desc, ${NAMED_RANK('categories_fts')}, k.id
       limit ?7 offset ?8`,
      params
    ),
    statement(db, `select count(*) as total ${categoriesFrom}`, params),
    statement(
      db,
      `select ${DEAL_COLUMNS} ${dealsFrom}
       order by lower(d.name) = ?4 desc, ${NAMED_RANK('deals_fts')}, d.id limit ?9 offset ?10`,
      params
    ),
    statement(db, `select count(*) as total ${dealsFrom}`, params),
  ])
  const counts = rows<ItemCountRow>(itemCount)[0] ?? { total: 0, matches: 0 }
  let itemRows = rows<ItemRow>(items)
  // A short page is the last one unless the window left matches out: then rank them all.
  if (itemRows.length < limit && counts.matches >= ranked) {
    itemRows = rows<ItemRow>(await statement(db, ITEM_SEARCH_ALL_SQL, params).all())
  }
  return {
    storeFound: rows(store).length > 0,
    items: itemRows,
    itemTotal: Math.min(counts.total, SEARCH_TOTAL_CAP),
    itemTotalCapped: counts.total > SEARCH_TOTAL_CAP,
    categories: rows<SearchCategoryRow>(categories),
    categoryTotal: total(categoryCount),
    deals: rows<DealRow>(deals),
    dealTotal: total(dealCount),
  }
}

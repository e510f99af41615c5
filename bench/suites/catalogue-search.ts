// Catalogue search at scale: POST /api/catalogue/search on the demo catalogue (2,317 items) and on
// 100,000 items, by one word, two words and short prefixes, at 1 and 8 connections; then the
// query plan of the item search. Each request carries a fresh `benchNonce` input: the proxy keys
// its KV cache on every input, so nothing is answered from KV, while the backend's schema drops
// the unknown field, so each figure is a real FTS5 search on D1.
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'
import {
  buildLargeState,
  importedWorkerExport,
  importedWorkerSql,
  pick,
  loadDatasets,
  printLoadRows,
} from '../lib/post-load.ts'
import { benchWranglerConfig } from '../lib/server.ts'

export interface CatalogueSearchSuiteOptions {
  root: string
  /** The seeded demo state. */
  demoStateDir: string
  /** Where the 100,000-item state is built (replaced on every run). */
  largeStateDir: string
  seconds: number
  warmupSeconds: number
}

const LARGE_ITEMS = 100_000
// Few stores: the suite is about items; the store-search suite measures 10,000 stores.
const LARGE_STORES = 20
const STORE_ID = 1
const BUSINESS_ID = 1

const TERMS = {
  '1 word': ['milk', 'bread', 'chicken', 'cheese', 'coffee', 'apples', 'pizza', 'wine'],
  '2 words': [
    'semi skimmed',
    'orange juice',
    'chicken breast',
    'white bread',
    'red wine',
    'greek yoghurt',
  ],
  prefix: ['ch', 'ban', 'choc', 'yog', 'sau', 'or', 'mil', 'pot'],
} as const satisfies Record<string, ReadonlyArray<string>>

type Mode = keyof typeof TERMS

const totalItems = (answer: unknown): number => (answer as { items: { total: number } }).items.total

// wrangler's --command binds nothing, so the values the route would bind are inlined, built by
// the repo's own functions: "chicken" at store 1, page 1.
async function explainItemSearch(root: string, stateDir: string): Promise<void> {
  const limit = 24
  const term = 'chicken'
  const ftsQuery = 'worker/backend/catalogue/fts-query.ts'
  const searchRepo = 'worker/backend/catalogue/search-repo.ts'
  const ftsMatchExpression = await workerFunction<(term: string) => string | null>(
    root,
    ftsQuery,
    'ftsMatchExpression'
  )
  const itemMatchExpression = await workerFunction<
    (words: string, freeFrom: ReadonlyArray<string>) => string
  >(root, ftsQuery, 'itemMatchExpression')
  const searchRanking = await workerFunction<(term: string) => unknown>(
    root,
    ftsQuery,
    'searchRanking'
  )
  const searchParams = await workerFunction<(query: object) => Array<string | number>>(
    root,
    searchRepo,
    'searchParams'
  )
  const match = ftsMatchExpression(term)
  const ranking = searchRanking(term)
  if (match === null || ranking === null) throw new Error(`"${term}" is not searchable`)
  const params = searchParams({
    businessId: BUSINESS_ID,
    storeId: STORE_ID,
    match,
    itemMatch: itemMatchExpression(match, []),
    exact: term,
    ranking,
    items: { limit, offset: 0 },
    categories: { limit: 10, offset: 0 },
    deals: { limit: 10, offset: 0 },
    now: new Date(0).toISOString(),
  })
  const literal = (index: number): string => {
    const value = params[index - 1]
    if (value === undefined) throw new Error(`no value for ?${index}`)
    return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`
  }
  const sql = (await importedWorkerSql(root, searchRepo, 'ITEM_SEARCH_SQL'))
    .replace(/\s+/g, ' ')
    .replace(/\?(\d+)/g, (_, index: string) => literal(Number(index)))
  const plan = queryLocalD1(stateDir, `explain query plan ${sql}`)
  console.log(`\nItem search query plan (${LARGE_ITEMS.toLocaleString('en-GB')} items, "chicken"):`)
  for (const row of plan) console.log(`  ${String(row.detail)}`)
  const [counts] = queryLocalD1(
    stateDir,
    `select (select count(*) from menu_items) as items,
       (select count(*) from menu_items_fts where menu_items_fts match ${literal(3)}) as matches`
  )
  console.log(
    `  FTS matches: ${String(counts?.matches)} of ${String(counts?.items)} items (ranked in the index; ${literal(12)} items read for the page of ${limit})`
  )
}

/** A function exported by a worker module, its signature stated by the caller. */
async function workerFunction<F>(root: string, file: string, name: string): Promise<F> {
  const value = await importedWorkerExport(root, file, name)
  if (typeof value !== 'function') throw new Error(`${name} is not a function exported by ${file}`)
  return value as F
}

/** Runs the catalogue-search benchmark and prints its table and the item search plan. */
export async function runCatalogueSearchSuite(options: CatalogueSearchSuiteOptions): Promise<void> {
  const { root, seconds, warmupSeconds } = options
  buildLargeState(root, options.largeStateDir, { stores: LARGE_STORES, items: LARGE_ITEMS })
  const configPath = benchWranglerConfig(root)
  const datasets = [
    { label: 'demo (2,317 items)', stateDir: options.demoStateDir, port: 8795 },
    {
      label: `${LARGE_ITEMS.toLocaleString('en-GB')} items`,
      stateDir: options.largeStateDir,
      port: 8796,
    },
  ]
  const rows = await loadDatasets({
    name: 'catalogue-search',
    configPath,
    datasets,
    path: '/api/catalogue/search',
    modes: Object.keys(TERMS) as Array<Mode>,
    body: (mode) => ({
      storeId: STORE_ID,
      searchTerm: pick(TERMS[mode]),
      benchNonce: crypto.randomUUID(),
    }),
    measure: totalItems,
    seconds,
    warmupSeconds,
  })

  printLoadRows(
    `Catalogue search, POST /api/catalogue/search (wrangler dev, NODE_ENV=production; ${seconds} s per row after ${warmupSeconds} s warm-up; no KV hits)`,
    { mode: 'terms', measure: 'mean total (≤ 1,000)', measureDigits: 0 },
    rows
  )
  await explainItemSearch(root, options.largeStateDir)
}

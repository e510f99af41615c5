// Catalogue search at scale: POST /api/catalogue/search on the demo catalogue (2,317 items) and on
// 100,000 items, by one word, two words and short prefixes, at 1 and 8 connections; then the
// query plan of the item search. Each request carries a fresh `benchNonce` input: the proxy keys
// its KV cache on every input, so nothing is answered from KV, while the backend's schema drops
// the unknown field, so each figure is a real FTS5 search on D1.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'
import { benchWranglerConfig, startWranglerDev, type RunningServer } from '../lib/server.ts'

export interface CatalogueSearchSuiteOptions {
  root: string
  /** The seeded demo state. */
  demoStateDir: string
  /** Where the 100,000-item state is built (replaced on every run). */
  largeStateDir: string
  seconds: number
  warmupSeconds: number
}

interface Figures {
  requestsPerSecond: number
  p50: number
  p95: number
  count: number
  non2xx: number
  meanTotal: number
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

function pick<T>(items: ReadonlyArray<T>): T {
  const item = items[Math.floor(Math.random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

function percentile(sorted: ReadonlyArray<number>, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/** A closed loop per connection, as in the store-search suite: each request has its own body. */
async function load(url: string, mode: Mode, connections: number, seconds: number) {
  const latencies: Array<number> = []
  let non2xx = 0
  let totals = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  const loop = async () => {
    while (performance.now() < deadline) {
      const body = JSON.stringify({
        storeId: STORE_ID,
        searchTerm: pick(TERMS[mode]),
        benchNonce: crypto.randomUUID(),
      })
      const sent = performance.now()
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(url).origin },
        body,
      })
      const text = await res.text()
      latencies.push(performance.now() - sent)
      if (res.status !== 200) non2xx++
      else totals += (JSON.parse(text) as { items: { total: number } }).items.total
    }
  }
  await Promise.all(Array.from({ length: connections }, loop))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    count: latencies.length,
    non2xx,
    meanTotal: totals / Math.max(1, latencies.length - non2xx),
  } satisfies Figures
}

function buildLargeState(root: string, stateDir: string): void {
  const started = performance.now()
  rmSync(stateDir, { recursive: true, force: true })
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'scripts', 'generate-large.ts'),
      '--state-dir',
      stateDir,
      '--stores',
      String(LARGE_STORES),
      '--items',
      String(LARGE_ITEMS),
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } }
  )
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr)
    throw new Error('generate-large failed')
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`bench: ${LARGE_ITEMS.toLocaleString('en-GB')} items loaded in ${seconds} s`)
}

/**
 * The item search statement exactly as the worker runs it, assembled from the constants of its
 * source files (the worker's modules need Workers types this Node project does not load).
 */
function itemSearchSql(root: string): string {
  const sources = ['repo.ts', 'items.ts']
    .map((file) => readFileSync(join(root, 'worker', 'backend', 'catalogue', file), 'utf8'))
    .join('\n')
  const constant = (name: string): string => {
    const match =
      new RegExp(`const ${name} = \`([^\`]*)\``).exec(sources) ??
      new RegExp(`const ${name} = '([^']*)'`).exec(sources)
    if (match?.[1] === undefined) throw new Error(`${name} not found in worker/backend/catalogue`)
    return match[1].replace(/\$\{(\w+)\}/g, (_, inner: string) => constant(inner))
  }
  return constant('ITEM_SEARCH_SQL').replace(/\s+/g, ' ')
}

// wrangler's --command binds nothing, so the values are inlined: "chicken" at store 1, page 1.
function explainItemSearch(root: string, stateDir: string): void {
  const values = [
    String(STORE_ID),
    String(BUSINESS_ID),
    `'("chicken" OR "chicken"*)'`,
    `'chicken'`,
    '24',
    '0',
  ]
  const sql = itemSearchSql(root).replace(/\?(\d+)/g, (_, index: string) => {
    const value = values[Number(index) - 1]
    if (value === undefined) throw new Error(`no value for ?${index}`)
    return value
  })
  const plan = queryLocalD1(stateDir, `explain query plan ${sql}`)
  console.log(`\nItem search query plan (${LARGE_ITEMS.toLocaleString('en-GB')} items, "chicken"):`)
  for (const row of plan) console.log(`  ${String(row.detail)}`)
  const [counts] = queryLocalD1(
    stateDir,
    `select (select count(*) from menu_items) as items,
       (select count(*) from menu_items_fts where menu_items_fts match ${values[2]}) as matches`
  )
  console.log(
    `  FTS matches: ${String(counts?.matches)} of ${String(counts?.items)} items (the page is 24)`
  )
}

/** Runs the catalogue-search benchmark and prints its table and the item search plan. */
export async function runCatalogueSearchSuite(options: CatalogueSearchSuiteOptions): Promise<void> {
  const { root, seconds, warmupSeconds } = options
  buildLargeState(root, options.largeStateDir)
  const configPath = benchWranglerConfig(root)
  const datasets = [
    { label: 'demo (2,317 items)', stateDir: options.demoStateDir, port: 8795 },
    {
      label: `${LARGE_ITEMS.toLocaleString('en-GB')} items`,
      stateDir: options.largeStateDir,
      port: 8796,
    },
  ]
  const rows: Array<{ label: string; mode: Mode; connections: number; figures: Figures }> = []
  for (const dataset of datasets) {
    let server: RunningServer | null = null
    try {
      server = await startWranglerDev({
        name: `catalogue-search ${dataset.label}`,
        configPath,
        port: dataset.port,
        persistTo: dataset.stateDir,
      })
      const url = `${server.origin}/api/catalogue/search`
      for (const mode of Object.keys(TERMS) as Array<Mode>) {
        for (const connections of [1, 8]) {
          if (warmupSeconds > 0) await load(url, mode, connections, warmupSeconds)
          const figures = await load(url, mode, connections, seconds)
          rows.push({ label: dataset.label, mode, connections, figures })
        }
      }
    } finally {
      await server?.stop()
    }
  }

  console.log(
    `\nCatalogue search, POST /api/catalogue/search (wrangler dev, NODE_ENV=production; ${seconds} s per row after ${warmupSeconds} s warm-up; no KV hits)`
  )
  console.log(
    ['dataset', 'terms', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'requests', 'non-200', 'mean total']
      .map((cell, index) => (index === 0 ? cell.padEnd(20) : cell.padStart(12)))
      .join('')
  )
  for (const { label, mode, connections, figures } of rows) {
    console.log(
      [
        label.padEnd(20),
        mode.padStart(12),
        String(connections).padStart(12),
        figures.requestsPerSecond.toFixed(0).padStart(12),
        figures.p50.toFixed(1).padStart(12),
        figures.p95.toFixed(1).padStart(12),
        String(figures.count).padStart(12),
        String(figures.non2xx).padStart(12),
        figures.meanTotal.toFixed(0).padStart(12),
      ].join('')
    )
  }
  explainItemSearch(root, options.largeStateDir)
}

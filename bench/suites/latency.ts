import { withAppVersionCookie } from '../lib/expect-status.ts'
import {
  latencyTable,
  NEAR_THE_DATA,
  NEAR_THE_SHOPPER,
  type LatencyRow,
  type Placement,
} from '../lib/latency-figures.ts'
import { benchTwoWorkerConfigs, startWranglerDev } from '../lib/server.ts'
import { fillBasket, type BasketFixture } from './basket.ts'
import { expectCacheState } from './ssr.ts'

/*
 * The latency bench (issue 39, ADR 046): the storefront and the backend Worker in one
 * `wrangler dev`, BACKEND between them as deployed, with STOREFRONT_LATENCY adding a delay to each
 * storefront→backend call and each backend→D1 statement or batch. Run once with the backend near
 * the data (a long hop, short statements) and once beside the shopper (a short hop, every
 * statement the long way), it prints each page's p50 and p95 as one shopper waits for them, one
 * request after another: public pages from the page cache (hit) and rendered (miss, a new query
 * each time, the data from KV as in a warm shop), and the basket page, which is personal and
 * calls the backend every time.
 */

export interface LatencyFixture {
  root: string
  stateDir: string
  storeId: number
  storeSlug: string
  itemIds: Array<number>
}

interface Page {
  label: string
  path: string
  cache?: 'hit' | 'miss'
  personal?: boolean
}

function pagesOf(storeSlug: string): Array<Page> {
  const publicPages = [
    ['home /', '/'],
    ['store /stores/…', `/stores/${storeSlug}`],
    ['category …/fruit-veg', `/stores/${storeSlug}/category/fruit-veg`],
  ] as const
  return [
    ...publicPages.flatMap(([label, path]) =>
      (['hit', 'miss'] as const).map((cache) => ({ label: `${label} (${cache})`, path, cache }))
    ),
    { label: 'basket /basket (personal, 10 lines)', path: '/basket', personal: true },
  ]
}

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now()
  const response = await fetch(url, { headers, redirect: 'manual' })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${url}: answered ${response.status}, not 200`)
  return performance.now() - started
}

/** Each page's times, `requests` one after another, after a few unmeasured ones. */
async function timesUnder(
  placement: Placement,
  fixture: LatencyFixture,
  requests: number
): Promise<Map<string, Array<number>>> {
  const configs = benchTwoWorkerConfigs(fixture.root, { STOREFRONT_LATENCY: placement.latency })
  const server = await startWranglerDev({
    name: `two workers, ${placement.label}`,
    configPath: configs.storefront,
    moreConfigPaths: [configs.backend],
    port: 8795,
    persistTo: fixture.stateDir,
  })
  try {
    const basketFixture: BasketFixture = {
      origin: server.origin,
      storeId: fixture.storeId,
      itemIds: fixture.itemIds,
    }
    const basket = await fillBasket(basketFixture, 10)
    const personal = { cookie: withAppVersionCookie(basket.cookie) }
    const times = new Map<string, Array<number>>()
    for (const page of pagesOf(fixture.storeSlug)) {
      const url = new URL(page.path, server.origin).href
      const headers = page.personal ? personal : {}
      const unique = () =>
        page.cache === 'miss' ? `${url}?bench-probe=${crypto.randomUUID()}` : url
      if (page.cache) await expectCacheState(url, page.cache)
      for (let warm = 0; warm < 3; warm++) await timedGet(unique(), headers)
      const measured: Array<number> = []
      for (let index = 0; index < requests; index++) {
        measured.push(await timedGet(unique(), headers))
      }
      times.set(page.label, measured)
    }
    return times
  } finally {
    await server.stop()
  }
}

export async function runLatencySuite(
  fixture: LatencyFixture,
  options: { requests: number }
): Promise<void> {
  const placements = [NEAR_THE_DATA, NEAR_THE_SHOPPER]
  const byPlacement = new Map<string, Map<string, Array<number>>>()
  for (const placement of placements) {
    console.log(`latency: ${placement.label} (STOREFRONT_LATENCY=${placement.latency})`)
    byPlacement.set(placement.label, await timesUnder(placement, fixture, options.requests))
  }
  const rows: Array<LatencyRow> = pagesOf(fixture.storeSlug).map(({ label }) => ({
    page: label,
    times: Object.fromEntries(
      placements.map((placement) => [
        placement.label,
        byPlacement.get(placement.label)?.get(label) ?? [],
      ])
    ),
  }))
  console.log(
    `\nLatency: a backend near the data against one beside the shopper (${options.requests} requests a row, one at a time)`
  )
  console.log(latencyTable(rows, placements))
}

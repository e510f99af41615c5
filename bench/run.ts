// `npm run bench`: builds the storefront for production, seeds a benchmark database, serves the
// storefront and a hello-world Worker under the same harness (`wrangler dev`, NODE_ENV=production)
// and prints figures. It is not a test, but a row whose answers are not the status it expects
// (e.g. a redirect instead of the page) stops the run with a non-zero exit.
import { execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { queryD1 } from '../scripts/lib/wrangler.ts'
import { withAppVersionCookie } from './lib/expect-status.ts'
import { locationCookie } from './lib/location-cookie.ts'
import { benchWranglerConfig, startWranglerDev, type RunningServer } from './lib/server.ts'
import { fillBasket, runBasketSuite, type BasketFixture } from './suites/basket.ts'
import { runCheckoutSuite } from './suites/checkout.ts'
import { runCatalogueSearchSuite } from './suites/catalogue-search.ts'
import { runJsBytesSuite } from './suites/js-bytes.ts'
import { runLatencySuite } from './suites/latency.ts'
import { runSsrSuite, type SsrTarget } from './suites/ssr.ts'
import { runStoreSearchSuite } from './suites/store-search.ts'
import {
  prepareStoreManager,
  prepareStoreOrders,
  runStoreOrdersSuite,
} from './suites/store-orders.ts'
import { runOutboxFaultsSuite } from './suites/outbox-faults.ts'
import { prepareTrackingFanout, runTrackingFanoutSuite } from './suites/tracking-fanout.ts'
import { runShardsSuite } from './suites/shards.ts'
import { runShardsWorkerSuite } from './suites/shards-worker.ts'
import { resolveLocalhostNames } from './lib/localhost-names.ts'
import { HARBOUR_BUSINESS } from '../scripts/demo-data/harbour.ts'

const root = resolve(import.meta.dirname, '..')
// A central Manchester postcode: the results page lists the four stores there.
const RESULTS_PATH = '/stores-near-by/M1%201AE'
// A department page (24 items of its sub-categories) and an item with options, in the first store.
const categoryPath = (store: string) => `/stores/${store}/category/fruit-veg`
const itemPath = (store: string) => `/stores/${store}/category/deli-sandwiches/build-your-own-sub`
const stateDir = resolve(root, '.wrangler/bench-state')
const largeStateDir = resolve(root, '.wrangler/bench-state-large')
const catalogueStateDir = resolve(root, '.wrangler/bench-state-catalogue')
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const SUITES = [
  'ssr',
  'js-bytes',
  'basket',
  'checkout',
  'store-orders',
  'tracking-fanout',
  'store-search',
  'catalogue-search',
  'outbox-faults',
  'shards',
  'shards-worker',
  'latency',
]
// Suites with servers of their own: the shared storefront is not started for them alone.
const OWN_SERVERS = ['store-search', 'catalogue-search', 'outbox-faults', 'shards', 'latency']
// Suites that need neither the demo data nor a build: an in-memory runtime of their own.
const STANDALONE = ['shards']
// `npm run bench -- outbox-faults basket` or BENCH_SUITES=checkout,basket runs only those; all of
// them by default.
const named = process.argv.slice(2).length
  ? process.argv.slice(2)
  : process.env.BENCH_SUITES?.split(',')
const selected = new Set(named?.map((name) => name.trim()) ?? SUITES)
for (const name of selected) {
  if (!SUITES.includes(name))
    throw new Error(`BENCH_SUITES: no suite ${name} (${SUITES.join(', ')})`)
}

function run(command: string, args: Array<string>, env: Record<string, string> = {}): string {
  return execFileSync(command, args, {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}

/** A statement on a shard of the benchmark's state (DB unless named). */
function queryBench(sql: string, shard = 'DB'): Array<Record<string, unknown>> {
  return queryD1({ remote: false, persistTo: stateDir }, sql, shard)
}

/** The first active store of a shard (of the business, when named). */
function firstStore(shard = 'DB', businessId?: number): { id: number; slug: string } {
  const [row] = queryBench(
    `select id, slug from stores where is_active = 1
     ${businessId === undefined ? '' : `and business_id = ${businessId}`} order by id limit 1`,
    shard
  )
  if (typeof row?.slug !== 'string' || typeof row.id !== 'number') {
    throw new Error('the benchmark database has no store')
  }
  return { id: row.id, slug: row.slug }
}

/**
 * Opens the first store all day for every method, so basket and slot figures do not depend on the
 * hour the benchmark runs, and answers simple items it sells (no options, limits or age check).
 */
function prepareBasketStore(storeId: number, shard = 'DB'): Array<number> {
  queryBench(
    `update store_opening_hours set opens_at = '00:00', closes_at = '23:59'
     where store_id = ${storeId}`,
    shard
  )
  const rows = queryBench(
    `select m.id from menu_items m
     left join store_menu_items s on s.store_id = ${storeId} and s.menu_item_id = m.id
     where m.is_active = 1 and m.add_to_basket_type = 'simple' and m.age_restriction is null
       and m.max_quantity is null and m.out_of_stock = 0 and coalesce(s.is_available, 1) = 1
       and coalesce(s.out_of_stock, 0) = 0
       and m.business_id = (select business_id from stores where id = ${storeId})
     order by m.id limit 40`,
    shard
  )
  return rows.map((row) => Number(row.id))
}

/**
 * Room in every slot of the store for the checkout suite (and the latency suite's orders): each
 * cash order keeps its slot place, and the run places hundreds of them (the demo's 8 a slot would
 * fill the week first).
 */
function prepareCheckoutStore(storeId: number, shard = 'DB'): void {
  queryBench(`update stores set slot_capacity = 100000 where id = ${storeId}`, shard)
}

/**
 * Harbour Pantry, the demo business on the second shard (ADR 047): its first store made ready as
 * the first business's is, for the shards-worker suite.
 */
function prepareHarbour(): { id: number; slug: string; itemIds: Array<number> } {
  const store = firstStore('SHARD_2', HARBOUR_BUSINESS.id)
  const itemIds = prepareBasketStore(store.id, 'SHARD_2')
  prepareCheckoutStore(store.id, 'SHARD_2')
  return { ...store, itemIds }
}

async function main(): Promise<void> {
  if (selected.has('shards')) await runShardsSuite(seconds)
  if ([...selected].every((name) => STANDALONE.includes(name))) return
  rmSync(stateDir, { recursive: true, force: true })
  // Before the build: on a fresh checkout it writes .dev.vars, which the build copies.
  console.log('bench: seeding demo data')
  run('node', ['scripts/setup-local.ts'], { STOREFRONT_STATE_DIR: stateDir })
  // BENCH_REUSE_BUILD=1 keeps dist/ from an earlier run of the same code (a quicker second run).
  if (process.env.BENCH_REUSE_BUILD === '1' && existsSync(resolve(root, 'dist/storefront'))) {
    console.log('bench: reusing the production build in dist/')
  } else {
    console.log('bench: building for production')
    run('npx', ['vite', 'build'], { NODE_ENV: 'production' })
  }
  const { id: storeId, slug: storeSlug } = firstStore()
  const itemIds = prepareBasketStore(storeId)
  if (
    ['checkout', 'outbox-faults', 'shards-worker', 'latency'].some((name) => selected.has(name))
  ) {
    prepareCheckoutStore(storeId)
  }
  const harbour = selected.has('shards-worker') ? prepareHarbour() : null
  const faultsLogin = selected.has('outbox-faults') ? prepareStoreManager(stateDir, storeId) : null
  const staffLogin = selected.has('store-orders') ? prepareStoreOrders(stateDir, storeId) : null
  const tracking = selected.has('tracking-fanout') ? prepareTrackingFanout(stateDir, storeId) : null

  const servers: Array<RunningServer> = []
  const sharedServer = [...selected].some((name) => !OWN_SERVERS.includes(name))
  try {
    if (sharedServer)
      await runSharedServerSuites(
        servers,
        storeId,
        storeSlug,
        itemIds,
        staffLogin,
        tracking,
        harbour
      )
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
  await runOwnServerSuites(storeId, itemIds, faultsLogin)
  if (selected.has('latency')) {
    await runLatencySuite(
      { root, stateDir, storeId, storeSlug, itemIds },
      { requests: Number(process.env.BENCH_LATENCY_REQUESTS ?? 20) }
    )
  }
}

/**
 * The ssr suite's pages, or those BENCH_SSR_ROWS names (comma-separated label beginnings, in
 * that order, a name given twice measured twice): e.g. `basket,time slots,basket,time slots`
 * puts two pages' rows back to back, twice, on a machine whose load moves between minutes.
 */
function ssrRows(targets: Array<SsrTarget>): Array<SsrTarget> {
  const names = process.env.BENCH_SSR_ROWS?.split(',').map((name) => name.trim())
  if (!names) return targets
  return names.map((name) => {
    const target = targets.find((candidate) => candidate.label.startsWith(name))
    if (!target) throw new Error(`BENCH_SSR_ROWS: no ssr row starts "${name}"`)
    return target
  })
}

/** The suites served by one storefront (and the hello-world Workers beside it). */
async function runSharedServerSuites(
  servers: Array<RunningServer>,
  storeId: number,
  storeSlug: string,
  itemIds: Array<number>,
  staffLogin: ReturnType<typeof prepareStoreOrders> | null,
  tracking: ReturnType<typeof prepareTrackingFanout> | null,
  harbour: ReturnType<typeof prepareHarbour> | null
): Promise<void> {
  {
    const storefront = await startWranglerDev({
      name: 'storefront',
      configPath: benchWranglerConfig(root),
      port: 8791,
      persistTo: stateDir,
    })
    servers.push(storefront)
    const hello = await startWranglerDev({
      name: 'hello-world',
      configPath: 'bench/hello-world/wrangler.toml',
      port: 8792,
    })
    servers.push(hello)
    // The same Worker behind wrangler's asset router, as the storefront is: the floor of any
    // Worker that serves a client build on this harness.
    const helloAssets = await startWranglerDev({
      name: 'hello-world-assets',
      configPath: 'bench/hello-world/wrangler.assets.toml',
      port: 8790,
    })
    servers.push(helloAssets)
    console.log(`bench: harness wrangler dev (NODE_ENV=production), node ${process.version}`)
    const fixture: BasketFixture = { origin: storefront.origin, storeId, itemIds }
    const basket = await fillBasket(fixture, 10)
    // What a real shopper's browser sends: without this app version's cookie the pages would clear
    // the location and basket state first (spec §4 Sessions) and the time slots page redirect.
    const personal = {
      cookie: withAppVersionCookie(`${basket.cookie}; ${await locationCookie(storefront.origin)}`),
    }

    if (selected.has('ssr')) {
      await runSsrSuite(
        ssrRows([
          // The harness's floor for a page that reads its data in one KV wave: the store home's
          // is seven reads (ADR 035), before any rendering.
          { label: 'floor: hello + assets + 1 KV read', server: helloAssets, path: '/kv/1' },
          { label: 'floor: hello + assets + 7 KV reads', server: helloAssets, path: '/kv/7' },
          // Each public page from the page cache (hit), then rendered (miss) (ADR 042).
          ...(
            [
              ['home /', '/'],
              [`store /stores/${storeSlug}`, `/stores/${storeSlug}`],
              ['results /stores-near-by/M1 1AE', RESULTS_PATH],
              ['category …/fruit-veg', categoryPath(storeSlug)],
              ['item …/build-your-own-sub', itemPath(storeSlug)],
            ] as const
          ).flatMap(([label, path]) =>
            (['hit', 'miss'] as const).map((cache) => ({
              label: `${label} (${cache})`,
              server: storefront,
              path,
              cache,
            }))
          ),
          {
            label: 'basket /basket (10 lines)',
            server: storefront,
            path: '/basket',
            headers: personal,
          },
          {
            label: 'time slots …/time-slots',
            server: storefront,
            path: `/stores/${storeSlug}/time-slots`,
            headers: personal,
          },
        ]),
        [
          { label: 'hello world', server: hello, path: '/' },
          { label: 'hello + assets', server: helloAssets, path: '/' },
        ],
        { seconds, warmupSeconds }
      )
    }
    if (selected.has('js-bytes')) {
      await runJsBytesSuite(storefront.origin, [
        '/',
        `/stores/${storeSlug}`,
        RESULTS_PATH,
        categoryPath(storeSlug),
        itemPath(storeSlug),
        '/faqs',
        '/no-such-page',
      ])
    }
    if (selected.has('basket')) {
      await runBasketSuite(fixture, {
        seconds: Number(process.env.BENCH_BASKET_SECONDS ?? 5),
        warmupSeconds: Math.min(warmupSeconds, 1),
      })
    }
    if (selected.has('checkout')) {
      await runCheckoutSuite(
        { ...fixture, storefront, hello, storeSlug },
        {
          seconds: Number(process.env.BENCH_CHECKOUT_SECONDS ?? 5),
          warmupSeconds: Math.min(warmupSeconds, 1),
        }
      )
    }
    if (harbour) {
      resolveLocalhostNames()
      await runShardsWorkerSuite(
        [
          {
            label: 'Corner Fresh',
            shard: 'DB',
            businessId: 1,
            fixture: { ...fixture, storefront, hello, storeSlug },
          },
          {
            label: 'Harbour Pantry',
            shard: 'SHARD_2',
            businessId: HARBOUR_BUSINESS.id,
            fixture: {
              origin: storefront.origin.replace('localhost', 'harbour.localhost'),
              storefront: {
                ...storefront,
                origin: storefront.origin.replace('localhost', 'harbour.localhost'),
              },
              hello,
              storeId: harbour.id,
              storeSlug: harbour.slug,
              itemIds: harbour.itemIds,
              address: { addressLine1: '1 Anchor Road', town: 'Bristol', postcode: 'BS1 5DB' },
            },
          },
        ],
        {
          stateDir,
          // Each cell places its baskets' orders to the last, so every basket counted in the
          // bytes an order adds became an order; the seconds are only a bound.
          seconds: Number(process.env.BENCH_SHARDS_SECONDS ?? 300),
          baskets: Number(process.env.BENCH_SHARDS_BASKETS ?? 120),
        }
      )
    }
    if (staffLogin) {
      await runStoreOrdersSuite(
        { origin: storefront.origin, stateDir, storeId, login: staffLogin },
        {
          seconds: Number(process.env.BENCH_STORE_ORDERS_SECONDS ?? 5),
          warmupSeconds: Math.min(warmupSeconds, 1),
        }
      )
    }
    if (tracking) {
      await runTrackingFanoutSuite({
        origin: storefront.origin,
        root,
        stateDir,
        storeId,
        tracking,
      })
    }
  }
}

/** The suites that start their own servers, after the shared ones have stopped. */
async function runOwnServerSuites(
  storeId: number,
  itemIds: Array<number>,
  faultsLogin: ReturnType<typeof prepareStoreManager> | null
): Promise<void> {
  // Its own servers (with the store-search rate limit lifted), after the others have stopped.
  if (selected.has('store-search')) {
    await runStoreSearchSuite({
      root,
      demoStateDir: stateDir,
      largeStateDir,
      seconds: Number(process.env.BENCH_STORE_SEARCH_SECONDS ?? 5),
      warmupSeconds: Math.min(warmupSeconds, 2),
    })
  }
  if (selected.has('catalogue-search')) {
    await runCatalogueSearchSuite({
      root,
      demoStateDir: stateDir,
      largeStateDir: catalogueStateDir,
      seconds: Number(process.env.BENCH_CATALOGUE_SEARCH_SECONDS ?? 3),
      warmupSeconds: Math.min(warmupSeconds, 1),
    })
  }
  if (faultsLogin) {
    const broken = await runOutboxFaultsSuite(
      { configPath: benchWranglerConfig(root), stateDir, storeId, itemIds, login: faultsLogin },
      {
        shoppers: Number(process.env.BENCH_FAULT_SHOPPERS ?? 200),
        faults: process.env.BENCH_FAULTS ?? 'd1-writes=0.1,provider=0.2,seed=37',
        rejectShare: 0.25,
      }
    )
    if (broken.length > 0) {
      for (const line of broken.slice(0, 40)) console.error(`outbox-faults: ${line}`)
      throw new Error(`outbox-faults: ${broken.length} invariants broken`)
    }
    console.log('outbox-faults: no order lost or duplicated, every effect delivered once')
  }
}

await main()

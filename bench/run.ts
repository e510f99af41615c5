// `npm run bench`: builds the storefront for production, seeds a benchmark database, serves the
// storefront and a hello-world Worker under the same harness (`wrangler dev`, NODE_ENV=production)
// and prints figures. It is not a test: nothing here passes or fails.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { queryLocalD1 } from '../scripts/lib/wrangler.ts'
import { benchWranglerConfig, startWranglerDev, type RunningServer } from './lib/server.ts'
import { runCatalogueSearchSuite } from './suites/catalogue-search.ts'
import { runJsBytesSuite } from './suites/js-bytes.ts'
import { runSsrSuite } from './suites/ssr.ts'
import { runStoreSearchSuite } from './suites/store-search.ts'

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

function run(command: string, args: Array<string>, env: Record<string, string> = {}): string {
  return execFileSync(command, args, {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}

function firstStoreSlug(): string {
  const [row] = queryLocalD1(
    stateDir,
    'select slug from stores where is_active = 1 order by id limit 1'
  )
  if (typeof row?.slug !== 'string') throw new Error('the benchmark database has no store')
  return row.slug
}

async function main(): Promise<void> {
  console.log('bench: building for production')
  run('npx', ['vite', 'build'], { NODE_ENV: 'production' })
  rmSync(stateDir, { recursive: true, force: true })
  console.log('bench: seeding demo data')
  run('node', ['scripts/setup-local.ts'], { STOREFRONT_STATE_DIR: stateDir })
  const storeSlug = firstStoreSlug()

  const servers: Array<RunningServer> = []
  try {
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
    console.log(`bench: harness wrangler dev (NODE_ENV=production), node ${process.version}`)

    await runSsrSuite(
      [
        { label: 'home /', server: storefront, path: '/' },
        { label: `store /stores/${storeSlug}`, server: storefront, path: `/stores/${storeSlug}` },
        { label: 'results /stores-near-by/M1 1AE', server: storefront, path: RESULTS_PATH },
        { label: 'category …/fruit-veg', server: storefront, path: categoryPath(storeSlug) },
        { label: 'item …/build-your-own-sub', server: storefront, path: itemPath(storeSlug) },
      ],
      { label: 'hello world', server: hello, path: '/' },
      { seconds, warmupSeconds }
    )
    await runJsBytesSuite(storefront.origin, [
      '/',
      `/stores/${storeSlug}`,
      RESULTS_PATH,
      categoryPath(storeSlug),
      itemPath(storeSlug),
      '/no-such-page',
    ])
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }

  // Its own servers (with the store-search rate limit lifted), after the others have stopped.
  await runStoreSearchSuite({
    root,
    demoStateDir: stateDir,
    largeStateDir,
    seconds: Number(process.env.BENCH_STORE_SEARCH_SECONDS ?? 5),
    warmupSeconds: Math.min(warmupSeconds, 2),
  })
  await runCatalogueSearchSuite({
    root,
    demoStateDir: stateDir,
    largeStateDir: catalogueStateDir,
    seconds: Number(process.env.BENCH_CATALOGUE_SEARCH_SECONDS ?? 3),
    warmupSeconds: Math.min(warmupSeconds, 1),
  })
}

await main()

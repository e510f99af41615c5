import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { type Json, kCurrentWorker } from 'miniflare'
import { globSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { unstable_readConfig } from 'wrangler'
import { clientAssets } from '../scripts/vite-client-assets.ts'
import { DATED, DATE_SWEEP, testNow } from './support/test-clock.ts'
import { TEST_SECRETS } from './support/test-secrets.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/*
 * One Vitest run holds every Workers-pool test, in projects:
 * - "unit": pure unit tests (no bindings), all in one workerd per Vitest worker (isolate: false),
 *   since starting a workerd and loading the worker's modules costs ~3.5 s a file and a pure
 *   function keeps nothing between files;
 * - "pool": the integration tests and the unit tests that use bindings, each file in its own
 *   workerd with its own storage, as the worker under test expects (fresh D1, KV, R2, Durable
 *   Objects);
 * - "dates: …": the tests tagged DATED (test-clock.ts) again at each instant of the
 *   date sweep, only those: the files that hold one, split the same way, their other tests skipped.
 * `--project unit --project pool` runs the suite alone; `--project 'dates*'` the sweep. The
 * worker's modules are transformed once for all of them, and two files run at a time.
 */

const UNIT = ['test/unit/**/*.test.{ts,tsx}']
const INTEGRATION = ['test/integration/**/*.test.{ts,tsx}']
/*
 * The route tests run again with their businesses on the second shard (ADR 047): a route file of
 * every backend domain (the operator's cross-business sweep calls every operator route), and the
 * files that cover every layer that picks a shard (the call's business, the outbox's message, the
 * cron's sweep). One file a domain, not every file: the suite's time is budgeted (about 4 min).
 */
const TWO_SHARDS = [
  'checkout/checkout',
  'checkout/confirm',
  'store-orders/transitions',
  'store-orders/cron',
  'tracking/tracking',
  'auth/passwords',
  'effects/outbox',
  'backend/scheduled',
  'basket/basket',
  'catalogue/browse',
  'slots/routes',
  'payments/make-payment',
  'member/orders',
  'member/order-amend',
  'operator/cross-business',
  'staff/access',
  'credit/checkout-credit',
  'loyalty/calls',
  'referrals/referrals',
  'location/location',
  'contact/contact',
  'marketing/marketing',
  'seo/seo-backend',
  'stores/api',
  'store-controls/pause',
  'order-archive/order-archive',
  'member/profile',
  'member/favourites',
].map((file) => `test/integration/${file}.test.ts`)

/*
 * The packages the worker and its tests import, each pre-bundled into one module for workerd
 * (Vite's dependency optimizer). The pool inlines every dependency, and a file's workerd fetches
 * each module over one socket as its imports are met: date-fns, zod and the markdown chain alone
 * are hundreds of small files, a cost paid again by every isolated file. Found from the sources,
 * so a new package joins without a list to keep; test-runner and Node-only packages stay out.
 */
const NOT_BUNDLED =
  /^(node:|cloudflare:|virtual:|vitest|@vitest\/|@cloudflare\/|miniflare|wrangler|@playwright\/|@axe-core\/)/
function importedPackages(): Array<string> {
  const sources = [
    'worker',
    'client',
    'schemas',
    'test/unit',
    'test/integration',
    'test/support',
    'test/setup',
  ].flatMap((dir) => globSync(`${dir}/**/*.{ts,tsx}`, { cwd: root }))
  // JSX compiles to imports of React's runtime that no source spells out.
  const packages = new Set<string>(['react/jsx-runtime', 'react/jsx-dev-runtime'])
  for (const file of sources) {
    for (const [, specifier] of readFileSync(`${root}/${file}`, 'utf8').matchAll(
      /^(?:import|export)\b[^'"]*?\bfrom '([^'.][^']*)'/gm
    )) {
      if (specifier && !NOT_BUNDLED.test(specifier)) packages.add(specifier)
    }
  }
  return [...packages].sort()
}

/** Test files (relative to the root) matched by globs whose text includes `needle`. */
function filesWith(globs: ReadonlyArray<string>, needle: string | RegExp): Array<string> {
  return globs
    .flatMap((glob) => globSync(glob, { cwd: root }))
    .filter((file) => {
      const text = readFileSync(`${root}/${file}`, 'utf8')
      return typeof needle === 'string' ? text.includes(needle) : needle.test(text)
    })
}

/** Test files matched by globs that use a binding through cloudflare:test. */
const usingBindings = (globs: ReadonlyArray<string>) => filesWith(globs, "'cloudflare:test'")

/*
 * The date sweep's files: those with a test whose outcome depends on the instant (tagged
 * DATED, test/support/test-clock.ts). Each costs a workerd per instant, so a file joins
 * by tagging a test, never by its directory.
 */
const DATE_SWEEP_FILES = filesWith(
  [...UNIT, ...INTEGRATION],
  /import \{[^}]*\bDATED\b[^}]*\} from '[^']*\/test-clock\.ts'/
)
const TAG_DATES = {
  name: DATED.tags,
  description: 'depends on the instant it runs at: run again at each instant of the date sweep',
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`)
  const directoryMigrations = await readD1Migrations(`${root}/migrations-directory`)
  const bundledPackages = importedPackages()
  // The production environment's vars as wrangler resolves them, for the fail-closed tests.
  const production = unstable_readConfig({ config: `${root}/wrangler.toml`, env: 'production' })
  // The backend Worker's production environment (ADR 046), for the placed-backend check's test.
  const productionBackend = unstable_readConfig({
    config: `${root}/wrangler.backend.toml`,
    env: 'production',
  })

  const project = (
    name: string,
    now: string,
    files: { include: ReadonlyArray<string>; exclude?: ReadonlyArray<string> },
    isolate: boolean,
    setup: ReadonlyArray<string> = [],
    tagsFilter?: ReadonlyArray<string>
  ): TestProjectInlineConfiguration => ({
    extends: true,
    plugins: [
      clientAssets(),
      cloudflareTest({
        main: `${root}/worker/index.ts`,
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          // Test-only secrets, so the pool behaves the same with or without a local .dev.vars
          // (CI has none).
          // The effects are handed to a queue nobody consumes: a test runs them when it means to
          // (test/support/workers/effects.ts), never behind its back (ADR 037).
          queueProducers: { EFFECTS: { queueName: 'storefront-effects-in-tests' } },
          // The backend Worker's entrypoint (worker/backend-worker.ts) behind a real service
          // binding in this workerd (ADR 046). Not named BACKEND: the tests run in-process unless
          // one binds it (test/integration/backend/placed-backend.test.ts).
          serviceBindings: { PLACED_BACKEND: { name: kCurrentWorker, entrypoint: 'Backend' } },
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_DIRECTORY_MIGRATIONS: directoryMigrations,
            // The instant tests run at (test/setup/pin-clock.ts).
            TEST_NOW: now,
            PRODUCTION_VARS: { ...production.vars },
            PRODUCTION_PLACEMENT: JSON.parse(
              JSON.stringify({
                services: production.services,
                triggers: production.triggers,
                queues: production.queues,
                backend: {
                  name: productionBackend.name,
                  placement: productionBackend.placement,
                  vars: productionBackend.vars,
                  triggers: productionBackend.triggers,
                  queues: productionBackend.queues,
                },
              })
            ) as Json,
            APP_ENV: 'test',
            // Many tests change D1 between renders of a page under a pinned clock: the edge page
            // cache is off for them, on for its own tests (test/integration/pages/edge-cache.test.ts).
            PAGE_CACHE: 'off',
            ...TEST_SECRETS,
            REALEX_SHARED_SECRET: 'test-realex-shared-secret-0123456789abcdefghijkl',
          },
        },
      }),
    ],
    test: {
      name,
      include: [...files.include],
      exclude: [...(files.exclude ?? [])],
      isolate,
      // A file's seeding (beforeAll) waits behind the other file's workerd start-up on two busy
      // cores: 10 s was too short there, and a hook that really hangs still fails.
      hookTimeout: 60_000,
      deps: { optimizer: { ssr: { enabled: true, include: bundledPackages } } },
      setupFiles: ['test/setup/apply-migrations.ts', 'test/setup/pin-clock.ts', ...setup],
      tags: [TAG_DATES],
      ...(tagsFilter ? { tagsFilter: [...tagsFilter] } : {}),
    },
  })

  /**
   * The date sweep at one instant: the tagged tests of `files`, the unit files in one shared
   * workerd, the rest each in its own.
   */
  const sweep = (name: string, now: string, files: ReadonlyArray<string>) => {
    const only = [TAG_DATES.name]
    const units = files.filter((file) => file.startsWith('test/unit/'))
    const bound = usingBindings(units)
    const others = files.filter((file) => !file.startsWith('test/unit/'))
    return [
      ...(units.length > bound.length
        ? [project(`${name} unit`, now, { include: units, exclude: bound }, false, [], only)]
        : []),
      project(name, now, { include: [...others, ...bound] }, true, [], only),
    ]
  }

  const now = testNow(process.env.TEST_NOW)
  return {
    root,
    test: {
      // No on-disk module cache: with it, a Vitest worker's second file asks for the "warm" modules
      // of its whole import graph at once, the Workers pool inlines their code into one WebSocket
      // message, and past workerd's 1 MiB limit the runtime dies ("Message is too large") for
      // every file after the first. Transforms are still shared within a run.
      fsModuleCache: false,
      // Each isolated file is its own workerd: two at a time keep both cores busy while one file
      // waits on its runtime's start-up or on D1 (the default on two cores is one).
      maxWorkers: 2,
      // The logger's spans (a line per backend call, ADR 041) would drown the output; a test that
      // reads them spies on console.debug.
      onConsoleLog: (log: string) => !log.startsWith('{"level":"debug"'),
      projects: [
        // Tools that read the sources (dependency-cruiser) run in Node, not in workerd.
        { test: { name: 'architecture', include: ['test/architecture/**/*.test.ts'] } },
        project('unit', now, { include: UNIT, exclude: usingBindings(UNIT) }, false),
        project('pool', now, { include: [...INTEGRATION, ...usingBindings(UNIT)] }, true),
        // Checkout, store orders, tracking, sign-in, the outbox and the crons with their businesses
        // on the second shard (ADR 047, test/setup/two-shards.ts).
        project('pool: two shards', now, { include: TWO_SHARDS }, true, [
          'test/setup/two-shards.ts',
        ]),
        ...DATE_SWEEP.flatMap(({ name, now }) => sweep(`dates: ${name}`, now, DATE_SWEEP_FILES)),
      ],
    },
  }
})

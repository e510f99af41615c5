// Store search at scale: the same POST /api/stores/search on the 14-store demo data and on 10,000
// stores, by postcode and by coordinates, at 1 and 8 connections; then the query plan of the
// candidate query. Every request asks something new (a random UK postcode or point), so the
// proxy's KV cache never answers and each figure is a real search on D1.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'
import { benchWranglerConfig, startWranglerDev, type RunningServer } from '../lib/server.ts'

export interface StoreSearchSuiteOptions {
  root: string
  /** The seeded demo state (14 stores). */
  demoStateDir: string
  /** Where the 10,000-store state is built (replaced on every run). */
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
  meanStores: number
}

type Mode = 'postcode' | 'coordinates'

const LARGE_STORES = 10_000
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'
// Mainland Great Britain, roughly; points in the sea simply find fewer stores.
const GB = { minLat: 50.2, maxLat: 55.8, minLng: -4.5, maxLng: 1.3 }

function pick<T>(items: ReadonlyArray<T>): T {
  const item = items[Math.floor(Math.random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

function loadOutcodes(root: string): Array<string> {
  return readFileSync(join(root, 'data', 'uk-outcodes.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0] ?? '')
    .filter((code) => /^[A-Z]{1,2}[0-9][A-Z0-9]?$/.test(code))
}

function requestBody(mode: Mode, outcodes: ReadonlyArray<string>): string {
  if (mode === 'postcode') {
    const inward = `${1 + Math.floor(Math.random() * 9)}${pick([...INWARD_LETTERS])}${pick([...INWARD_LETTERS])}`
    return JSON.stringify({ postcode: `${pick(outcodes)} ${inward}` })
  }
  const lat = GB.minLat + Math.random() * (GB.maxLat - GB.minLat)
  const lng = GB.minLng + Math.random() * (GB.maxLng - GB.minLng)
  return JSON.stringify({ lat: lat.toFixed(5), lng: lng.toFixed(5), returnNearestOnly: true })
}

function percentile(sorted: ReadonlyArray<number>, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/**
 * A closed-loop load generator: `connections` loops, each sending the next request when the last
 * answered. autocannon (bench/lib/load.ts) sends one fixed body and reports no p95; here every
 * request has its own body and latencies are kept whole.
 */
async function load(
  url: string,
  mode: Mode,
  outcodes: ReadonlyArray<string>,
  connections: number,
  seconds: number
): Promise<Figures> {
  const latencies: Array<number> = []
  let non2xx = 0
  let stores = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  const loop = async () => {
    while (performance.now() < deadline) {
      const body = requestBody(mode, outcodes)
      const sent = performance.now()
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(url).origin },
        body,
      })
      const text = await res.text()
      latencies.push(performance.now() - sent)
      if (res.status !== 200) non2xx++
      else stores += (JSON.parse(text) as { stores: Array<unknown> }).stores.length
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
    meanStores: stores / Math.max(1, latencies.length - non2xx),
  }
}

function buildLargeState(root: string, stateDir: string): void {
  const started = performance.now()
  // generate-large inserts rows; it needs a state of its own making, so start from nothing.
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
      '0',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } }
  )
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr)
    throw new Error('generate-large failed')
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`bench: ${LARGE_STORES} stores loaded in ${seconds} s`)
}

/**
 * The candidate query exactly as the worker runs it, read from its source (the worker project's
 * modules need Workers types this Node project does not load).
 */
function candidateSql(root: string): string {
  const source = readFileSync(join(root, 'worker', 'backend', 'stores', 'repo.ts'), 'utf8')
  const constant = (name: string) => {
    const match = new RegExp(`const ${name} = \`([^\`]*)\``).exec(source)
    if (!match?.[1]) throw new Error(`${name} not found in worker/backend/stores/repo.ts`)
    return match[1]
  }
  return constant('CANDIDATE_SQL')
    .replace('${SUMMARY_COLUMNS}', constant('SUMMARY_COLUMNS'))
    .replace(/\s+/g, ' ')
}

// The 40 km box of a search (SEARCH_RADIUS_KM) around central Birmingham, as geo.ts draws it; wrangler's --command
// binds nothing, so the values are inlined.
function explainCandidateQuery(root: string, stateDir: string): void {
  const centre = { latitude: 52.4796, longitude: -1.9026 }
  const dLat = 40 / 111.32
  const dLng = 40 / (111.32 * Math.cos((centre.latitude * Math.PI) / 180))
  const cosLatitude = Math.cos((centre.latitude * Math.PI) / 180)
  const values = [
    1,
    centre.latitude - dLat,
    centre.latitude + dLat,
    centre.longitude - dLng,
    centre.longitude + dLng,
    centre.latitude,
    centre.longitude,
    cosLatitude * cosLatitude,
    // No row limit, so the count below is every store in the box.
    -1,
  ]
  const sql = candidateSql(root).replace(/\?(\d)/g, (_, index: string) =>
    String(values[Number(index) - 1])
  )
  const plan = queryLocalD1(stateDir, `explain query plan ${sql}`)
  const [counts] = queryLocalD1(
    stateDir,
    `select (select count(*) from stores) as stores, (select count(*) from (${sql})) as candidates`
  )
  console.log('\nCandidate query plan (10,000 stores, the 40 km box around central Birmingham):')
  for (const row of plan) console.log(`  ${String(row.detail)}`)
  console.log(
    `  rows in the box: ${String(counts?.candidates)} of ${String(counts?.stores)} stores`
  )
}

/** Runs the store-search benchmark and prints its table and the candidate query plan. */
export async function runStoreSearchSuite(options: StoreSearchSuiteOptions): Promise<void> {
  const { root, seconds, warmupSeconds } = options
  buildLargeState(root, options.largeStateDir)
  const outcodes = loadOutcodes(root)
  const configPath = benchWranglerConfig(root)
  const datasets = [
    { label: 'demo (14 stores)', stateDir: options.demoStateDir, port: 8793 },
    {
      label: `${LARGE_STORES.toLocaleString('en-GB')} stores`,
      stateDir: options.largeStateDir,
      port: 8794,
    },
  ]
  const rows: Array<{ label: string; mode: Mode; connections: number; figures: Figures }> = []
  for (const dataset of datasets) {
    let server: RunningServer | null = null
    try {
      server = await startWranglerDev({
        name: `store-search ${dataset.label}`,
        configPath,
        port: dataset.port,
        persistTo: dataset.stateDir,
      })
      const url = `${server.origin}/api/stores/search`
      for (const mode of ['postcode', 'coordinates'] as const) {
        for (const connections of [1, 8]) {
          if (warmupSeconds > 0) await load(url, mode, outcodes, connections, warmupSeconds)
          const figures = await load(url, mode, outcodes, connections, seconds)
          rows.push({ label: dataset.label, mode, connections, figures })
        }
      }
    } finally {
      await server?.stop()
    }
  }

  console.log(
    `\nStore search, POST /api/stores/search (wrangler dev, NODE_ENV=production; ${seconds} s per row after ${warmupSeconds} s warm-up; every request a new postcode or point, so no KV hits)`
  )
  console.log(
    ['dataset', 'by', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'requests', 'non-200', 'stores/answer']
      .map((cell, index) => (index === 0 ? cell.padEnd(20) : cell.padStart(index === 8 ? 15 : 12)))
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
        figures.meanStores.toFixed(1).padStart(15),
      ].join('')
    )
  }
  explainCandidateQuery(root, options.largeStateDir)
}

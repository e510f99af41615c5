// Store search at scale: the same POST /api/stores/search on the 14-store demo data and on 10,000
// stores, by postcode and by coordinates, at 1 and 8 connections; then the query plan of the
// candidate query. Every request asks something new (a random UK postcode or point), so the
// proxy's KV cache never answers and each figure is a real search on D1.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'
import {
  buildLargeState,
  pick,
  loadDatasets,
  printLoadRows,
  workerSqlConstant,
} from '../lib/post-load.ts'
import { benchWranglerConfig } from '../lib/server.ts'

export interface StoreSearchSuiteOptions {
  root: string
  /** The seeded demo state (14 stores). */
  demoStateDir: string
  /** Where the 10,000-store state is built (replaced on every run). */
  largeStateDir: string
  seconds: number
  warmupSeconds: number
}

type Mode = 'postcode' | 'coordinates'

const LARGE_STORES = 10_000
const INWARD_LETTERS = [...'ABDEFGHJLNPQRSTUWXYZ']
// Mainland Great Britain, roughly; points in the sea simply find fewer stores.
const GB = { minLat: 50.2, maxLat: 55.8, minLng: -4.5, maxLng: 1.3 }

function loadOutcodes(root: string): Array<string> {
  return readFileSync(join(root, 'data', 'uk-outcodes.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0] ?? '')
    .filter((code) => /^[A-Z]{1,2}[0-9][A-Z0-9]?$/.test(code))
}

function requestBody(mode: Mode, outcodes: ReadonlyArray<string>): unknown {
  if (mode === 'postcode') {
    const inward = `${1 + Math.floor(Math.random() * 9)}${pick(INWARD_LETTERS)}${pick(INWARD_LETTERS)}`
    return { postcode: `${pick(outcodes)} ${inward}` }
  }
  const lat = GB.minLat + Math.random() * (GB.maxLat - GB.minLat)
  const lng = GB.minLng + Math.random() * (GB.maxLng - GB.minLng)
  return { lat: lat.toFixed(5), lng: lng.toFixed(5), returnNearestOnly: true }
}

const storesPerAnswer = (answer: unknown): number =>
  (answer as { stores: Array<unknown> }).stores.length

// The 40 km box of a search (SEARCH_RADIUS_KM) around central Birmingham, as geo.ts draws it;
// wrangler's --command binds nothing, so the values are inlined.
function explainCandidateQuery(root: string, stateDir: string): void {
  const centre = { latitude: 52.4796, longitude: -1.9026 }
  const cosLatitude = Math.cos((centre.latitude * Math.PI) / 180)
  const dLat = 40 / 111.32
  const dLng = 40 / (111.32 * cosLatitude)
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
  const sql = workerSqlConstant(root, ['worker/backend/stores/repo.ts'], 'CANDIDATE_SQL').replace(
    /\?(\d)/g,
    (_, index: string) => String(values[Number(index) - 1])
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
  buildLargeState(root, options.largeStateDir, { stores: LARGE_STORES, items: 0 })
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
  const rows = await loadDatasets({
    name: 'store-search',
    configPath,
    datasets,
    path: '/api/stores/search',
    modes: ['postcode', 'coordinates'] as const,
    body: (mode) => requestBody(mode, outcodes),
    measure: storesPerAnswer,
    seconds,
    warmupSeconds,
  })

  printLoadRows(
    `Store search, POST /api/stores/search (wrangler dev, NODE_ENV=production; ${seconds} s per row after ${warmupSeconds} s warm-up; every request a new postcode or point, so no KV hits)`,
    { mode: 'by', measure: 'stores/answer', measureDigits: 1 },
    rows
  )
  explainCandidateQuery(root, options.largeStateDir)
}

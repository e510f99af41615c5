// End-to-end run: production build, fresh local state with the demo data, `vite preview` on a
// free port, Playwright against it; the server is always stopped. With --with-dates, the journeys
// tagged @dates then run at each instant of the date sweep on the same build, with fresh state
// (scripts/lib/date-sweep-journeys.ts). Usage: node scripts/e2e.ts [--with-dates]
// [playwright args…]. Ports 5500–5599 only (E2E_PORT picks the first one tried). Every journey
// runs at the pinned instant of test/support/test-clock.ts (TEST_NOW moves it).
import { dateSweepJourneys, reportInstants } from './lib/date-sweep-journeys.ts'
import { playwright, startPreviewServer } from './lib/preview-server.ts'

const started = Date.now()
const withDates = process.argv.includes('--with-dates')
const args = process.argv.slice(2).filter((arg) => arg !== '--with-dates')

const server = await startPreviewServer({ build: true })
let passed = await playwright(args).finally(async () => {
  await server.stop()
  console.log(`e2e: finished in ${((Date.now() - started) / 1000).toFixed(1)}s`)
})
if (withDates) {
  const sweepStarted = Date.now()
  passed = reportInstants(await dateSweepJourneys({ build: false })) && passed
  console.log(`e2e: date sweep finished in ${((Date.now() - sweepStarted) / 1000).toFixed(1)}s`)
}
process.exit(passed ? 0 : 1)

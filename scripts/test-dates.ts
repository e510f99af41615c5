// Runs the date-sensitive tests at several pinned instants (test/support/test-clock.ts DATE_SWEEP:
// a month end, New Year's Eve at 23:50, 29 February, both UK clock changes, a Sunday night when
// every store is closed), so a suite that passes today passes on any day: the Workers-pool tests
// tagged DATED (the "dates: …" projects of test/vitest.config.ts), then the journeys tagged
// @dates against one production build whose clock each journey pins (test/e2e/fixtures.ts).
// `npm test` runs the same: the projects with the rest of the pool, the journeys after the others
// (scripts/e2e.ts --with-dates). Usage: node scripts/test-dates.ts [--pool-only|--e2e-only].
import { dateSweepJourneys, reportInstants } from './lib/date-sweep-journeys.ts'
import { bin, run } from './lib/preview-server.ts'

const mode = process.argv[2] ?? ''
let ok = true

if (mode !== '--e2e-only') {
  ok = await run('pool at the date sweep', bin('vitest'), [
    'run',
    '--config',
    'test/vitest.config.ts',
    '--project',
    'dates*',
  ]).then(
    () => true,
    () => false
  )
}

if (mode !== '--pool-only') {
  ok = reportInstants(await dateSweepJourneys({ build: true })) && ok
}

process.exit(ok ? 0 : 1)

// Runs the date-sensitive tests at several pinned instants (test/support/test-clock.ts DATE_SWEEP:
// a month end, New Year's Eve at 23:50, 29 February, both UK clock changes, a Sunday night when
// every store is closed), so a suite that passes today passes on any day. Workers-pool files run
// with TEST_NOW set; the journeys tagged @dates run against one production build whose clock each
// journey pins (test/e2e/fixtures.ts). Usage: node scripts/test-dates.ts [--pool-only|--e2e-only].
import { DATE_SWEEP } from '../test/support/test-clock.ts'
import { bin, playwright, run, startPreviewServer } from './lib/preview-server.ts'

// Every file here reads "now" through the app: slots, availability, baskets at open and closed
// stores, checkout and payment with a held slot, deals in date, the cron sweep.
const POOL_FILES = [
  'test/integration/slots',
  'test/integration/basket/basket.test.ts',
  'test/integration/checkout',
  'test/integration/payments/make-payment.test.ts',
  'test/integration/pages/time-slots.test.ts',
  'test/integration/pages/basket.test.ts',
  'test/integration/pages/checkout.test.ts',
  'test/integration/stores/api.test.ts',
  'test/integration/catalogue/search-promotions.test.ts',
  'test/integration/backend/scheduled.test.ts',
  'test/integration/backend/member-slots-stores.test.ts',
  'test/unit/slots',
  'test/unit/stores',
]

const mode = process.argv[2] ?? ''
// The app's clock only moves forward between instants: a hold taken at a later instant would
// still look live at an earlier one.
const instants = [...DATE_SWEEP].sort((a, b) => Date.parse(a.now) - Date.parse(b.now))
const results: Array<{ suite: string; name: string; now: string; ok: boolean }> = []

if (mode !== '--e2e-only') {
  for (const { name, now } of instants) {
    const ok = await run(
      `pool at ${name}`,
      bin('vitest'),
      ['run', '--config', 'test/vitest.config.ts', ...POOL_FILES],
      { TEST_NOW: now }
    ).then(
      () => true,
      () => false
    )
    results.push({ suite: 'workers pool', name, now, ok })
  }
}

if (mode !== '--pool-only') {
  const server = await startPreviewServer()
  try {
    for (const { name, now } of instants) {
      console.log(`e2e: journeys tagged @dates at ${name} (${now})`)
      const ok = await playwright(['--grep', '@dates'], { TEST_NOW: now })
      results.push({ suite: 'e2e @dates', name, now, ok })
    }
  } finally {
    await server.stop()
  }
}

console.log('\ntests at pinned instants:')
for (const { suite, name, now, ok } of results) {
  console.log(`  ${ok ? 'pass' : 'FAIL'}  ${suite.padEnd(13)} ${name.padEnd(20)} ${now}`)
}
const failed = results.filter((result) => !result.ok).length
console.log(`dates: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)

// The journeys tagged @dates at each instant of the date sweep (test/support/test-clock.ts), on
// one preview server with fresh local state, after the instants sorted: the app's clock only
// moves forward between them (a hold taken at a later instant would still look live at an
// earlier one). Used by scripts/e2e.ts --with-dates and scripts/test-dates.ts.
import { DATE_SWEEP } from '../../test/support/test-clock.ts'
import { playwright, startPreviewServer } from './preview-server.ts'

export interface InstantResult {
  name: string
  now: string
  ok: boolean
}

/** Runs the @dates journeys at every instant; `build: false` serves the build already in dist/. */
export async function dateSweepJourneys(options: {
  build: boolean
}): Promise<Array<InstantResult>> {
  const instants = [...DATE_SWEEP].sort((a, b) => Date.parse(a.now) - Date.parse(b.now))
  const results: Array<InstantResult> = []
  const server = await startPreviewServer(options)
  try {
    for (const { name, now } of instants) {
      console.log(`e2e: journeys tagged @dates at ${name} (${now})`)
      results.push({ name, now, ok: await playwright(['--grep', '@dates'], { TEST_NOW: now }) })
    }
  } finally {
    await server.stop()
  }
  return results
}

/** Prints one line per instant; true when every instant passed. */
export function reportInstants(results: ReadonlyArray<InstantResult>): boolean {
  console.log('\njourneys at pinned instants:')
  for (const { name, now, ok } of results) {
    console.log(`  ${ok ? 'pass' : 'FAIL'}  ${name.padEnd(20)} ${now}`)
  }
  return results.every((result) => result.ok)
}

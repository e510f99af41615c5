import { test as base, expect, type Page } from '@playwright/test'
import { testNow } from '../support/test-clock.ts'
import { HOSTS, urlOn } from './helpers.ts'

/** The instant every journey starts at (TEST_NOW, else the fixed default of test-clock.ts). */
export const RUN_NOW = testNow(process.env.TEST_NOW)

// Pages whose browser clock Playwright already controls (install may run once per page).
const installed = new WeakSet<Page>()

/**
 * Pins the app's clock and this page's browser clock to one instant; both then move on in real
 * time, so a countdown, a slot list and the server agree on what "now" is, on any machine date.
 * The server's clock is the worker's development clock (PUT /api/dev/clock, worker/lib/clock.ts).
 */
export async function pinClock(
  page: Page,
  instant: string | Date = RUN_NOW,
  options: { browser: boolean } = { browser: true }
): Promise<void> {
  const at = new Date(instant)
  const answer = await page.request.put(urlOn(HOSTS.brandOne, '/api/dev/clock'), {
    data: { now: at.toISOString() },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  // A page without JavaScript has no clock to pin; the server's is the one it shows.
  if (!options.browser) return
  if (installed.has(page)) {
    await page.clock.setSystemTime(at)
  } else {
    await page.clock.install({ time: at })
    installed.add(page)
  }
}

/**
 * A page opened during a journey (a second tab, another browser, the mailbox) joins the app's
 * clock where it is now: its browser clock is installed at the server's instant, and the server's
 * is left alone. Pinning it again would set the server back to the run's start, and a token
 * issued since then would be refused as issued in the future.
 */
export async function joinClock(page: Page): Promise<void> {
  const answer = await page.request.get(urlOn(HOSTS.brandOne, '/api/dev/clock'))
  expect(answer.status(), await answer.text()).toBe(200)
  const { now } = (await answer.json()) as { now: string }
  if (installed.has(page)) {
    await page.clock.setSystemTime(new Date(now))
  } else {
    await page.clock.install({ time: new Date(now) })
    installed.add(page)
  }
}

/**
 * Playwright's `test` with every page pinned to the run's instant before the test starts. Journeys
 * import `test` and `expect` from here, never from @playwright/test, so none reads the machine's date.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await pinClock(page, RUN_NOW)
    await use(page)
  },
})

export { expect }

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const PORT = Number(process.env.E2E_PORT ?? 5599)

/** The two demo hosts: each is its own brand (localhost → brand 1, 127.0.0.1 → brand 2). */
export const HOSTS = { brandOne: 'localhost', brandTwo: '127.0.0.1' } as const

/** The demo brand with the address search (autocomplete) instead of the postcode box. */
export const ADDRESS_SEARCH_HOST = 'greenway.localhost'

/**
 * An email address no other test (or earlier run against the same database) has used. Random, not
 * the time: journeys never read the wall clock, and parallel workers can start in the same
 * millisecond.
 */
export function uniqueEmail(label: string): string {
  return `e2e.${label}.${crypto.randomUUID().slice(0, 13)}@example.com`
}

/**
 * Eight lower-case hex characters no earlier run has used, for names, slugs and hosts a journey
 * creates (random for the same reasons as {@link uniqueEmail}).
 */
export function uniqueSuffix(): string {
  return crypto.randomUUID().slice(0, 8)
}

/** A phone's and a desktop's viewport: the widths every journey's screenshots are taken at. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

/** Where the journeys keep their screenshots (git-ignored). */
export const SCREENSHOTS = 'test-results/screenshots'

/**
 * Full-page screenshots of the page at each of VIEWPORTS, as `<SCREENSHOTS>/<name>-<width>.png`,
 * then the viewport the page had. `top` adds the first screen at each width (`-top`), what shows
 * before scrolling; `reload` loads the page again at each width, for layouts the server renders
 * once.
 */
export async function screenshots(
  page: Page,
  name: string,
  options: { top?: boolean; reload?: boolean } = {}
): Promise<void> {
  const current = page.viewportSize()
  const url = page.url()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    if (options.reload) await page.goto(url)
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${viewport.width}.png`, fullPage: true })
    if (options.top) {
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${viewport.width}-top.png` })
    }
  }
  if (current) await page.setViewportSize(current)
}

export function urlOn(host: string, path = '/'): string {
  return `http://${host}:${PORT}${path}`
}

/**
 * Runs axe-core on the page as it is now (scrolled to the top, then back): WCAG 2.2 A/AA rules,
 * no violations allowed. It waits
 * for the page's load event first: right after a navigation the stylesheet may still be loading,
 * and sizes measured without it (target-size) would be wrong.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: {
    /** Rules a page is exempt from, each with its reason where the call is (e.g. /tv's refresh). */
    exceptRules?: ReadonlyArray<string>
  } = {}
): Promise<void> {
  await page.waitForLoadState('load')
  // At the top of the page: scrolled, the sticky header lies over whatever passes under it, and
  // axe's target-size counts a link half under it as too small; the shopper scrolls it clear.
  const scrolled = await page.evaluate(() => {
    const y = window.scrollY
    window.scrollTo(0, 0)
    return y
  })
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules([...(options.exceptRules ?? [])])
    .analyze()
  await page.evaluate((y) => window.scrollTo(0, y), scrolled)
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`
  )
  expect(summary, `axe violations on ${page.url()}`).toEqual([])
}

/** Waits until an island's code has loaded and hydrated it. */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  await page.locator(`[data-island="${name}"][data-hydrated="true"]`).first().waitFor()
}

/** On a time-slot page: shows the future slots (the ASAP page's 'Choose a time', or the
 * calendar the page pushes) and reserves the first free one. */
export async function reserveFirstSlot(page: Page): Promise<void> {
  await waitForIsland(page, 'SlotPicker')
  if (!page.url().includes('/calendar')) {
    await page.getByRole('button', { name: 'Choose a time' }).click()
  }
  await page
    .getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2}\s*(?:£\d+\.\d{2}|Free)\s*\d+ left$/ })
    .first()
    .click()
}

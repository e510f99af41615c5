import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, urlOn } from './helpers.ts'

// Git-ignored (test-results/), like the other journeys' screenshots.
const SCREENSHOTS = 'test-results/screenshots'
const STORE_PATH = '/stores/manchester-piccadilly'

/** The computed fill of the shop front's awning and the page's primary colour, as rgb(). */
async function awningAndPrimary(page: Page): Promise<{ awning: string; primary: string }> {
  return page.evaluate(() => {
    const awning = document.querySelector('[data-testid="store-front-illustration"] .fill-primary')
    const probe = document.createElement('span')
    probe.style.color = 'var(--color-primary)'
    document.body.append(probe)
    const primary = getComputedStyle(probe).color
    probe.remove()
    return { awning: awning ? getComputedStyle(awning).fill : '', primary }
  })
}

test.describe('white label', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test("a store's shop front takes each brand's colours", async ({ page }) => {
    const seen: Array<string> = []
    for (const [name, host] of [
      ['corner-fresh', HOSTS.brandOne],
      ['northside-market', HOSTS.brandTwo],
    ] as const) {
      await page.goto(urlOn(host, STORE_PATH))
      await expect(page.getByTestId('store-front-illustration')).toBeVisible()
      const { awning, primary } = await awningAndPrimary(page)
      expect(awning).toBe(primary)
      seen.push(awning)
      await expectNoAxeViolations(page)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        await page.screenshot({
          path: `${SCREENSHOTS}/white-label-store-${name}-${width}.png`,
          fullPage: false,
        })
      }
      await page.setViewportSize({ width: 1280, height: 800 })
    }
    // Two brands, two colours: nothing is painted in a fixed colour.
    expect(new Set(seen).size).toBe(2)
  })
})

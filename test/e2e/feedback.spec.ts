import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, HOSTS, urlOn, waitForIsland } from './helpers.ts'

// Issue 13 §5: what a shopper sees where the journey used to fail silently.

// A central Manchester demo store: delivery and collection, £10 minimum spend for delivery.
const STORE = 'manchester-piccadilly'
const storeUrl = (path = '') => urlOn(HOSTS.brandOne, `/stores/${STORE}${path}`)
const SCREENS = 'test-results/screens'
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

async function screenshots(page: Page, name: string): Promise<void> {
  const current = page.viewportSize()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `${SCREENS}/${name}-${viewport.width}.png`, fullPage: true })
  }
  if (current) await page.setViewportSize(current)
}

/** Every Content-Security-Policy violation the page reports in its console from now on. */
function cspViolations(page: Page): Array<string> {
  const violations: Array<string> = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`)
    }
  })
  return violations
}

function pounds(text: string): number {
  const match = /£(\d+(?:\.\d{2})?)/.exec(text)
  return Math.round(Number(match?.[1] ?? Number.NaN) * 100)
}

/**
 * How much of a bar is drawn in its dark fill colour, measured on the pixels of its middle row as
 * the browser painted them (a screenshot decoded in the page), not from its DOM attributes.
 */
async function paintedFillFraction(page: Page, bar: Locator): Promise<number> {
  const png = (await bar.screenshot()).toString('base64')
  return page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.drawImage(bitmap, 0, 0)
    const row = context.getImageData(0, Math.floor(bitmap.height / 2), bitmap.width, 1).data
    let dark = 0
    for (let x = 0; x < bitmap.width; x++) {
      const luminance =
        0.2126 * (row[x * 4] ?? 0) + 0.7152 * (row[x * 4 + 1] ?? 0) + 0.0722 * (row[x * 4 + 2] ?? 0)
      if (luminance < 150) dark++
    }
    return dark / bitmap.width
  }, png)
}

/** Adds `quantity` of an item from its page (the options island). */
async function addFromItemPage(page: Page, path: string, quantity: number): Promise<void> {
  await page.goto(storeUrl(path))
  await waitForIsland(page, 'ItemOptions')
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: /^Add to basket/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible()
}

test.describe('minimum spend', () => {
  test('the progress bar is painted as far as the basket has got', async ({ page }) => {
    const violations = cspViolations(page)
    await addFromItemPage(page, '/category/milk/semi-skimmed-milk-2-pints', 2)
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    await waitForIsland(page, 'BasketEditor')
    const summary = page.getByRole('complementary', { name: 'Order summary' })
    const short = pounds(
      (await summary.getByText(/^Spend £[\d.]+ more for delivery$/).textContent()) ?? ''
    )
    const minimum = pounds(
      (await summary.getByText(/^Minimum order for delivery:/).textContent()) ?? ''
    )
    const expected = (minimum - short) / minimum
    expect(expected).toBeGreaterThan(0.1)
    expect(expected).toBeLessThan(0.9)
    const bar = summary.getByRole('progressbar', { name: /more for delivery/ })
    await expect(bar).toHaveAccessibleName(`Spend £${(short / 100).toFixed(2)} more for delivery`)
    expect(await paintedFillFraction(page, bar)).toBeCloseTo(expected, 1)
    await expectNoAxeViolations(page)
    await screenshots(page, 'basket-minimum-spend')
    expect(violations).toEqual([])
  })
})

test.describe('content security policy', () => {
  test('no page or dialog a shopper opens breaks our own CSP', async ({ page }) => {
    const violations = cspViolations(page)
    await page.goto(urlOn(HOSTS.brandOne, '/'))
    await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by?postcode=M1%201AE'))
    await page.goto(storeUrl())
    await page.goto(storeUrl('/category/deli-sandwiches'))
    await waitForIsland(page, 'QuickView')
    await page
      .getByRole('button', { name: /^Choose options/ })
      .first()
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await addFromItemPage(page, '/category/milk/semi-skimmed-milk-2-pints', 1)
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    await waitForIsland(page, 'BasketEditor')
    await page.goto(storeUrl('/time-slots?method=delivery'))
    await page.goto(urlOn(HOSTS.brandOne, '/login'))
    await page.goto(urlOn(HOSTS.brandOne, '/register'))
    await page.goto(urlOn('greenway.localhost', '/'))
    expect(violations).toEqual([])
  })
})

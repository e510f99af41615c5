import { expect, test } from './fixtures.ts'
import {
  expectNoAxeViolations,
  HOSTS,
  SCREENSHOTS,
  screenshots,
  urlOn,
  VIEWPORTS,
} from './helpers.ts'

// The pages issue 35 items 10 and 21 changed, looked at and checked with axe.

test('the cookie policy lists the cookies the code sets and the outside services', async ({
  page,
}) => {
  await page.goto(urlOn(HOSTS.brandOne, '/cookie-policy'))
  await expect(page.getByRole('heading', { name: 'Every cookie this site sets' })).toBeVisible()
  await expect(page.getByText('only if you agree')).toHaveCount(0)
  await expect(page.getByRole('rowheader', { name: 'sf_basket', exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'cookie-policy')
})

test("the cookie policy's table stacks its rows on a phone and reads whole at each width", async ({
  page,
}) => {
  const brands = [
    { name: 'uk', host: HOSTS.brandOne, table: 'Cookies this site uses' },
    { name: 'nl', host: 'utrecht.localhost', table: 'Cookies die deze site gebruikt' },
  ]
  for (const brand of brands) {
    await page.goto(urlOn(brand.host, '/cookie-policy'))
    const table = page.getByRole('region', { name: brand.table })
    // The head row first, then the first cookie's.
    const first = table.getByRole('row').nth(1)
    for (const viewport of VIEWPORTS) {
      const where = `${brand.name} at ${viewport.width}`
      await page.setViewportSize(viewport)
      await first.scrollIntoViewIfNeeded()
      const name = first.getByRole('rowheader')
      const purpose = first.getByRole('cell').first()
      await expect(name, where).toBeInViewport({ ratio: 1 })
      await expect(purpose, where).toBeInViewport({ ratio: 1 })
      await expect(name, where).not.toBeEmpty()
      await expect(purpose, where).not.toBeEmpty()
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth
      )
      expect(sideways, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0)
      expect(
        await table.evaluate((box) => box.scrollWidth - box.clientWidth),
        `${where}: the table scrolls sideways`
      ).toBeLessThanOrEqual(0)
      // Not squeezed: on a phone the purpose has most of the card's width, under the name.
      const nameBox = await name.boundingBox()
      const purposeBox = await purpose.boundingBox()
      if (viewport.width < 768) {
        expect(purposeBox?.width ?? 0, `${where}: the purpose squeezed`).toBeGreaterThan(
          viewport.width / 2
        )
        expect(purposeBox?.y ?? 0, `${where}: the purpose under the name`).toBeGreaterThan(
          nameBox?.y ?? 0
        )
        // Each cell's column name fits the room before its value (a long Dutch one included).
        for (const cell of await first.getByRole('cell').all()) {
          const overrun = await cell.evaluate((element) => {
            const label = getComputedStyle(element, '::before')
            const probe = document.createElement('span')
            probe.textContent = element.getAttribute('data-label')
            probe.style.font = label.font
            probe.style.position = 'absolute'
            probe.style.whiteSpace = 'nowrap'
            document.body.append(probe)
            const needed = probe.getBoundingClientRect().width
            probe.remove()
            return needed - Number.parseFloat(label.width)
          })
          expect(overrun, `${where}: a column name runs into its value`).toBeLessThanOrEqual(0)
        }
      }
      await page.screenshot({
        path: `${SCREENSHOTS}/cookie-table-${brand.name}-${viewport.width}.png`,
        fullPage: true,
      })
    }
    await expectNoAxeViolations(page)
  }
})

test('a console page that is not there stays in the console, with a way home', async ({ page }) => {
  const response = await page.goto(urlOn(HOSTS.brandOne, '/store/nothing/here'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('alert')).toBeFocused()
  await expect(page.getByRole('link', { name: 'Store console home' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expectNoAxeViolations(page)
  for (const width of [390, 1024]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `${SCREENSHOTS}/console-not-found-${width}.png`, fullPage: true })
  }
})

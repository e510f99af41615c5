import type { Locator, Page } from '@playwright/test'
import { expect, guestAtPayment, test } from './pages/index.ts'
import { acceptOrder, consoleUrl, openOrder, staffBrowser } from './pages/store-console.ts'
import { SCREENSHOTS, VIEWPORTS, waitForIsland } from './helpers.ts'

/*
 * The consoles at 1024 wide, a small laptop or a landscape tablet on the counter (issue 38: the
 * consoles became feature folders, ADR 057; their look must not change). Each page is drawn and
 * must fit the width: a view that lost its styles or a table that overflows fails here.
 */

const TABLET = { width: 1024, height: 768 }

async function looksRight(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Styled (the stylesheet arrived) and nothing wider than the window.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth
  )
  expect(overflow, `${name} scrolls sideways at 1024`).toBeLessThanOrEqual(0)
  expect(await page.evaluate(() => document.styleSheets.length), `${name} styled`).toBeGreaterThan(
    0
  )
  await page.screenshot({ path: `${SCREENSHOTS}/console-${name}-1024.png`, fullPage: true })
}

test('the store console and the operator console at 1024 wide', async ({
  page,
  browser,
  payment,
}) => {
  test.setTimeout(240_000)
  await guestAtPayment(page, 'console-look', 'collection')
  await payment.payByCash()
  const orderNumber = await payment.expectOrderPlaced()

  const manager = await staffBrowser(browser, 'manager')
  await manager.page.setViewportSize(TABLET)
  await manager.page.goto(consoleUrl('/1/board'))
  await waitForIsland(manager.page, 'StoreBoard')
  await expect(manager.main().getByRole('link', { name: new RegExp(orderNumber) })).toBeVisible()
  await looksRight(manager.page, 'board')

  await openOrder(manager, orderNumber)
  await expect(manager.page.getByRole('button', { name: 'Accept order' })).toBeVisible()
  await looksRight(manager.page, 'order')
  await acceptOrder(manager.page)
  await expect(
    manager.page.getByRole('button', { name: 'Picked', exact: true }).first()
  ).toBeVisible()
  await looksRight(manager.page, 'picking')

  await manager.page.goto(consoleUrl('/1/controls'))
  await expect(manager.page.getByRole('button', { name: 'Pause new orders' })).toBeVisible()
  await looksRight(manager.page, 'controls')
  await manager.context.close()

  const operator = await staffBrowser(browser, 'operator')
  await operator.page.setViewportSize(TABLET)
  for (const area of ['stores', 'brands', 'catalogue', 'insight']) {
    await operator.page.goto(consoleUrl(`/operator/${area}`))
    await expect(operator.page.getByRole('navigation', { name: 'Operator console' })).toBeVisible()
    await looksRight(operator.page, `operator-${area}`)
  }
  await operator.context.close()
})

/*
 * The consoles at a desktop's 1280 and a phone's 390 (issue 38's "screenshots of the consoles
 * looked at"): each page is drawn styled, its heading and its console's navigation shown, and
 * nothing wider than the window, at both widths.
 */
test('the store console and the operator console at 1280 and 390 wide', async ({ browser }) => {
  test.setTimeout(180_000)
  const atEachWidth = async (page: Page, name: string, ready: () => Promise<void>) => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport)
      await ready()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth
      )
      expect(overflow, `${name} scrolls sideways at ${viewport.width}`).toBeLessThanOrEqual(0)
      await page.screenshot({
        path: `${SCREENSHOTS}/console-${name}-${viewport.width}.png`,
        fullPage: true,
      })
    }
  }

  const manager = await staffBrowser(browser, 'manager')
  await manager.page.goto(consoleUrl('/1/board'))
  await waitForIsland(manager.page, 'StoreBoard')
  await atEachWidth(manager.page, 'board', async () => {
    await expect(manager.main()).toBeVisible()
  })
  await manager.page.goto(consoleUrl('/1/controls'))
  await atEachWidth(manager.page, 'controls', async () => {
    await expect(manager.page.getByRole('button', { name: 'Pause new orders' })).toBeVisible()
  })
  await manager.context.close()

  const operator = await staffBrowser(browser, 'operator')
  for (const [area, keyColumns] of Object.entries(KEY_COLUMNS)) {
    await operator.page.goto(consoleUrl(`/operator/${area}`))
    await atEachWidth(operator.page, `operator-${area}`, async () => {
      const tabs = operator.page.getByRole('navigation', { name: 'Operator console' })
      await expect(tabs).toBeVisible()
      // Every tab shows, none scrolled out of sight (the row wraps on a phone).
      for (const tab of await tabs.getByRole('link').all()) await fitsTheWidth(operator.page, tab)
      // The first row's name and key columns show whole: stacked on a phone, a table wider.
      const row = operator.page.locator('main table tbody tr').first()
      await fitsTheWidth(operator.page, row.getByRole('rowheader'))
      for (const column of keyColumns) {
        await fitsTheWidth(operator.page, row.locator(`td[data-label="${column}"]`))
      }
    })
  }
  await operator.context.close()
})

/** The columns an operator reads a list's row by, beside its name (issue 38: at 390 px). */
const KEY_COLUMNS: Readonly<Record<string, ReadonlyArray<string>>> = {
  stores: ['Postcode', 'Now', 'Live'],
  brands: ['Domains', 'Live'],
}

/** The element is shown and lies wholly inside the window's width: not cut off, not scrolled. */
async function fitsTheWidth(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible()
  const box = await element.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box, 'drawn').not.toBeNull()
  expect(box?.x ?? -1, 'starts inside the window').toBeGreaterThanOrEqual(0)
  expect((box?.x ?? 0) + (box?.width ?? Infinity), `ends inside ${width}`).toBeLessThanOrEqual(
    width
  )
}

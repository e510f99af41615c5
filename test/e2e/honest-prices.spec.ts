import { HOSTS, screenshots, urlOn, VIEWPORTS, waitForIsland } from './helpers.ts'
import { CHEDDAR, DEMO_STORE, expect, guestAtPayment, StorePages, test } from './pages/index.ts'

// Honest prices (README): every fee before the basket, money with pence, no false price claim,
// no tobacco promotion, and a card page that charges only what the shopper was last shown.

const storeUrl = (path = '') => urlOn(HOSTS.brandOne, `/stores/${DEMO_STORE}${path}`)

/** Money shown without its pence ('£2' rather than '£2.00'). */
const BARE_POUNDS = /£\d+(?![\d.])/

test.describe('honest prices', () => {
  test('results and store pages show every fee up front, always with pence', async ({ page }) => {
    await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by/M1%201AE'))
    const cards = page.getByRole('article')
    await expect(cards.first()).toContainText(/£\d+\.\d{2} delivery|Free delivery/)
    await expect(cards.first()).toContainText(/Min £\d+\.\d{2}|No min order/)
    await expect(cards.first()).toContainText(/\d miles?/)
    expect(await page.getByRole('main').innerText()).not.toMatch(BARE_POUNDS)
    await screenshots(page, 'prices-results')

    await page.goto(storeUrl())
    const main = page.getByRole('main')
    await expect(main.getByText('Service fee', { exact: true })).toBeVisible()
    await expect(main.getByText('Minimum spend', { exact: true })).toBeVisible()
    // One distance unit per country: miles on a GB store's page, as on the results page.
    await expect(main.locator('dt:text-is("Delivers within") + dd')).toHaveText(
      /^\d+(\.\d)? miles?$/
    )
    expect(await main.innerText()).not.toMatch(BARE_POUNDS)
    await screenshots(page, 'prices-store')
  })

  test('a strike-through price always has its price-drop badge, and tobacco has neither', async ({
    page,
  }) => {
    for (const path of ['/category/food-cupboard', '/category/tobacco', '/category/drinks']) {
      await page.goto(storeUrl(path))
      const cards = page.getByRole('main').getByRole('article')
      const count = await cards.count()
      expect(count, path).toBeGreaterThan(0)
      for (let index = 0; index < count; index++) {
        const card = cards.nth(index)
        const struck = (await card.locator('s').count()) > 0
        const badge = (await card.getByText('Price drop', { exact: true }).count()) > 0
        expect(struck, `${path} card ${index}`).toBe(badge)
        if (path.includes('tobacco')) {
          expect(struck || badge, `${path} card ${index}`).toBe(false)
          await expect(card.getByText(/Best seller|New|Local/)).toHaveCount(0)
        }
      }
      // Every item with a size shows its unit price.
      expect(await page.getByRole('main').innerText()).toMatch(
        /(£\d+\.\d{2}|\d+p)(\/kg|\/litre| each)/
      )
    }
    await page.goto(storeUrl('/category/food-cupboard'))
    await screenshots(page, 'prices-category')
  })
})

test('a basket changed in another tab is not charged: the payment page shows the new total', async ({
  page,
  context,
  payment,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(VIEWPORTS[0])
  await guestAtPayment(page, 'tabs', 'collection')
  const shownButton = await page.getByRole('button', { name: /^Pay £/ }).innerText()

  // The other tab adds another cheddar.
  const other = await context.newPage()
  await new StorePages(other).addItem(CHEDDAR)
  await other.close()

  await payment.payByCash()
  await expect(page).toHaveURL(/\/checkout\/payment\?payment=changed$/)
  const alert = page.getByRole('alert').filter({ hasText: 'promotions/prices may have changed' })
  await expect(alert).toContainText(
    /^Please check your basket as promotions\/prices may have changed\. Your new total is £\d+\.\d{2}\.$/
  )
  await waitForIsland(page, 'PaymentForm')
  const newButton = await page.getByRole('button', { name: /^Pay £/ }).innerText()
  expect(newButton).not.toBe(shownButton)
  expect(await alert.innerText()).toContain(newButton.replace(/^Pay /, ''))
  await screenshots(page, 'prices-payment-changed')
})

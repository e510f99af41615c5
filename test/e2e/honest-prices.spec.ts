import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { HOSTS, urlOn, reserveFirstSlot, waitForIsland, uniqueEmail } from './helpers.ts'

// Issue 13 §4: every fee before the basket, money with pence, no false price claim, no tobacco
// promotion, and a card page that charges only what the shopper was last shown.

const STORE = 'manchester-piccadilly'
const storeUrl = (path = '') => urlOn(HOSTS.brandOne, `/stores/${STORE}${path}`)
const SCREENS = 'test-results/screens'
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

async function screenshots(page: Page, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.screenshot({
      path: `${SCREENS}/prices-${name}-${viewport.width}.png`,
      fullPage: true,
    })
  }
}

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
    await screenshots(page, 'results')

    await page.goto(storeUrl())
    const main = page.getByRole('main')
    await expect(main.getByText('Service fee', { exact: true })).toBeVisible()
    await expect(main.getByText('Minimum spend', { exact: true })).toBeVisible()
    // One distance unit per country: miles on a GB store's page, as on the results page.
    await expect(main.locator('dt:text-is("Delivers within") + dd')).toHaveText(
      /^\d+(\.\d)? miles?$/
    )
    expect(await main.innerText()).not.toMatch(BARE_POUNDS)
    await screenshots(page, 'store')
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
    await screenshots(page, 'category')
  })
})

/** A collection basket with a held slot and the contact details, at the payment step. */
async function atPayment(page: Page): Promise<void> {
  // The postcode search saves the location cookie the slot page needs.
  await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by?postcode=M1%201AE'))
  await page.goto(storeUrl('/category/cheese/vintage-cheddar-400g'))
  await waitForIsland(page, 'ItemOptions')
  await page.getByLabel('Quantity', { exact: true }).fill('3')
  await page.getByRole('button', { name: /^Add to basket/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible()
  await page.goto(storeUrl('/time-slots?method=collection'))
  await reserveFirstSlot(page)
  await expect(page.getByTestId('held-slot')).toContainText('Collection, ')
  await page.goto(urlOn(HOSTS.brandOne, '/checkout'))
  await page.getByRole('link', { name: 'Continue as guest' }).click()
  const form = page.getByRole('main')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Tabs')
  await form.getByLabel('Email address').fill(uniqueEmail('tabs'))
  await form.getByLabel('Mobile number').fill('07700 900123')
  await form.getByLabel(/I agree to the/).check()
  await form.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/checkout\/payment$/)
}

test('a basket changed in another tab is not charged: the payment page shows the new total', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(VIEWPORTS[0])
  await atPayment(page)
  await waitForIsland(page, 'PaymentForm')
  const shownButton = await page.getByRole('button', { name: /^Pay £/ }).innerText()

  // The other tab adds another cheddar.
  const other = await context.newPage()
  await other.goto(storeUrl('/category/cheese/vintage-cheddar-400g'))
  await waitForIsland(other, 'ItemOptions')
  await other.getByRole('button', { name: /^Add to basket/ }).click()
  await expect(other.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible()
  await other.close()

  await page.getByRole('radio', { name: /Cash/ }).check()
  await page.getByLabel(/available in cash/).check()
  await page.getByRole('button', { name: /^Pay £/ }).click()
  await expect(page).toHaveURL(/\/checkout\/payment\?payment=changed$/)
  const alert = page.getByRole('alert').filter({ hasText: 'promotions/prices may have changed' })
  await expect(alert).toContainText(
    /^Please check your basket as promotions\/prices may have changed\. Your new total is £\d+\.\d{2}\.$/
  )
  await waitForIsland(page, 'PaymentForm')
  const newButton = await page.getByRole('button', { name: /^Pay £/ }).innerText()
  expect(newButton).not.toBe(shownButton)
  expect(await alert.innerText()).toContain(newButton.replace(/^Pay /, ''))
  await screenshots(page, 'payment-changed')
})

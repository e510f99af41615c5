import {
  CHEDDAR,
  CheckoutPages,
  DEMO_STORE,
  expect,
  StorePages,
  storeSearch,
  test,
} from './pages/index.ts'
import { HOSTS, reserveFirstSlot, screenshots, urlOn, waitForIsland } from './helpers.ts'

/*
 * Each brand's shop from the home page to checkout, photographed at a phone's and a desk's width
 * (test-results/screenshots/look-<brand>-<page>-<width>.png): the pictures a person holds beside
 * Ocado's and Tesco's. Each step first checks what a shopper sees there.
 */

const BRANDS = [
  { slug: 'corner-fresh', name: 'Corner Fresh', host: HOSTS.brandOne },
  { slug: 'northside-market', name: 'Northside Market', host: HOSTS.brandTwo },
  { slug: 'greenway-grocer', name: 'Greenway Grocer', host: 'greenway.localhost' },
] as const

const CATEGORY = '/category/fruit-veg'

for (const brand of BRANDS) {
  test(`${brand.name}: home, store, category, item, slots, basket and checkout`, async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const shot = (name: string) => screenshots(page, `look-${brand.slug}-${name}`, { top: true })
    const store = new StorePages(page, DEMO_STORE, brand.host)

    await page.goto(urlOn(brand.host, '/'))
    await expect(page.getByRole('banner').getByRole('link', { name: brand.name })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await shot('home')

    await storeSearch(page, brand.host).byPostcode('M1 1AE')
    await page.goto(store.url())
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Piccadilly')
    await shot('store')

    await page.goto(store.url(CATEGORY))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Fruit/)
    await expect(
      page
        .getByRole('main')
        .getByText(/£\d+\.\d{2}/)
        .first()
    ).toBeVisible()
    await shot('category')

    await store.addItem(CHEDDAR, 3)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Vintage cheddar/)
    await shot('item')

    await page.goto(store.url('/time-slots?method=delivery'))
    await reserveFirstSlot(page)
    await expect(page.getByTestId('held-slot')).toContainText('Delivery, ')
    // Each open slot says what its delivery costs.
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: /£\d+\.\d{2}|Free/ })
        .first()
    ).toBeVisible()
    await shot('slots')

    await page.goto(urlOn(brand.host, '/basket'))
    await waitForIsland(page, 'BasketEditor')
    await expect(
      page
        .getByRole('main')
        .getByText(/Vintage cheddar/)
        .first()
    ).toBeVisible()
    await shot('basket')

    const checkout = new CheckoutPages(page, brand.host)
    await checkout.open()
    await expect(page).toHaveURL(/\/checkout\/options$/)
    await checkout.asGuest()
    await expect(
      page.getByRole('main').getByRole('button', { name: 'Continue to payment' })
    ).toBeVisible()
    await shot('checkout')
  })
}

// The second demo business (issue 36): its own host, look, stores and range, none of Corner
// Fresh's, even in Bristol where both have stores.
test('Harbour Pantry: home, its Bristol stores and its own range', async ({ page }) => {
  const host = 'harbour.localhost'
  const shot = (name: string) => screenshots(page, `look-harbour-pantry-${name}`, { top: true })
  await page.goto(urlOn(host, '/'))
  await expect(page.getByRole('banner').getByRole('link', { name: 'Harbour Pantry' })).toBeVisible()
  await shot('home')

  await storeSearch(page, host).byPostcode('BS1 5TR')
  const main = page.getByRole('main')
  await expect(main.getByText('Bristol Harbourside').first()).toBeVisible()
  await expect(main.getByText('Clifton Village').first()).toBeVisible()
  await expect(main.getByText('Bristol College Green')).toHaveCount(0)
  await shot('stores')

  const store = new StorePages(page, 'bristol-harbourside', host)
  await page.goto(store.url(CATEGORY))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Fruit/)
  await expect(main.getByText(/£\d+\.\d{2}/).first()).toBeVisible()
  await shot('category')
  // Corner Fresh's stores are not Harbour Pantry's: its Bristol store is not found here.
  const corner = await page.goto(urlOn(host, '/stores/bristol'))
  expect(corner?.status()).toBe(404)
})

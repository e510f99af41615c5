import type { Page } from '@playwright/test'
import {
  expectNoAxeViolations,
  HOSTS,
  reserveFirstSlot,
  screenshots,
  uniqueEmail,
  urlOn,
  VIEWPORTS,
  waitForIsland,
} from './helpers.ts'
import { CHEDDAR, DEMO_STORE, expect, StorePages, storeSearch, test } from './pages/index.ts'

/** From the store directory (no postcode search ever) to a basket over the minimum spend. */
async function basketFromDirectory(page: Page): Promise<void> {
  await page.goto(urlOn(HOSTS.brandOne, '/stores'))
  await page.locator(`a[href="/stores/${DEMO_STORE}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`/stores/${DEMO_STORE}$`))
  await new StorePages(page).addItem(CHEDDAR, 3)
  const cookies = await page.context().cookies()
  expect(cookies.some((cookie) => cookie.name === 'sf_location')).toBe(false)
}

test.describe('a shopper who never searched a postcode', () => {
  test.use({ viewport: VIEWPORTS[0] })

  test('is asked for a postcode on the slot page, then chooses a slot and pays', async ({
    page,
    checkout,
    payment,
  }) => {
    test.setTimeout(150_000)
    await basketFromDirectory(page)
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    await page.getByRole('link', { name: 'Choose a time slot' }).click()

    // Asked right there, in the brand's search box, instead of being bounced back.
    await expect(page).toHaveURL(new RegExp(`/stores/${DEMO_STORE}/time-slots`))
    const prompt = page.getByRole('region', { name: 'Where should we deliver?' })
    await expect(prompt).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'slots-location-prompt')
    const postcode = prompt.getByLabel('Enter your delivery postcode')
    await postcode.fill('M1 1AE')
    await prompt.getByRole('button', { name: 'Show delivery times' }).click()

    // Back on the slot page with the postcode saved, still in change mode.
    await expect(page).toHaveURL(new RegExp(`/stores/${DEMO_STORE}/time-slots`))
    await expect(page.getByText('Delivering to M1 1AE')).toBeVisible()
    await reserveFirstSlot(page)
    await expect(page).toHaveURL(/\/basket$/)

    await checkout.open()
    await expect(page).toHaveURL(/\/checkout\/options$/)
    await checkout.asGuest()
    // The searched postcode fills the address's.
    await checkout.fillDetails({
      email: uniqueEmail('no-search'),
      address: { line1: '12 Portland Street', town: 'Manchester' },
    })
    await expect(page.getByRole('main').getByLabel('Postcode', { exact: true })).toHaveValue(
      'M1 1AE'
    )
    await checkout.submitDetails()
    await expect(page).toHaveURL(/\/checkout\/payment$/)

    await payment.payByCash()
    await expect(page).toHaveURL(/\/checkout\/success/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
  })

  test('collects without giving any location', async ({ page }) => {
    test.setTimeout(90_000)
    await basketFromDirectory(page)
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    await page.getByRole('link', { name: 'Choose a time slot' }).click()
    await page.getByRole('link', { name: 'Collection' }).click()
    await expect(page.getByRole('region', { name: 'Where should we deliver?' })).toHaveCount(0)
    await reserveFirstSlot(page)
    await expect(page).toHaveURL(/\/basket$/)
    const cookies = await page.context().cookies()
    expect(cookies.some((cookie) => cookie.name === 'sf_location')).toBe(false)
  })

  test('checkout without a slot goes to the slot page and says why', async ({ page }) => {
    test.setTimeout(90_000)
    await basketFromDirectory(page)
    await page.goto(urlOn(HOSTS.brandOne, '/checkout'))
    await expect(page).toHaveURL(new RegExp(`/stores/${DEMO_STORE}/time-slots`))
    const flash = page
      .getByRole('status')
      .filter({ hasText: 'You need to select a delivery slot.' })
    await expect(flash).toBeVisible()
    await expect(flash).toBeFocused()
    await screenshots(page, 'slots-flash-slot-required')
  })
})

test.describe('delivery only where the store delivers', () => {
  test.use({ viewport: VIEWPORTS[0] })

  test('the slot page says the store does not deliver to Wick and offers collection', async ({
    page,
  }) => {
    await storeSearch(page).byPostcode('KW1 4YT')
    await page.goto(urlOn(HOSTS.brandOne, `/stores/${DEMO_STORE}/time-slots?method=delivery`))
    const notice = page.getByRole('region', { name: "We can't deliver there" })
    await expect(notice).toContainText("doesn't deliver to KW1 4YT")
    await expect(notice.getByRole('link', { name: 'Find a store that delivers' })).toHaveAttribute(
      'href',
      '/stores-near-by/KW1%204YT'
    )
    await expectNoAxeViolations(page)
    await screenshots(page, 'slots-outside-area')
    await notice.getByRole('link', { name: 'Collect from the store' }).click()
    await waitForIsland(page, 'SlotPicker')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /Choose a collection (time|day)/
    )
  })

  test('checkout details refuses a Wick address for a Manchester store', async ({
    page,
    store,
    checkout,
  }) => {
    test.setTimeout(120_000)
    await basketFromDirectory(page)
    await storeSearch(page).byPostcode('M1 1AE')
    await store.reserveSlot('delivery', { change: true })
    await expect(page).toHaveURL(/\/basket$/)
    await checkout.open()
    await checkout.asGuest()
    await checkout.fillDetails({
      email: uniqueEmail('wick'),
      address: { line1: '1 Harbour Quay', town: 'Wick', postcode: 'KW1 4YT' },
    })
    await checkout.submitDetails()
    await expect(page).toHaveURL(/\/checkout\/details$/)
    const alert = page.getByRole('alert').filter({ hasText: "doesn't deliver to KW1 4YT" })
    await expect(alert).toBeVisible()
    await expect(alert.getByRole('link', { name: 'Collect from the store instead' })).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'details-outside-area')
  })
})

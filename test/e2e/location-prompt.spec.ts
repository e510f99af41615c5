import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import {
  expectNoAxeViolations,
  HOSTS,
  urlOn,
  reserveFirstSlot,
  waitForIsland,
  uniqueEmail,
} from './helpers.ts'

// A central Manchester demo store: delivery (3 km) and collection, cash accepted, £10 minimum.
const STORE = 'manchester-piccadilly'
const SCREENS = 'test-results/screens'
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

async function screens(page: Page, name: string): Promise<void> {
  const current = page.viewportSize()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `${SCREENS}/${name}-${viewport.width}.png`, fullPage: true })
  }
  if (current) await page.setViewportSize(current)
}

/** From the store directory (no postcode search ever) to a basket over the minimum spend. */
async function basketFromDirectory(page: Page): Promise<void> {
  await page.goto(urlOn(HOSTS.brandOne, '/stores'))
  await page.locator(`a[href="/stores/${STORE}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`/stores/${STORE}$`))
  await page.goto(urlOn(HOSTS.brandOne, `/stores/${STORE}/category/cheese/vintage-cheddar-400g`))
  await waitForIsland(page, 'ItemOptions')
  await page.getByLabel('Quantity', { exact: true }).fill('3')
  await page.getByRole('button', { name: /^Add to basket/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.some((cookie) => cookie.name === 'sf_location')).toBe(false)
}

test.describe('a shopper who never searched a postcode', () => {
  test.use({ viewport: VIEWPORTS[0] })

  test('is asked for a postcode on the slot page, then chooses a slot and pays', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await basketFromDirectory(page)
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    await page.getByRole('link', { name: 'Choose a time slot' }).click()

    // Asked right there, in the brand's search box, instead of being bounced back.
    await expect(page).toHaveURL(new RegExp(`/stores/${STORE}/time-slots`))
    const prompt = page.getByRole('region', { name: 'Where should we deliver?' })
    await expect(prompt).toBeVisible()
    await expectNoAxeViolations(page)
    await screens(page, 'slots-location-prompt')
    const postcode = prompt.getByLabel('Enter your delivery postcode')
    await postcode.fill('M1 1AE')
    await prompt.getByRole('button', { name: 'Show delivery times' }).click()

    // Back on the slot page with the postcode saved, still in change mode.
    await expect(page).toHaveURL(new RegExp(`/stores/${STORE}/time-slots`))
    await expect(page.getByText('Delivering to M1 1AE')).toBeVisible()
    await reserveFirstSlot(page)
    await expect(page).toHaveURL(/\/basket$/)

    await page.goto(urlOn(HOSTS.brandOne, '/checkout'))
    await expect(page).toHaveURL(/\/checkout\/options$/)
    await page.getByRole('link', { name: 'Continue as guest' }).click()
    await expect(page).toHaveURL(/\/checkout\/details$/)
    const form = page.getByRole('main')
    await form.getByLabel('First name').fill('Ada')
    await form.getByLabel('Last name').fill('Lovelace')
    await form.getByLabel('Email address').fill(uniqueEmail('no-search'))
    await form.getByLabel('Mobile number').fill('07700 900123')
    await form.getByLabel('Address line 1').fill('12 Portland Street')
    await form.getByLabel('Town or city').fill('Manchester')
    await expect(form.getByLabel('Postcode')).toHaveValue('M1 1AE')
    await form.getByLabel(/I agree to the/).check()
    await form.getByRole('button', { name: 'Continue to payment' }).click()
    await expect(page).toHaveURL(/\/checkout\/payment$/)

    await waitForIsland(page, 'PaymentForm')
    await page.getByRole('radio', { name: /Cash/ }).check()
    await page.getByLabel(/available in cash/).check()
    await page.getByRole('button', { name: /^Pay £/ }).click()
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
    await expect(page).toHaveURL(new RegExp(`/stores/${STORE}/time-slots`))
    const flash = page
      .getByRole('status')
      .filter({ hasText: 'You need to selected a delivery slot' })
    await expect(flash).toBeVisible()
    await expect(flash).toBeFocused()
    await screens(page, 'slots-flash-slot-required')
  })
})

test.describe('delivery only where the store delivers', () => {
  test.use({ viewport: VIEWPORTS[0] })

  test('the slot page says the store does not deliver to Wick and offers collection', async ({
    page,
  }) => {
    await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by?postcode=KW1%204YT'))
    await page.goto(urlOn(HOSTS.brandOne, `/stores/${STORE}/time-slots?method=delivery`))
    const notice = page.getByRole('region', { name: "We can't deliver there" })
    await expect(notice).toContainText("doesn't deliver to KW1 4YT")
    await expect(notice.getByRole('link', { name: 'Find a store that delivers' })).toHaveAttribute(
      'href',
      '/stores-near-by/KW1%204YT'
    )
    await expectNoAxeViolations(page)
    await screens(page, 'slots-outside-area')
    await notice.getByRole('link', { name: 'Collect from the store' }).click()
    await waitForIsland(page, 'SlotPicker')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /Choose a collection (time|day)/
    )
  })

  test('checkout details refuses a Wick address for a Manchester store', async ({ page }) => {
    test.setTimeout(120_000)
    await basketFromDirectory(page)
    await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by?postcode=M1%201AE'))
    await page.goto(urlOn(HOSTS.brandOne, `/stores/${STORE}/time-slots?method=delivery&change=1`))
    await reserveFirstSlot(page)
    await expect(page).toHaveURL(/\/basket$/)
    await page.goto(urlOn(HOSTS.brandOne, '/checkout'))
    await page.getByRole('link', { name: 'Continue as guest' }).click()
    const form = page.getByRole('main')
    await form.getByLabel('First name').fill('Ada')
    await form.getByLabel('Last name').fill('Lovelace')
    await form.getByLabel('Email address').fill(uniqueEmail('wick'))
    await form.getByLabel('Mobile number').fill('07700 900123')
    await form.getByLabel('Address line 1').fill('1 Harbour Quay')
    await form.getByLabel('Town or city').fill('Wick')
    await form.getByLabel('Postcode').fill('KW1 4YT')
    await form.getByLabel(/I agree to the/).check()
    await form.getByRole('button', { name: 'Continue to payment' }).click()
    await expect(page).toHaveURL(/\/checkout\/details$/)
    const alert = page.getByRole('alert').filter({ hasText: "doesn't deliver to KW1 4YT" })
    await expect(alert).toBeVisible()
    await expect(alert.getByRole('link', { name: 'Collect from the store instead' })).toBeVisible()
    await expectNoAxeViolations(page)
    await screens(page, 'details-outside-area')
  })
})

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

// A central Manchester demo store: delivery and collection, cash accepted, £10 minimum spend.
const STORE = 'manchester-piccadilly'
const storeUrl = (path = '') => urlOn(HOSTS.brandOne, `/stores/${STORE}${path}`)
const checkoutUrl = (path = '') => urlOn(HOSTS.brandOne, `/checkout${path}`)
const SCREENSHOTS = 'test-results/screenshots'
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

// Global Payments' published test cards (reference §3), accepted by the local sandbox page only.
const CARDS = {
  success: '4263970000005262',
  declined: '4000120000001154',
  challenge: '4012001038488884',
} as const

async function screenshots(page: Page, name: string): Promise<void> {
  const current = page.viewportSize()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.screenshot({
      path: `${SCREENSHOTS}/checkout-${name}-${viewport.width}.png`,
      fullPage: true,
    })
  }
  if (current) await page.setViewportSize(current)
}

/** A delivery basket over the store's minimum spend with a reserved future slot. */
async function basketWithSlot(
  page: Page,
  method: 'delivery' | 'collection' = 'delivery'
): Promise<void> {
  // The postcode search saves the location cookie the slot page needs.
  await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by?postcode=M1%201AE'))
  await page.goto(storeUrl('/category/cheese/vintage-cheddar-400g'))
  await waitForIsland(page, 'ItemOptions')
  await page.getByLabel('Quantity', { exact: true }).fill('3')
  await page.getByRole('button', { name: /^Add to basket/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible()

  await page.goto(storeUrl(`/time-slots?method=${method}`))
  await reserveFirstSlot(page)
  await expect(page.getByTestId('held-slot')).toContainText(
    method === 'delivery' ? 'Delivery, ' : 'Collection, '
  )
}

/** From /checkout through the options and the details form to the payment step. */
async function detailsAsGuest(page: Page, email: string): Promise<void> {
  await page.goto(checkoutUrl())
  await expect(page).toHaveURL(/\/checkout\/options$/)
  await page.getByRole('link', { name: 'Continue as guest' }).click()
  await expect(page).toHaveURL(/\/checkout\/details$/)
  await fillDetails(page, email)
}

async function fillDetails(page: Page, email: string | null): Promise<void> {
  // The footer's sign-up has an email field too.
  const form = page.getByRole('main')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  if (email !== null) await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Mobile number').fill('07700 900123')
  // Collection asks for no address.
  if ((await form.getByLabel('Address line 1').count()) > 0) {
    await form.getByLabel('Address line 1').fill('12 Portland Street')
    await form.getByLabel('Town or city').fill('Manchester')
    await form.getByLabel('Postcode').fill('M1 1AE')
  }
  await form.getByLabel(/I agree to the/).check()
  await form.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(/\/checkout\/payment$/)
}

/** Chooses a new card on the payment step and goes through the billing address to the card page. */
async function toCardPage(page: Page, options: { saveCard?: boolean } = {}): Promise<void> {
  await waitForIsland(page, 'PaymentForm')
  await page.getByRole('radio', { name: /New card/ }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\/payment\/billing-address\?shownTotal=\d+$/)
  if (options.saveCard) await page.getByLabel(/Save this card/).check()
  await page.getByRole('button', { name: 'Continue to card details' }).click()
  // The card form hands over to the hosted card page (here the worker's own sandbox).
  await expect(page).toHaveURL(/\/sandbox-gateway\/hpp\//)
}

async function payOnHostedPage(page: Page, card: string): Promise<void> {
  await expect(page.getByText(/Sandbox/).first()).toBeVisible()
  await page.getByLabel('Name on card').fill('Ada Lovelace')
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry month (MM)').fill('12')
  await page.getByLabel('Expiry year (YY)').fill('30')
  await page.getByLabel('Security code (CVV)').fill('123')
  await page.getByRole('button', { name: 'Pay now' }).click()
}

async function expectOrderPlaced(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/checkout\/success/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
  const number = (await page.locator('dt:text("Order number") + dd').textContent()) ?? ''
  expect(number).toMatch(/^[A-Z]{2,4}-[A-Z0-9]{8}$/)
  return number
}

test.describe('checkout', () => {
  test.use({ viewport: VIEWPORTS[0] })

  test('a guest pays by sandbox card and sees the order', { tag: '@dates' }, async ({ page }) => {
    test.setTimeout(120_000)
    await basketWithSlot(page)
    await page.goto(checkoutUrl())
    await expect(page).toHaveURL(/\/checkout\/options$/)
    await expectNoAxeViolations(page)
    await screenshots(page, 'options')
    await page.getByRole('link', { name: 'Continue as guest' }).click()

    // The details form refuses an unticked terms box before anything else.
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await expect(page).toHaveURL(/\/checkout\/details$/)
    await screenshots(page, 'details')
    await fillDetails(page, uniqueEmail('guest'))
    await expect(page.getByText('Sandbox mode')).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'payment')

    await toCardPage(page)
    await screenshots(page, 'hosted-page')
    await payOnHostedPage(page, CARDS.success)
    const number = await expectOrderPlaced(page)
    // The brand's prefix, where it goes and how it was paid (the hosted page named no card).
    expect(number).toMatch(/^CF-/)
    await expect(page.locator('dt:text("Delivering to") + dd')).toContainText('12 Portland Street')
    await expect(page.locator('dt:text("Delivering to") + dd')).toContainText('M1 1AE')
    await expect(page.locator('dt:text("Payment") + dd')).toHaveText('Card')
    await expect(page.getByText('Vintage Cheddar 400g')).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'success')

    // The basket is closed: the header is empty and checkout has nothing to pay for.
    await page.goto(checkoutUrl())
    await expect(page).not.toHaveURL(/\/checkout/)
    expect(number).not.toBe('')
  })

  test('a declined card says so and the shopper pays on a second try', async ({ page }) => {
    test.setTimeout(120_000)
    await basketWithSlot(page)
    await detailsAsGuest(page, uniqueEmail('declined'))
    await toCardPage(page)
    await payOnHostedPage(page, CARDS.declined)
    await expect(page).toHaveURL(/\/checkout\/payment\?payment=failed$/)
    await expect(page.locator('#payment-alert')).toHaveText(
      'There was an issue processing your payment. No money was taken. Please try again with another card or payment method.'
    )
    await screenshots(page, 'declined')

    await toCardPage(page)
    await payOnHostedPage(page, CARDS.success)
    await expectOrderPlaced(page)
  })

  test('a 3-D Secure challenge completes', async ({ page }) => {
    test.setTimeout(120_000)
    await basketWithSlot(page)
    await detailsAsGuest(page, uniqueEmail('challenge'))
    await toCardPage(page)
    await payOnHostedPage(page, CARDS.challenge)
    await expect(page.getByRole('heading', { name: '3-D Secure challenge' })).toBeVisible()
    await screenshots(page, 'challenge')
    await page.getByRole('button', { name: 'Authenticate' }).click()
    await expectOrderPlaced(page)
  })

  test(
    'cash needs the confirmation, then places the order',
    { tag: '@dates' },
    async ({ page }) => {
      test.setTimeout(120_000)
      await basketWithSlot(page)
      await detailsAsGuest(page, uniqueEmail('cash'))
      await waitForIsland(page, 'PaymentForm')
      const pay = page.getByRole('button', { name: /^Pay £/ })
      await pay.click()
      await expect(page.getByText('Please select an option')).toBeVisible()
      await page.getByRole('radio', { name: /Cash/ }).check()
      await screenshots(page, 'cash')
      await page.getByRole('button', { name: /^Pay £/ }).click()
      await expect(page).toHaveURL(/\/checkout\/payment$/)
      await page.getByLabel(/available in cash/).check()
      await page.getByRole('button', { name: /^Pay £/ }).click()
      await expectOrderPlaced(page)
      await expect(page.locator('dt:text("Payment") + dd')).toHaveText('Cash on delivery')
      await screenshots(page, 'success-cash')
    }
  )

  test('a collection order says where and when to collect, and that cash is paid there', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await basketWithSlot(page, 'collection')
    await detailsAsGuest(page, uniqueEmail('collect'))
    await waitForIsland(page, 'PaymentForm')
    await page.getByRole('radio', { name: /Cash/ }).check()
    await page.getByLabel(/available in cash/).check()
    await page.getByRole('button', { name: /^Pay £/ }).click()
    await expectOrderPlaced(page)
    await expect(page.locator('dt:text("Ready for collection") + dd')).toHaveText(/\d{2}:\d{2}/)
    const where = page.locator('dt:text("Collect from") + dd')
    await expect(where).toContainText('Manchester Piccadilly')
    await expect(where).toContainText('75 Portland Street')
    await expect(page.locator('dt:text("Payment") + dd')).toHaveText('Cash when you collect')
    await expectNoAxeViolations(page)
    await screenshots(page, 'success-collection')
  })

  test('a new registrant signs up inside checkout, saves a card, then pays with it and its CVV', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const email = uniqueEmail('member')
    await basketWithSlot(page)
    await page.goto(checkoutUrl())
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL(/\/checkout\/create$/)
    const form = page.getByRole('main')
    await form.getByLabel('First name').fill('Grace')
    await form.getByLabel('Last name').fill('Hopper')
    await form.getByLabel('Email address').fill(email)
    await form.getByLabel(/Mobile phone number/).fill('07700 900123')
    await form.getByLabel('Password', { exact: true }).fill('correct horse battery')
    await form.getByLabel('Confirm password').fill('correct horse battery')
    await form.getByLabel(/I agree to the/).check()
    await form.getByRole('button', { name: 'Create account' }).click()

    // Back in checkout as a member: the details carry the new account's name and email.
    await expect(page).toHaveURL(/\/checkout\/details$/)
    await expect(page.getByRole('main').getByLabel('Email address')).toHaveValue(email)
    await fillDetails(page, null)
    await toCardPage(page, { saveCard: true })
    await payOnHostedPage(page, CARDS.success)
    await expectOrderPlaced(page)

    // A second order with the saved card: the hosted page asks for the CVV only.
    await basketWithSlot(page)
    await page.goto(checkoutUrl())
    await expect(page).toHaveURL(/\/checkout\/(details|payment)$/)
    if (page.url().endsWith('/details')) await fillDetails(page, null)
    await waitForIsland(page, 'PaymentForm')
    await page.getByRole('radio', { name: /Visa •••• 5262/ }).check()
    await screenshots(page, 'saved-card')
    await page.getByRole('button', { name: /^Pay £/ }).click()
    await expect(page.getByText(/Pay with your saved card/)).toBeVisible()
    await page.getByRole('button', { name: 'Pay now' }).click()
    await expect(page.getByText('Please enter cvv number')).toBeVisible()
    await page.getByLabel('Security code (CVV)').fill('123')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await expectOrderPlaced(page)
  })

  for (const wallet of ['Google Pay', 'Apple Pay'] as const) {
    test(`${wallet} in the sandbox: a declined sheet, then an approved one`, async ({ page }) => {
      test.setTimeout(120_000)
      await basketWithSlot(page)
      await detailsAsGuest(page, uniqueEmail('wallet'))
      await waitForIsland(page, 'PaymentForm')
      await page.getByRole('radio', { name: new RegExp(`^${wallet}`) }).check()
      await page.getByRole('button', { name: /^Pay £/ }).click()
      const sheet = page.getByRole('dialog', { name: `Sandbox ${wallet}` })
      await expect(sheet).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshots(page, `${wallet === 'Apple Pay' ? 'apple' : 'google'}-pay-sheet`)
      await sheet.getByRole('radio', { name: 'Declined' }).check()
      await sheet.getByRole('button', { name: /^Pay £/ }).click()
      await expect(page.getByText('There was an issue processing your payment')).toBeVisible()

      await page.getByRole('button', { name: /^Pay £/ }).click()
      await page
        .getByRole('dialog', { name: `Sandbox ${wallet}` })
        .getByRole('button', { name: /^Pay £/ })
        .click()
      await expectOrderPlaced(page)
    })
  }

  test('a store closing during checkout blocks payment until it reopens', async ({ page }) => {
    test.setTimeout(120_000)
    await basketWithSlot(page)
    await detailsAsGuest(page, uniqueEmail('closing'))
    await waitForIsland(page, 'PaymentForm')
    const close = (closed: boolean) =>
      page.evaluate(
        async ({ store, closed }) => {
          const res = await fetch('/api/dev/stores/temporary-closure', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ storeSlug: store, closed }),
          })
          return res.status
        },
        { store: STORE, closed }
      )
    expect(await close(true)).toBe(200)
    try {
      await page.getByRole('radio', { name: /Cash/ }).check()
      await page.getByLabel(/available in cash/).check()
      await page.getByRole('button', { name: /^Pay £/ }).click()
      await expect(
        page.getByText(
          'Your selected store has closed. You cannot complete checkout until the store reopens.'
        )
      ).toBeVisible()
      await screenshots(page, 'store-closed')
      // Any checkout step now sends the shopper back to the basket with the same message.
      await page.goto(checkoutUrl('/payment'))
      await expect(page).toHaveURL(/\/basket$/)
    } finally {
      expect(await close(false)).toBe(200)
    }
    await page.goto(checkoutUrl('/payment'))
    await waitForIsland(page, 'PaymentForm')
    await page.getByRole('radio', { name: /Cash/ }).check()
    await page.getByLabel(/available in cash/).check()
    await page.getByRole('button', { name: /^Pay £/ }).click()
    await expectOrderPlaced(page)
  })
})

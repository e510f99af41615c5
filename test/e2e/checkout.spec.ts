import {
  expectNoAxeViolations,
  screenshots,
  uniqueEmail,
  VIEWPORTS,
  waitForIsland,
} from './helpers.ts'
import {
  basketWithSlot,
  CARDS,
  guestAtPayment,
  DEMO_STORE,
  expect,
  PORTLAND_STREET,
  test,
} from './pages/index.ts'

test.describe('checkout', () => {
  test.use({ viewport: VIEWPORTS[0] })

  test(
    'a guest pays by sandbox card and sees the order',
    { tag: '@dates' },
    async ({ page, checkout, payment }) => {
      test.setTimeout(120_000)
      await basketWithSlot(page)
      await checkout.open()
      await expect(page).toHaveURL(/\/checkout\/options$/)
      await expectNoAxeViolations(page)
      await screenshots(page, 'checkout-options')
      await page.getByRole('link', { name: 'Continue as guest' }).click()

      // The details form refuses an unticked terms box before anything else.
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await expect(page).toHaveURL(/\/checkout\/details$/)
      await screenshots(page, 'checkout-details')
      // The postcode finder lists the postcode's addresses and fills the one picked (issue 35
      // item 20); then the journey types its own address over it.
      const main = page.getByRole('main')
      await main.getByLabel('Find your address by postcode').fill('M1 1AA')
      await main.getByRole('button', { name: 'Find address' }).click()
      await main.getByRole('button', { name: '97 Albert Road, Manchester, M1 1AA' }).click()
      await expect(main.getByLabel('Address line 1')).toHaveValue('97 Albert Road')
      await expect(main.getByLabel('Postcode', { exact: true })).toHaveValue('M1 1AA')
      await expectNoAxeViolations(page)
      await screenshots(page, 'checkout-details-finder')
      await checkout.detailsToPayment({ email: uniqueEmail('guest'), address: PORTLAND_STREET })
      await expect(page.getByText('Sandbox mode')).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshots(page, 'checkout-payment')

      // The billing address's fields come with 'A different address' alone (issue 35 item 20).
      await page.getByRole('radio', { name: /New card/ }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page).toHaveURL(/\/checkout\/payment\/billing-address/)
      const line1 = page.getByRole('main').getByLabel('Address line 1')
      await expect(line1).toBeHidden()
      await page.getByRole('radio', { name: 'A different address' }).check()
      await expect(line1).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshots(page, 'checkout-billing-different')
      await page.getByRole('radio', { name: 'Same as delivery address' }).check()
      await expect(line1).toBeHidden()
      await page.getByRole('button', { name: 'Continue to card details' }).click()
      await expect(page).toHaveURL(/\/sandbox-gateway\/hpp\//)
      await screenshots(page, 'checkout-hosted-page')
      await payment.payByCard(CARDS.success)
      const number = await payment.expectOrderPlaced()
      // The brand's prefix, where it goes and how it was paid (the hosted page named no card).
      expect(number).toMatch(/^CF-/)
      await expect(page.locator('dt:text("Delivering to") + dd')).toContainText(
        '12 Portland Street'
      )
      await expect(page.locator('dt:text("Delivering to") + dd')).toContainText('M1 1AE')
      await expect(page.locator('dt:text("Payment") + dd')).toHaveText('Card')
      await expect(page.getByText('Vintage Cheddar 400g')).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshots(page, 'checkout-success')

      // The basket is closed: the header is empty and checkout has nothing to pay for.
      await checkout.open()
      await expect(page).not.toHaveURL(/\/checkout/)
      expect(number).not.toBe('')
    }
  )

  test('a declined card says so and the shopper pays on a second try', async ({
    page,
    payment,
  }) => {
    test.setTimeout(120_000)
    await guestAtPayment(page, 'declined')
    await payment.toCardPage()
    await payment.payByCard(CARDS.declined)
    await expect(page).toHaveURL(/\/checkout\/payment\?payment=failed$/)
    await expect(page.locator('#payment-alert')).toHaveText(
      'There was an issue processing your payment. No money was taken. Please try again with another card or payment method.'
    )
    await screenshots(page, 'checkout-declined')

    await payment.toCardPage()
    await payment.payByCard(CARDS.success)
    await payment.expectOrderPlaced()
  })

  test('a 3-D Secure challenge completes', async ({ page, payment }) => {
    test.setTimeout(120_000)
    await guestAtPayment(page, 'challenge')
    await payment.toCardPage()
    await payment.payByCard(CARDS.challenge)
    await expect(page.getByRole('heading', { name: '3-D Secure challenge' })).toBeVisible()
    await screenshots(page, 'checkout-challenge')
    await page.getByRole('button', { name: 'Authenticate' }).click()
    await payment.expectOrderPlaced()
  })

  test(
    'cash needs the confirmation, then places the order',
    { tag: '@dates' },
    async ({ page, payment }) => {
      test.setTimeout(120_000)
      await guestAtPayment(page, 'cash')
      const pay = page.getByRole('button', { name: /^Pay £/ })
      const confirmation = page.getByLabel(/available in cash/)
      // The cash confirmation belongs to cash alone (issue 35 item 20).
      await expect(confirmation).toBeHidden()
      await pay.click()
      await expect(page.getByText('Please select an option')).toBeVisible()
      await page.getByRole('radio', { name: /new card/i }).check()
      await expect(confirmation).toBeHidden()
      await page.getByRole('radio', { name: /Cash/ }).check()
      await expect(confirmation).toBeVisible()
      await screenshots(page, 'checkout-cash')
      await page.getByRole('button', { name: /^Pay £/ }).click()
      await expect(page).toHaveURL(/\/checkout\/payment$/)
      await page.getByLabel(/available in cash/).check()
      await page.getByRole('button', { name: /^Pay £/ }).click()
      await payment.expectOrderPlaced()
      await expect(page.locator('dt:text("Payment") + dd')).toHaveText('Cash on delivery')
      await screenshots(page, 'checkout-success-cash')
    }
  )

  test('a collection order says where and when to collect, and that cash is paid there', async ({
    page,
    payment,
  }) => {
    test.setTimeout(120_000)
    await guestAtPayment(page, 'collect', 'collection')
    await payment.payByCash()
    await payment.expectOrderPlaced()
    await expect(page.locator('dt:text("Ready for collection") + dd')).toHaveText(/\d{2}:\d{2}/)
    const where = page.locator('dt:text("Collect from") + dd')
    await expect(where).toContainText('Manchester Piccadilly')
    await expect(where).toContainText('75 Portland Street')
    await expect(page.locator('dt:text("Payment") + dd')).toHaveText('Cash when you collect')
    await expectNoAxeViolations(page)
    await screenshots(page, 'checkout-success-collection')
  })

  test('a new registrant signs up inside checkout, saves a card, then pays with it and its CVV', async ({
    page,
    checkout,
    payment,
  }) => {
    test.setTimeout(180_000)
    const email = uniqueEmail('member')
    await basketWithSlot(page)
    await checkout.open()
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
    await checkout.detailsToPayment({ email: null, address: PORTLAND_STREET })
    await payment.toCardPage({ saveCard: true })
    await payment.payByCard(CARDS.success)
    await payment.expectOrderPlaced()

    // A second order with the saved card: the hosted page asks for the CVV only.
    await basketWithSlot(page)
    await checkout.open()
    await expect(page).toHaveURL(/\/checkout\/(details|payment)$/)
    if (page.url().endsWith('/details'))
      await checkout.detailsToPayment({ email: null, address: PORTLAND_STREET })
    await waitForIsland(page, 'PaymentForm')
    await page.getByRole('radio', { name: /Visa •••• 5262/ }).check()
    await screenshots(page, 'checkout-saved-card')
    await page.getByRole('button', { name: /^Pay £/ }).click()
    await expect(page.getByText(/Pay with your saved card/)).toBeVisible()
    await page.getByRole('button', { name: 'Pay now' }).click()
    await expect(page.getByText('Please enter cvv number')).toBeVisible()
    await page.getByLabel('Security code (CVV)').fill('123')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await payment.expectOrderPlaced()
  })

  for (const wallet of ['Google Pay', 'Apple Pay'] as const) {
    test(`${wallet} in the sandbox: a declined sheet, then an approved one`, async ({
      page,
      payment,
    }) => {
      test.setTimeout(120_000)
      await guestAtPayment(page, 'wallet')
      await page.getByRole('radio', { name: new RegExp(`^${wallet}`) }).check()
      await page.getByRole('button', { name: /^Pay £/ }).click()
      const sheet = page.getByRole('dialog', { name: `Sandbox ${wallet}` })
      await expect(sheet).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshots(page, `checkout-${wallet === 'Apple Pay' ? 'apple' : 'google'}-pay-sheet`)
      await sheet.getByRole('radio', { name: 'Declined' }).check()
      await sheet.getByRole('button', { name: /^Pay £/ }).click()
      await expect(page.getByText('There was an issue processing your payment')).toBeVisible()

      await page.getByRole('button', { name: /^Pay £/ }).click()
      await page
        .getByRole('dialog', { name: `Sandbox ${wallet}` })
        .getByRole('button', { name: /^Pay £/ })
        .click()
      await payment.expectOrderPlaced()
    })
  }

  test('a store closing during checkout blocks payment until it reopens', async ({
    page,
    checkout,
    payment,
  }) => {
    test.setTimeout(120_000)
    await guestAtPayment(page, 'closing')
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
        { store: DEMO_STORE, closed }
      )
    expect(await close(true)).toBe(200)
    try {
      await payment.payByCash()
      await expect(
        page.getByText(
          'Your selected store has closed. You cannot complete checkout until the store reopens.'
        )
      ).toBeVisible()
      await screenshots(page, 'checkout-store-closed')
      // Any checkout step now sends the shopper back to the basket with the same message.
      await checkout.open('/payment')
      await expect(page).toHaveURL(/\/basket$/)
    } finally {
      expect(await close(false)).toBe(200)
    }
    await checkout.open('/payment')
    await payment.payByCash()
    await payment.expectOrderPlaced()
  })
})

import type { Page } from '@playwright/test'
import { expectNoAxeViolations, HOSTS, screenshots, uniqueEmail, urlOn } from './helpers.ts'
import { basketWithSlot, CARDS, expect, PORTLAND_STREET, test } from './pages/index.ts'
import { registerThroughForm } from './pages/member-details.ts'

const url = (path: string) => urlOn(HOSTS.brandOne, path)

/** Fills the add form of /member/addresses and saves it. */
async function addAddress(
  page: Page,
  address: { name: string; line1: string; postcode: string }
): Promise<void> {
  const form = page.locator('#address-form')
  await form.getByLabel('Address name').fill(address.name)
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByLabel('Address line 1').fill(address.line1)
  await form.getByLabel('Town or city').fill('Manchester')
  await form.getByLabel('Postcode', { exact: true }).fill(address.postcode)
  await form.getByRole('button', { name: 'Save address' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your address has been saved.' })
  ).toBeVisible()
}

test('a member adds two addresses, makes the second the default, checkout pre-selects it; then deletes a saved card', async ({
  page,
  checkout,
  payment,
}) => {
  test.setTimeout(180_000)
  await registerThroughForm(page, uniqueEmail('addresses'))
  await page.goto(url('/member/addresses'))
  await expectNoAxeViolations(page)
  // The first through the address search: a suggestion fills the lines from place details.
  const form = page.locator('#address-form')
  await form.getByRole('combobox', { name: 'Or search for your address' }).fill('97 Albert')
  await page
    .getByRole('option', { name: /97 Albert Road/ })
    .first()
    .click()
  await expect(form.getByLabel('Address line 1')).toHaveValue('97 Albert Road')
  await expect(form.getByLabel('Postcode', { exact: true })).toHaveValue('M1 1AA')
  await form.getByLabel('Address name').fill('Home')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('Your address has been saved.')).toBeVisible()
  await addAddress(page, { name: 'Work', line1: PORTLAND_STREET.line1, postcode: 'M1 1AE' })
  const work = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Work' }) })
  await work.getByRole('button', { name: /Make default/ }).click()
  await expect(page.getByText('Work is now your default delivery address.')).toBeVisible()
  await expect(work.getByText('Default', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-addresses')

  // Checkout offers the saved addresses with the default chosen.
  await basketWithSlot(page)
  await checkout.open()
  await expect(page).toHaveURL(/\/checkout\/details$/)
  await expect(page.getByRole('radio', { name: /^Work \(default\)/ })).toBeChecked()
  await checkout.detailsToPayment({ email: null })
  await payment.toCardPage({ saveCard: true })
  await payment.payByCard(CARDS.success)
  await payment.expectOrderPlaced()
  await expect(page.locator('dt:text("Delivering to") + dd')).toContainText('12 Portland Street')

  // The card saved while paying is listed, and deleted after the page asks.
  await page.goto(url('/member/cards'))
  await expect(page.getByRole('heading', { name: 'Visa •••• 5262' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-cards')
  await page.getByRole('link', { name: /Delete Visa ending 5262/ }).click()
  await expect(page.getByRole('heading', { name: 'Delete your Visa ending 5262?' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete card' }).click()
  await expect(page.getByText('Your card has been deleted.')).toBeVisible()
  await expect(page.getByText(/You have no saved cards/)).toBeVisible()
})

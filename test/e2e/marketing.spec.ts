import type { Page } from '@playwright/test'
import {
  CARDS,
  CHEDDAR,
  expect,
  guestAtPayment,
  StorePages,
  storeSearch,
  test,
} from './pages/index.ts'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn, waitForIsland } from './helpers.ts'

/*
 * The marketing service (ADR 025): the local service's log at /dev/marketing shows what Iterable
 * would receive, and marketing links (dl_*) go through the deep-link action.
 */

/** The demo data's second Manchester store (id 2): another store than the journeys' basket's. */
const DEANSGATE = { id: 2, slug: 'manchester-deansgate' }

async function openLink(page: Page, query: string): Promise<void> {
  await page.goto(urlOn(HOSTS.brandOne, `/?${query}`))
}

test('add to basket and a purchase appear in the development marketing log', async ({
  page,
  payment,
}) => {
  test.setTimeout(120_000)
  await guestAtPayment(page, 'marketing')
  await payment.toCardPage()
  await payment.payByCard(CARDS.success)
  const orderNumber = await payment.expectOrderPlaced()

  const calls = page.getByRole('list', { name: 'Marketing calls' }).getByRole('listitem')
  // Other journeys run at the same time and place orders too: find this order's calls by its
  // number, and this shopper's cart by the anonymous id the purchase was sent under.
  const purchase = calls
    .filter({ hasText: 'commerce/trackPurchase' })
    .filter({ hasText: `"id": "${orderNumber}"` })
  // The purchase is an effect of the placing (ADR 037): the queue delivers it a moment after
  // the order page, so the log is read again until it is there.
  await expect(async () => {
    await page.goto(urlOn(HOSTS.brandOne, '/dev/marketing'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Development marketing log')
    await expect(purchase).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await expect(purchase).toContainText('"total":')
  await expect(
    calls.filter({ hasText: 'checkoutStarted' }).filter({ hasText: orderNumber })
  ).toHaveCount(1)
  const userId = /"userId": "([^"]+)"/.exec((await purchase.textContent()) ?? '')?.[1]
  expect(userId, 'the purchase names its shopper').toBeTruthy()
  await expect(
    calls
      .filter({ hasText: 'commerce/updateCart' })
      .filter({ hasText: `"userId": "${userId}"` })
      .filter({ hasText: 'Vintage cheddar' })
      .first()
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'marketing-dev-log', { top: true })
})

test('a link without a location asks for a postcode search, then opens after it', async ({
  page,
}) => {
  await openLink(page, `dl_action=store&dl_store=${DEANSGATE.id}&dl_campaign=4242`)
  await expect(page).toHaveURL(/searchError=storeSearchRequired/)
  await waitForIsland(page, 'PostcodeSearch')
  const box = page.getByRole('search', { name: 'Find stores near you' })
  await expect(box.getByText('You need to search for stores with a postcode!')).toBeVisible()
  const input = box.getByLabel('Enter your postcode')
  await expect(input).toBeFocused()
  await expectNoAxeViolations(page)
  await screenshots(page, 'marketing-search-required', { top: true })

  await input.fill('M1 1AE')
  await input.press('Enter')
  await expect(page).toHaveURL(urlOn(HOSTS.brandOne, `/stores/${DEANSGATE.slug}`))
})

test("a link to another store than the basket's asks first: cancel keeps the basket, continue empties it", async ({
  page,
  store,
}) => {
  await storeSearch(page).byPostcode('M1 1AE')
  await store.addItem(CHEDDAR, 1)

  await openLink(page, `dl_action=store&dl_store=${DEANSGATE.id}`)
  await expect(page).toHaveURL(urlOn(HOSTS.brandOne, '/deep-link/confirm'))
  await expect(
    page.getByText(
      'The store is not compatible with the session store data. Would you like to continue with provided store and clear the basket?'
    )
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'marketing-incompatible-store')

  await page.getByRole('button', { name: 'Cancel and keep my basket' }).click()
  await expect(page).toHaveURL(urlOn(HOSTS.brandOne, '/basket'))
  await expect(page.getByText('Your basket was kept as it was.')).toBeVisible()
  await expect(page.getByText('Vintage cheddar').first()).toBeVisible()

  await openLink(page, `dl_action=store&dl_store=${DEANSGATE.id}`)
  await page.getByRole('button', { name: 'Continue and clear my basket' }).click()
  await expect(page).toHaveURL(new StorePages(page, DEANSGATE.slug).url())
  await page.goto(urlOn(HOSTS.brandOne, '/basket'))
  await expect(page.getByText('Vintage cheddar')).toHaveCount(0)
})

import { APP_SESSION_VERSION } from '../../schemas/constants.ts'
import { expect, test } from './fixtures.ts'
import { HOSTS, screenshots, urlOn, waitForIsland } from './helpers.ts'

// Issue 35 item 14: after an order, arriving at home goes back to that store once ("Welcome
// back!"); 'Find a store' and a search from the shop then show home and the search's stores.

const STORE = 'manchester-piccadilly'
const WELCOME = 'Welcome back! This is the store you last ordered from.'

test('the last ordered store greets an arrival, never a search or a link', async ({ page }) => {
  // The record as checkout leaves it, in a browser of this app version (else it is cleared).
  await page.context().addCookies([
    {
      name: 'sf_app_version',
      value: String(APP_SESSION_VERSION),
      url: urlOn(HOSTS.brandOne, '/'),
    },
    {
      name: 'sf_last_order',
      value: encodeURIComponent(
        JSON.stringify({
          restoreLastOrderedStore: true,
          hasLastOrder: true,
          lastOrderStoreSlug: STORE,
        })
      ),
      url: urlOn(HOSTS.brandOne, '/'),
    },
  ])
  // Arriving (typed, a bookmark): the store the shopper last ordered from, saying why.
  await page.goto(urlOn(HOSTS.brandOne, '/'))
  await expect(page).toHaveURL(new RegExp(`/stores/${STORE}$`))
  await expect(page.getByText(WELCOME)).toBeVisible()

  // 'Find a store' in the header: home and its search, not the last store again.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Find a store' })
    .click()
  await expect(page).toHaveURL(/\/#store-search$/)
  const search = page.getByRole('search', { name: 'Find stores near you' })
  await expect(search).toBeVisible()
  await expect(page.getByText(WELCOME)).toHaveCount(0)
  await screenshots(page, 'find-a-store-after-order', { top: true })

  // A search for somewhere else lists that place's stores.
  await waitForIsland(page, 'PostcodeSearch')
  const input = search.getByLabel('Enter your postcode')
  await input.fill('M1 1AE')
  await input.press('Enter')
  await page.waitForURL((url) => url.pathname === '/stores-near-by/M1%201AE')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stores near M1 1AE')

  // The logo (a link of ours) goes home too.
  await page
    .getByRole('banner')
    .getByRole('link', { name: / home$/ })
    .click()
  await expect(page).toHaveURL(urlOn(HOSTS.brandOne, '/'))
  await expect(page.getByText(WELCOME)).toHaveCount(0)
})

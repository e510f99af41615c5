import type { Page } from '@playwright/test'
import { expect, pinClock, RUN_NOW, test } from './fixtures.ts'
import {
  ADDRESS_SEARCH_HOST,
  expectNoAxeViolations,
  HOSTS,
  screenshots,
  SCREENSHOTS,
  uniqueEmail,
  urlOn,
  VIEWPORTS,
  waitForIsland,
} from './helpers.ts'

const CENTRAL_MANCHESTER = { latitude: 53.4808, longitude: -2.2426 }
// Wick, in Caithness: far from every demo store and every demo address.
const WICK = { latitude: 58.4389, longitude: -3.0937 }

/** Collects script errors, hydration mismatches and CSP reports from the browser console. */
function watchConsole(page: Page): Array<string> {
  const problems: Array<string> = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

function searchBox(page: Page) {
  return page.getByRole('search', { name: 'Find stores near you' })
}

async function searchPostcode(page: Page, postcode: string): Promise<void> {
  await waitForIsland(page, 'PostcodeSearch')
  const input = searchBox(page).getByLabel('Enter your postcode')
  await input.fill(postcode)
  await input.press('Enter')
}

test('a postcode search lists the nearest stores and one can be picked', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto(urlOn(HOSTS.brandOne, '/'))
  await searchPostcode(page, 'm1 1ae')
  await page.waitForURL((url) => url.pathname === '/stores-near-by/M1%201AE')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stores near M1 1AE')

  const cards = page.getByRole('article')
  expect(await cards.count()).toBeGreaterThan(0)
  const first = cards.first()
  await expect(first.getByText(/miles?$/)).toBeVisible()
  await expect(first.getByText(/^(Open until|Pre-order|Closed)/)).toBeVisible()
  await expect(
    first.getByText(/Delivers to M1 1AE|Doesn't deliver to M1 1AE|No delivery/)
  ).toBeVisible()
  await expectNoAxeViolations(page)

  const storeName = (await first.getByRole('heading').textContent()) ?? ''
  await first.getByRole('link', { name: /Shop at this store/ }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/stores/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(storeName)
  await expect(page.getByText(/^(Open until|Pre-order|Closed)/).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change store' })).toHaveAttribute(
    'href',
    '/?changeStore=1'
  )
  await expectNoAxeViolations(page)
  expect(problems).toEqual([])
})

test('with automatic selection a postcode search opens the nearest store', async ({ page }) => {
  await page.goto(urlOn(HOSTS.brandTwo, '/'))
  await searchPostcode(page, 'M1 1AE')
  await page.waitForURL((url) => url.pathname.startsWith('/stores/'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Change store' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('invalid and empty postcodes get the spec messages until the input is valid', async ({
  page,
}) => {
  await page.goto(urlOn(HOSTS.brandOne, '/'))
  await waitForIsland(page, 'PostcodeSearch')
  const search = searchBox(page)
  const input = search.getByLabel('Enter your postcode')
  const alert = search.getByRole('alert')

  await search.getByRole('button', { name: 'Find stores' }).click()
  await expect(alert).toHaveText('Please enter a valid postcode')
  await expect(input).toHaveAttribute('aria-invalid', 'true')

  await input.fill('ZZ1')
  await input.press('Enter')
  await expect(alert).toHaveText('ZZ1 is not a valid postcode')
  expect(new URL(page.url()).pathname).toBe('/')
  await expectNoAxeViolations(page)

  await input.fill('M1 1A')
  await expect(alert).toHaveText('ZZ1 is not a valid postcode')
  await input.fill('M1 1AE')
  await expect(alert).toHaveText('')
  await expect(input).not.toHaveAttribute('aria-invalid', 'true')
})

test('the address search suggests addresses and leads to a store', async ({ page }) => {
  const problems = watchConsole(page)
  const terms: Array<string> = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/location/autocomplete')) {
      terms.push((request.postDataJSON() as { term: string }).term)
    }
  })
  await page.goto(urlOn(ADDRESS_SEARCH_HOST, '/'))
  await waitForIsland(page, 'AddressSearch')
  const search = searchBox(page)
  const combobox = search.getByRole('combobox', { name: 'Enter your address' })
  const alert = search.getByRole('alert')
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')

  // Submitting without choosing a suggestion is not an address (spec §5).
  await search.getByRole('button', { name: 'Find stores' }).click()
  await expect(alert).toHaveText('Not a valid address')

  // Typing fast sends one request, 400 ms after the last key.
  await combobox.pressSequentially('canal street', { delay: 40 })
  const listbox = page.getByRole('listbox', { name: 'Address suggestions' })
  await expect(listbox).toBeVisible()
  expect(terms).toEqual(['canal street'])
  await expect(combobox).toHaveAttribute('aria-expanded', 'true')
  await expect(alert).toHaveText('')
  const options = listbox.getByRole('option')
  const count = await options.count()
  expect(count).toBeGreaterThan(0)
  await expect(search.getByRole('status')).toHaveText(
    `${count} ${count === 1 ? 'address' : 'addresses'} found. Use the up and down arrow keys to choose one.`
  )
  await expectNoAxeViolations(page)

  // Arrow keys move the active option; the input keeps focus and points at it.
  await combobox.press('ArrowDown')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await expect(combobox).toHaveAttribute(
    'aria-activedescendant',
    (await options.first().getAttribute('id')) ?? ''
  )
  await combobox.press('ArrowUp')
  await expect(options.last()).toHaveAttribute('aria-selected', 'true')
  await expect(options.last()).toBeInViewport()
  await combobox.press('Home')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await combobox.press('Escape')
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await expect(combobox).not.toHaveAttribute('aria-activedescendant')
  await expect(combobox).toBeFocused()

  await combobox.press('ArrowDown')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  const chosen = (await options.first().textContent()) ?? ''
  const postcode = /([A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2})$/.exec(chosen)?.[1] ?? ''
  expect(postcode).not.toBe('')
  await combobox.press('Enter')
  await page.waitForURL((url) => url.pathname === `/stores-near-by/${encodeURIComponent(postcode)}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Stores near ${postcode}`)
  await expectNoAxeViolations(page)

  await page
    .getByRole('link', { name: /Shop at this store/ })
    .first()
    .click()
  await page.waitForURL((url) => url.pathname.startsWith('/stores/'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
  expect(problems).toEqual([])
})

test('the address search shows no-match and failure messages, ignores stale answers, takes clicks', async ({
  page,
}) => {
  await page.goto(urlOn(ADDRESS_SEARCH_HOST, '/'))
  await waitForIsland(page, 'AddressSearch')
  const search = searchBox(page)
  const combobox = search.getByRole('combobox', { name: 'Enter your address' })
  const alert = search.getByRole('alert')

  await combobox.fill('qqqq zzzz')
  await expect(alert).toHaveText('Unable to find location')
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')

  // An older, slower answer must not replace the answer to what is typed now: the answer to
  // "mill" is held until the answer to "mill street" is on screen, then let through.
  let releaseStale = (): void => undefined
  const staleHeld = new Promise<void>((resolve) => {
    releaseStale = resolve
  })
  const isStale = (term: unknown) => term === 'mill'
  await page.route('**/api/location/autocomplete', async (route) => {
    const { term } = route.request().postDataJSON() as { term: string }
    if (!isStale(term)) return route.fallback()
    await staleHeld
    await route.fulfill({
      json: { suggestions: [{ description: 'Stale suggestion', placeId: 'stale' }] },
    })
  })
  await combobox.fill('mill')
  await page.waitForRequest('**/api/location/autocomplete')
  await combobox.fill('mill street')
  const listbox = page.getByRole('listbox', { name: 'Address suggestions' })
  await expect(listbox.getByRole('option').first()).toContainText('Mill Street')
  const staleArrived = page.waitForResponse(
    (response) =>
      response.url().includes('/api/location/autocomplete') &&
      isStale((response.request().postDataJSON() as { term: string }).term)
  )
  releaseStale()
  await (await staleArrived).finished()
  // The island handles the answer in the page's next tasks: let them run before looking.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
  await expect(listbox.getByText('Stale suggestion')).toHaveCount(0)
  await expect(listbox.getByRole('option').first()).toContainText('Mill Street')
  await page.unroute('**/api/location/autocomplete')

  // A failed call shows the envelope's message.
  await page.route('**/api/location/autocomplete', (route) =>
    route.fulfill({
      status: 429,
      json: {
        error: {
          code: 'rate_limited',
          message: 'Too many requests. Please wait a minute and try again.',
        },
      },
    })
  )
  await combobox.fill('station road')
  await expect(alert).toHaveText('Too many requests. Please wait a minute and try again.')
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await page.unroute('**/api/location/autocomplete')

  // The mouse works too, down to the last suggestion (the popup is not clipped by the hero).
  await combobox.fill('park road')
  const last = listbox.getByRole('option').last()
  await last.waitFor()
  const postcode = /([A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2})$/.exec(
    (await last.textContent()) ?? ''
  )?.[1]
  // A real hit test: scrolling the listbox and the window only (Playwright's own scrolling would
  // also scroll a clipping ancestor), then the mouse where the option is drawn.
  const target = await last.evaluate((option) => {
    // The listbox scrolls itself when there are many suggestions.
    const listboxElement = option.closest('[role="listbox"]')
    if (listboxElement) listboxElement.scrollTop = listboxElement.scrollHeight
    const before = option.getBoundingClientRect()
    window.scrollBy(0, before.top + before.height / 2 - window.innerHeight / 2)
    const rect = option.getBoundingClientRect()
    const x = rect.left + rect.width / 2
    const y = rect.top + rect.height / 2
    return { x, y, hit: option.contains(document.elementFromPoint(x, y)) }
  })
  expect(target.hit).toBe(true)
  await page.mouse.click(target.x, target.y)
  await page.waitForURL(
    (url) => url.pathname === `/stores-near-by/${encodeURIComponent(postcode ?? '')}`
  )
})

test('device location finds the nearest store, or says nothing matched', async ({ browser }) => {
  const context = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: CENTRAL_MANCHESTER,
  })
  const page = await context.newPage()
  await pinClock(page, RUN_NOW)
  await page.goto(urlOn(HOSTS.brandTwo, '/'))
  await waitForIsland(page, 'PostcodeSearch')
  await searchBox(page).getByRole('button', { name: 'Use my current location' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/stores/'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)

  await context.setGeolocation(WICK)
  await page.goto(urlOn(HOSTS.brandOne, '/'))
  await waitForIsland(page, 'PostcodeSearch')
  await searchBox(page).getByRole('button', { name: 'Use my current location' }).click()
  const toast = page.getByRole('status').filter({ hasText: 'Sorry, no matching locations' })
  await expect(toast).toHaveText(
    'Sorry, no matching locations for your detected location. Please try entering your address.'
  )
  await waitForIsland(page, 'FlashToast')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Dismiss message' }).click()
  await expect(toast).toHaveCount(0)
  await context.close()
})

test('device location refused shows the inline message of its variant', async ({ browser }) => {
  // No geolocation permission: the browser refuses, the box says so (spec §8).
  const context = await browser.newContext()
  const page = await context.newPage()
  await pinClock(page, RUN_NOW)
  await page.goto(urlOn(HOSTS.brandOne, '/'))
  await waitForIsland(page, 'PostcodeSearch')
  await searchBox(page).getByRole('button', { name: 'Use my current location' }).click()
  await expect(searchBox(page).getByRole('alert')).toHaveText(
    'Unable to find your location, try manually adding your postcode'
  )
  await page.goto(urlOn(ADDRESS_SEARCH_HOST, '/'))
  await waitForIsland(page, 'AddressSearch')
  await searchBox(page).getByRole('button', { name: 'Use my current location' }).click()
  await expect(searchBox(page).getByRole('alert')).toHaveText(
    'Unable to find your location, try manually adding your address'
  )
  await context.close()
})

test('an area without stores offers the interest form', async ({ page }) => {
  await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by/KW1%204YT'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stores near KW1 4YT')
  await expect(page.getByText("We don't have a store near KW1 4YT yet.")).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
  await expectNoAxeViolations(page)

  const form = page.locator('[data-island="InterestForm"] form')
  await form.scrollIntoViewIfNeeded()
  await waitForIsland(page, 'InterestForm')
  const email = form.getByLabel('Email address')
  await email.fill('not-an-email')
  await form.getByRole('button', { name: 'Let me know' }).click()
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address.')
  await email.fill(uniqueEmail('wick'))
  await form.getByRole('button', { name: 'Let me know' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thanks!' })).toHaveText(
    "Thanks! We'll let you know when we deliver to KW1 4YT."
  )
  expect(new URL(page.url()).pathname).toBe('/stores-near-by/KW1%204YT')
  await expectNoAxeViolations(page)
})

test('the interest form works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await pinClock(page, RUN_NOW, { browser: false })
  await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by/KW1%204YT'))
  const form = page.locator('[data-island="InterestForm"] form')
  await form.getByLabel('Email address').fill(uniqueEmail('nojs'))
  await form.getByRole('button', { name: 'Let me know' }).click()
  await expect(
    page.getByText("Thanks! We'll let you know when we deliver to KW1 4YT.")
  ).toBeVisible()
  await context.close()
})

test('screenshots of home, results, empty results and store pages', async ({ page }) => {
  for (const [label, host] of [
    ['postcode', HOSTS.brandOne],
    ['address', ADDRESS_SEARCH_HOST],
  ] as const) {
    await page.goto(urlOn(host, '/'))
    await screenshots(page, `home-${label}`, { top: true, reload: true })
  }
  await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by/M1%201AE'))
  await screenshots(page, 'results', { top: true, reload: true })
  const storeLink = page.getByRole('link', { name: /Shop at this store/ }).first()
  const storePath = (await storeLink.getAttribute('href')) ?? '/'
  await page.goto(urlOn(HOSTS.brandOne, '/stores-near-by/KW1%204YT'))
  await screenshots(page, 'results-empty', { top: true, reload: true })
  await page.goto(urlOn(HOSTS.brandOne, storePath))
  await screenshots(page, 'store', { top: true, reload: true })
})

test('screenshots of the open address suggestions and the toast', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['geolocation'], geolocation: WICK })
  const page = await context.newPage()
  await pinClock(page, RUN_NOW)
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.goto(urlOn(ADDRESS_SEARCH_HOST, '/'))
    await waitForIsland(page, 'AddressSearch')
    const combobox = searchBox(page).getByRole('combobox', { name: 'Enter your address' })
    await combobox.fill('station road')
    await page.getByRole('listbox', { name: 'Address suggestions' }).waitFor()
    await combobox.press('ArrowDown')
    await combobox.press('ArrowDown')
    await page.screenshot({ path: `${SCREENSHOTS}/address-open-${viewport.width}.png` })

    await page.goto(urlOn(HOSTS.brandOne, '/'))
    await waitForIsland(page, 'PostcodeSearch')
    await searchBox(page).getByRole('button', { name: 'Use my current location' }).click()
    await waitForIsland(page, 'FlashToast')
    await page.screenshot({ path: `${SCREENSHOTS}/toast-${viewport.width}.png` })
  }
  await context.close()
})

test('the header leads to every store, by town, and on to a store page', async ({ page }) => {
  await page.goto(urlOn(HOSTS.brandOne, '/'))
  await page.getByRole('navigation').getByRole('link', { name: 'All stores' }).first().click()
  await expect(page).toHaveURL(/\/stores$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All stores')
  const manchester = page.getByRole('region', { name: 'Manchester' })
  await expect(manchester.getByRole('link')).toHaveCount(4)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: /York/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('York')
})

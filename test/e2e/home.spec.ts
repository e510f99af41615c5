import type { Page } from '@playwright/test'
import { expect, pinClock, RUN_NOW, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, urlOn, waitForIsland, uniqueEmail } from './helpers.ts'

const SCREENSHOTS = 'test-results/screenshots'

async function brandOf(page: Page) {
  // The home link is named by the logo's words, then where it goes ('Corner Fresh home').
  const home = page.getByRole('banner').getByRole('link', { name: / home$/ })
  const name = (await home.textContent())?.trim()
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim()
  )
  return { name: name?.replace(/ home$/, ''), primary }
}

test('each demo host renders its own brand on the home page', async ({ page }) => {
  const brands = []
  for (const host of [HOSTS.brandOne, HOSTS.brandTwo]) {
    const response = await page.goto(urlOn(host, '/'))
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('max-age=15, s-maxage=60')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('search', { name: 'Find stores near you' })).toBeVisible()
    const brand = await brandOf(page)
    expect(brand.name).toBeTruthy()
    await expect(page).toHaveTitle(new RegExp(brand.name ?? ''))
    brands.push(brand)
    await expectNoAxeViolations(page)
  }
  expect(brands[0]?.name).not.toBe(brands[1]?.name)
  expect(brands[0]?.primary).not.toBe(brands[1]?.primary)
})

test('the postcode search validates as spec §5 says, in the browser', async ({ page }) => {
  // Hydration mismatches, CSP violations and script errors all reach the console.
  const problems: Array<string> = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto('/')
  await waitForIsland(page, 'PostcodeSearch')
  const search = page.getByRole('search', { name: 'Find stores near you' })
  const input = search.getByLabel('Enter your postcode')
  const alert = search.getByRole('alert')
  await expect(input).toHaveAttribute('maxlength', '8')

  await search.getByRole('button', { name: 'Find stores' }).click()
  await expect(alert).toHaveText('Please enter a valid postcode')
  expect(new URL(page.url()).pathname).toBe('/')

  await input.fill('ZZ1')
  await input.press('Enter')
  await expect(alert).toHaveText('ZZ1 is not a valid postcode')
  await expectNoAxeViolations(page)

  // The error hides as soon as the input is valid, before submitting.
  await input.fill('M1 1AE')
  await expect(alert).toHaveText('')

  // Clicking the box clears it.
  await input.click()
  await expect(input).toHaveValue('')

  expect(problems).toEqual([])

  // A typed postcode is normalised on the way to its results page.
  await input.fill('m11ae')
  await input.press('Enter')
  await page.waitForURL((url) => url.pathname === '/stores-near-by/M1%201AE')
})

test('the postcode search works without JavaScript too', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await pinClock(page, RUN_NOW, { browser: false })
  await page.goto('/')
  const search = page.getByRole('search', { name: 'Find stores near you' })
  await search.getByLabel('Enter your postcode').fill('NOPE')
  await search.getByRole('button', { name: 'Find stores' }).click()
  await expect(search.getByRole('alert')).toHaveText('NOPE is not a valid postcode')
  const input = search.getByLabel('Enter your postcode')
  await input.clear()
  await input.fill('m1 1ae')
  await expect(input).toHaveValue('m1 1ae')
  await search.getByRole('button', { name: 'Find stores' }).click()
  await page.waitForURL((url) => url.pathname === '/stores-near-by/M1%201AE')
  await context.close()
})

test('the Stay In Touch sign-up posts to /api and shows the outcome', async ({ page }) => {
  await page.goto('/')
  const form = page.locator('[data-island="StayInTouch"] form')
  await form.scrollIntoViewIfNeeded()
  await waitForIsland(page, 'StayInTouch')
  const email = form.getByLabel('Email address')
  await email.fill('not-an-email')
  await form.getByRole('button', { name: 'Sign up' }).click()
  await expect(form.getByRole('status')).toHaveText('Please enter a valid email address.')
  await email.fill(uniqueEmail('shopper'))
  await form.getByRole('button', { name: 'Sign up' }).click()
  await expect(form.getByRole('status')).toHaveText("Thanks for signing up! We'll keep you posted.")
  expect(new URL(page.url()).pathname).toBe('/')
  await expectNoAxeViolations(page)
})

test('screenshots of the home page for both brands, phone and desktop', async ({ page }) => {
  for (const [label, host] of Object.entries(HOSTS)) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await page.goto(urlOn(host, '/'))
      await waitForIsland(page, 'PostcodeSearch')
      await page.screenshot({ path: `${SCREENSHOTS}/home-${label}-${width}.png`, fullPage: true })
    }
  }
})

import type { Locator, Page } from '@playwright/test'
import {
  expectNoAxeViolations,
  HOSTS,
  screenshots,
  SCREENSHOTS,
  uniqueEmail,
  urlOn,
  VIEWPORTS,
  waitForIsland,
} from './helpers.ts'
import { DEMO_STORE, expect, storeSearch, test } from './pages/index.ts'

// What a shopper sees where the journey used to fail silently: every step says what happened.

// The demo store: delivery and collection, £10 minimum spend for delivery.
const storeUrl = (path = '') => urlOn(HOSTS.brandOne, `/stores/${DEMO_STORE}${path}`)

/** Every Content-Security-Policy violation the page reports in its console from now on. */
function cspViolations(page: Page): Array<string> {
  const violations: Array<string> = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`)
    }
  })
  return violations
}

function pounds(text: string): number {
  const match = /£(\d+(?:\.\d{2})?)/.exec(text)
  return Math.round(Number(match?.[1] ?? Number.NaN) * 100)
}

/**
 * How much of a bar is drawn in its dark fill colour, measured on the pixels of its middle row as
 * the browser painted them (a screenshot decoded in the page), not from its DOM attributes.
 */
async function paintedFillFraction(page: Page, bar: Locator): Promise<number> {
  const png = (await bar.screenshot()).toString('base64')
  return page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.drawImage(bitmap, 0, 0)
    const row = context.getImageData(0, Math.floor(bitmap.height / 2), bitmap.width, 1).data
    let dark = 0
    for (let x = 0; x < bitmap.width; x++) {
      const luminance =
        0.2126 * (row[x * 4] ?? 0) + 0.7152 * (row[x * 4 + 1] ?? 0) + 0.0722 * (row[x * 4 + 2] ?? 0)
      if (luminance < 150) dark++
    }
    return dark / bitmap.width
  }, png)
}

test.describe('minimum spend', () => {
  test('the progress bar is painted as far as the basket has got', async ({ page, store }) => {
    const violations = cspViolations(page)
    await store.addItem('/category/milk/semi-skimmed-milk-2-pints', 2)
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    await waitForIsland(page, 'BasketEditor')
    const summary = page.getByRole('complementary', { name: 'Order summary' })
    const short = pounds(
      (await summary.getByText(/^Spend £[\d.]+ more for delivery$/).textContent()) ?? ''
    )
    const minimum = pounds(
      (await summary.getByText(/^Minimum order for delivery:/).textContent()) ?? ''
    )
    const expected = (minimum - short) / minimum
    expect(expected).toBeGreaterThan(0.1)
    expect(expected).toBeLessThan(0.9)
    const bar = summary.getByRole('progressbar', { name: /more for delivery/ })
    await expect(bar).toHaveAccessibleName(`Spend £${(short / 100).toFixed(2)} more for delivery`)
    expect(await paintedFillFraction(page, bar)).toBeCloseTo(expected, 1)
    // Checkout says what is short instead of a link the checkout would bounce back from.
    const shortText = `£${(short / 100).toFixed(2)}`
    await expect(
      summary.getByRole('button', { name: `Spend ${shortText} more to check out` })
    ).toBeDisabled()
    await expect(summary.getByRole('link', { name: 'Checkout' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await screenshots(page, 'basket-minimum-spend', { top: true })
    // Collection has no minimum at this store: the way to checkout opens.
    await page.getByText('collection', { exact: true }).click()
    await expect(summary.getByRole('link', { name: 'Checkout' })).toBeVisible()
    await expect(summary.getByRole('progressbar')).toHaveCount(0)
    expect(violations).toEqual([])
  })
})

test.describe('content security policy', () => {
  test('no page or dialog a shopper opens breaks our own CSP', async ({ page, store }) => {
    const violations = cspViolations(page)
    await page.goto(urlOn(HOSTS.brandOne, '/'))
    await storeSearch(page).byPostcode('M1 1AE')
    await page.goto(storeUrl())
    await page.goto(storeUrl('/category/deli-sandwiches'))
    // Tiles' quick views hydrate as they come into view, as a shopper scrolls to them.
    const chooseOptions = page.getByRole('button', { name: /^Choose options/ }).first()
    await chooseOptions.scrollIntoViewIfNeeded()
    await waitForIsland(page, 'QuickView')
    await chooseOptions.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await store.addItem('/category/milk/semi-skimmed-milk-2-pints', 1)
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    await waitForIsland(page, 'BasketEditor')
    await page.goto(storeUrl('/time-slots?method=delivery'))
    await page.goto(urlOn(HOSTS.brandOne, '/login'))
    await page.goto(urlOn(HOSTS.brandOne, '/register'))
    await page.goto(urlOn('greenway.localhost', '/'))
    expect(violations).toEqual([])
  })
})

/**
 * Holds every request for an island's chunk until the returned function is called: the page's
 * server markup is there, its island is not hydrated yet (a slow phone on a slow network).
 */
async function holdIslandChunk(page: Page, island: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(new RegExp(`/assets/${island}-[\\w-]+\\.js$`), async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** Waits until the island loader has run (importing a module resolves once it has run). */
async function loaderRan(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const loader = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/entry"]')
    if (!loader) throw new Error('the page has no island loader')
    await import(loader.src)
  })
}

function notHydrated(page: Page, island: string): Locator {
  return page.locator(`[data-island="${island}"]:not([data-hydrated])`)
}

test.describe('input before hydration', () => {
  test('a postcode typed before the search box hydrates is kept and searched', async ({ page }) => {
    const release = await holdIslandChunk(page, 'PostcodeSearch')
    await page.goto(urlOn(HOSTS.brandOne, '/'), { waitUntil: 'domcontentloaded' })
    const search = page.getByRole('search', { name: 'Find stores near you' })
    const box = search.getByLabel('Enter your postcode')
    await box.fill('m1 1ae')
    await expect(notHydrated(page, 'PostcodeSearch')).toHaveCount(1)
    release()
    await waitForIsland(page, 'PostcodeSearch')
    await expect(box).toHaveValue('m1 1ae')
    // The island's own state has it: searching uses what was typed.
    await search.getByRole('button', { name: 'Find stores' }).click()
    await page.waitForURL((url) => url.pathname === '/stores-near-by/M1%201AE')
  })

  test('Enter pressed before the search box hydrates searches once it has', async ({ page }) => {
    const release = await holdIslandChunk(page, 'PostcodeSearch')
    await page.goto(urlOn(HOSTS.brandOne, '/'), { waitUntil: 'domcontentloaded' })
    await loaderRan(page)
    const box = page.getByRole('search').getByLabel('Enter your postcode')
    // Not a postcode: the island's check answers, which the server-rendered form cannot.
    await box.fill('zz1')
    await box.press('Enter')
    await expect(page.locator('[data-island="PostcodeSearch"]')).toHaveAttribute(
      'aria-busy',
      'true'
    )
    release()
    await expect(page.getByRole('search').getByRole('alert')).toHaveText(
      'zz1 is not a valid postcode'
    )
    expect(new URL(page.url()).pathname).toBe('/')
    await expect(box).toHaveValue('zz1')
  })

  test('a quantity typed before the item page hydrates is the quantity added', async ({ page }) => {
    const release = await holdIslandChunk(page, 'ItemOptions')
    await page.goto(storeUrl('/category/milk/semi-skimmed-milk-2-pints'), {
      waitUntil: 'domcontentloaded',
    })
    await page.getByLabel('Quantity', { exact: true }).fill('3')
    release()
    await waitForIsland(page, 'ItemOptions')
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('3')
    await page.getByRole('button', { name: /^Add to basket/ }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toContainText(
      '3 × Semi-skimmed milk 2 pints'
    )
  })

  test('a coupon typed before the basket hydrates can be applied', async ({ page, store }) => {
    await store.addItem('/category/milk/semi-skimmed-milk-2-pints', 1)
    const release = await holdIslandChunk(page, 'BasketEditor')
    await page.goto(urlOn(HOSTS.brandOne, '/basket'), { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Coupon code').fill('SAVE5')
    release()
    await waitForIsland(page, 'BasketEditor')
    await expect(page.getByLabel('Coupon code')).toHaveValue('SAVE5')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: /^Spend £30\.00 to use this coupon$/ })
    ).toBeVisible()
  })
})

test.describe('quick add before hydration', () => {
  test("a card's Add pressed before its island hydrates adds and stays on the page", async ({
    page,
  }) => {
    const release = await holdIslandChunk(page, 'QuickAdd')
    const category = storeUrl('/category/milk')
    await page.goto(category, { waitUntil: 'domcontentloaded' })
    await loaderRan(page)
    const cards = page.locator('article', { has: page.locator('[data-island="QuickAdd"]') })
    const card = cards.last()
    await expect(card).not.toBeInViewport()
    // The card's Add as the server rendered it (before the fix, a link to the item page).
    const add = card.locator('[data-island="QuickAdd"]').locator('a, button').first()
    const name = ((await add.textContent()) ?? '').replace(/^Add\s*/, '')
    await add.click()
    await expect(card.locator('[data-island="QuickAdd"]')).toHaveAttribute('aria-busy', 'true')
    release()
    // The press added: the card shows its stepper and the header confirms it.
    await expect(card.getByRole('group', { name: `${name} in your basket` })).toContainText(
      '1 in basket'
    )
    await expect(page.getByRole('banner').getByRole('status')).toContainText(
      `Added 1 × ${name} — basket 1 item, £`
    )
    expect(page.url()).toBe(category)
    await expect(
      page.getByRole('banner').getByRole('link', { name: /^Basket, 1 item, £/ })
    ).toBeVisible()
    await expectNoAxeViolations(page)
    // The card as the shopper sees it after the add, at both widths.
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport)
      await card.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SCREENSHOTS}/category-quick-add-${viewport.width}.png` })
    }
  })
})

test.describe('quick view before hydration', () => {
  test("a card's Choose options pressed before its island hydrates opens the dialog", async ({
    page,
  }) => {
    const release = await holdIslandChunk(page, 'QuickView')
    const category = storeUrl('/category/deli-sandwiches')
    await page.goto(category, { waitUntil: 'domcontentloaded' })
    await loaderRan(page)
    const card = page.locator('article', { has: page.locator('[data-island="QuickView"]') }).last()
    await card.getByRole('button', { name: /^Choose options/ }).click()
    release()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(page.url()).toBe(category)
  })
})

test.describe('account', () => {
  const PASSWORD = 'correct horse battery'

  function flash(page: Page, text: string): Locator {
    return page.getByRole('main').getByRole('status').filter({ hasText: text })
  }

  test('sign-up, sign-out and sign-in say what happened; the account is in reach at every width', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS[0])
    const email = uniqueEmail('feedback')
    await page.goto(urlOn(HOSTS.brandOne, '/register'))
    const main = page.getByRole('main')
    await main.getByLabel('First name').fill('Ada')
    await main.getByLabel('Last name').fill('Lovelace')
    await main.getByLabel('Email address').fill(email)
    await main.getByLabel(/Mobile phone number/).fill('07700 900123')
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await main.getByLabel('Confirm password').fill(PASSWORD)
    await main.getByLabel(/I agree to the/).check()
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL(urlOn(HOSTS.brandOne, '/'))
    await expect(flash(page, "Your account is ready and you're signed in.")).toBeVisible()

    // On a phone too: the account link and sign-out in the header, the footer follows.
    const header = page.getByRole('banner')
    const footer = page.getByRole('contentinfo')
    await expect(header.getByRole('link', { name: 'My account' })).toBeVisible()
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expect(footer.getByRole('link', { name: 'My account' })).toBeVisible()
    await expect(footer.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expect(footer.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await screenshots(page, 'account-signed-up', { top: true })

    await page.setViewportSize(VIEWPORTS[0])
    await header.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(urlOn(HOSTS.brandOne, '/'))
    await expect(flash(page, "You're signed out.")).toBeVisible()
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible()
    await expect(footer.getByRole('link', { name: 'Sign in' })).toBeVisible()
    await expect(footer.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
    await screenshots(page, 'account-signed-out', { top: true })

    await page.goto(urlOn(HOSTS.brandOne, '/login'))
    await main.getByLabel('Email address').fill(email)
    await main.getByLabel('Password').fill(PASSWORD)
    await main.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(urlOn(HOSTS.brandOne, '/'))
    await expect(flash(page, "You're signed in.")).toBeVisible()
    // The footer's sign-out works like the header's.
    await footer.getByRole('button', { name: 'Sign out' }).click()
    await expect(flash(page, "You're signed out.")).toBeVisible()
  })
})

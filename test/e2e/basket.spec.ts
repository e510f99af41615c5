import type { Locator, Page } from '@playwright/test'
import { expect, joinClock, test } from './fixtures.ts'
import {
  expectNoAxeViolations,
  HOSTS,
  screenshots,
  uniqueEmail,
  urlOn,
  waitForIsland,
} from './helpers.ts'
import { MEMBER_PASSWORD, registerThroughForm } from './pages/member-details.ts'

const STORE = 'manchester-piccadilly'
const OTHER_STORE = 'manchester-deansgate'
const storeUrl = (path = '', store = STORE) => urlOn(HOSTS.brandOne, `/stores/${store}${path}`)
const basketUrl = () => urlOn(HOSTS.brandOne, '/basket')

/** The header's basket link (its name carries the count and total once hydrated). */
function headerBasket(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Basket/ })
}

function pounds(text: string): number {
  const match = /£(\d+(?:\.\d{2})?)/.exec(text)
  return Math.round(Number(match?.[1] ?? Number.NaN) * 100)
}

async function totalOf(page: Page): Promise<number> {
  const row = page.locator('dl div', { has: page.locator('dt', { hasText: /^Total$/ }) })
  return pounds((await row.locator('dd').textContent()) ?? '')
}

/** Adds an item from its page with a quantity; returns the status line. */
async function addFromItemPage(page: Page, path: string, quantity: number, store = STORE) {
  await page.goto(storeUrl(path, store))
  await waitForIsland(page, 'ItemOptions')
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: /^Add to basket/ }).click()
  return page.getByRole('status').filter({ hasText: /Added to basket|limit|error/i })
}

test.describe('basket', () => {
  test('fills a basket from two categories and edits it', async ({ page }) => {
    // A whole shopping trip: a dozen pages, each checked with axe and photographed twice.
    test.setTimeout(120_000)
    // An item with options, from the deli.
    await page.goto(storeUrl('/category/deli-sandwiches/build-your-own-sub'))
    await waitForIsland(page, 'ItemOptions')
    await expect(headerBasket(page)).toHaveAccessibleName('Basket')
    const fillings = page.getByRole('group', { name: /Fillings/ })
    await fillings.getByRole('button', { name: 'Add one Roast chicken' }).click()
    await fillings.getByRole('button', { name: 'Add one Cheddar' }).click()
    await page.getByRole('button', { name: /^Add to basket/ }).click()
    const added = page.getByRole('status').filter({ hasText: 'Added to basket' })
    await expect(added).toContainText('1 × Build your own sub')
    // The header follows without a reload.
    await expect(headerBasket(page)).toHaveAccessibleName(/^Basket, 1 item, £\d/)
    await expectNoAxeViolations(page)
    await screenshots(page, 'basket-item-added')

    // A simple item from the milk aisle with the card's quick add.
    await page.goto(storeUrl('/category/milk'))
    const card = page.locator('article', {
      has: page.locator('a[href$="/semi-skimmed-milk-2-pints"]'),
    })
    await card.scrollIntoViewIfNeeded()
    await waitForIsland(page, 'QuickAdd')
    await card.getByRole('button', { name: /^Add / }).click()
    // The card's Add becomes its stepper; the header confirms the add.
    await expect(card.getByRole('group', { name: /in your basket$/ })).toContainText('1 in basket')
    await expect(page.getByRole('banner').getByRole('status')).toContainText(
      /^Added 1 × Semi-skimmed milk.* — basket 2 items, £/
    )
    await expect(headerBasket(page)).toHaveAccessibleName(/^Basket, 2 items, £/)

    // Paracetamol: at most 2 per order.
    await page.goto(storeUrl('/category/medicines/paracetamol-tablets-500mg-16-pack'))
    await waitForIsland(page, 'ItemOptions')
    await page.getByLabel('Quantity', { exact: true }).fill('3')
    await page.getByRole('button', { name: /^Add to basket/ }).click()
    // The limit is said, not only that there is one.
    await expect(
      page.getByText('Item limit has been reached. You can buy at most 2 of this item.')
    ).toBeVisible()
    await expect(
      await addFromItemPage(page, '/category/medicines/paracetamol-tablets-500mg-16-pack', 2)
    ).toContainText('Added to basket')
    await expect(
      await addFromItemPage(page, '/category/medicines/paracetamol-tablets-500mg-16-pack', 1)
    ).toContainText('Item limit has been reached. You can buy at most 2 of this item.')

    // The basket page: lines and totals, quantity change and removal.
    await page.goto(basketUrl())
    await waitForIsland(page, 'BasketEditor')
    await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Items (4)' })).toBeVisible()
    await expectNoAxeViolations(page)
    const before = await totalOf(page)
    await page.getByRole('button', { name: /^One more Semi-skimmed milk/ }).click()
    await expect(page.getByRole('heading', { name: 'Items (5)' })).toBeVisible()
    await expect.poll(() => totalOf(page)).toBeGreaterThan(before)
    const increased = await totalOf(page)
    await expect(headerBasket(page)).toHaveAccessibleName(/^Basket, 5 items, £/)
    await page.getByRole('button', { name: /^Remove Paracetamol/ }).click()
    await expect(page.getByRole('heading', { name: 'Items (3)' })).toBeVisible()
    await expect.poll(() => totalOf(page)).toBeLessThan(increased)

    // SAVE5 needs £30: refused with the server's message, then taken off over £30.
    await page.getByLabel('Coupon code').fill('SAVE5')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: /^Spend £30.00 to use this coupon$/ })
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'basket-coupon-error')

    await addFromItemPage(page, '/category/milk/semi-skimmed-milk-2-pints', 24)
    await page.goto(basketUrl())
    await waitForIsland(page, 'BasketEditor')
    await page.getByLabel('Coupon code').fill('SAVE5')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.locator('dt', { hasText: 'Coupon SAVE5' })).toBeVisible()
    await expect(page.locator('dd', { hasText: '−£5.00' })).toBeVisible()

    // A tip over the maximum says the maximum; text says how to type one.
    const tip = page.getByRole('group', { name: 'Tip your driver' })
    await tip.getByText('Other', { exact: true }).click()
    await tip.getByLabel('Tip amount (£)').fill('60')
    await tip.getByRole('button', { name: 'Set tip' }).click()
    await expect(tip.getByRole('alert')).toHaveText(/^The most you can tip is £50(\.00)?\.$/)
    await tip.getByLabel('Tip amount (£)').fill('two')
    await tip.getByRole('button', { name: 'Set tip' }).click()
    await expect(tip.getByRole('alert')).toHaveText(
      'Please enter a tip in pounds and pence, for example 2.50.'
    )

    // Collection: no delivery fee (and no tip).
    await expect(page.getByText('Delivery fee')).toBeVisible()
    await page.getByText('collection', { exact: true }).click()
    await expect(page.getByText('Delivery fee')).toHaveCount(0)
    await expect(page.getByRole('group', { name: 'Tip your driver' })).toHaveCount(0)

    // "Allow substitutes", on by default: one line off in the island (no reload, so no notice),
    // which turns the all-items switch off too; the choice is the basket's, so a reload keeps it.
    const milkSubstitutes = page.getByRole('switch', {
      name: /^Allow substitutes for Semi-skimmed milk/,
    })
    const allSubstitutes = page.getByRole('switch', { name: 'Allow substitutes for all items' })
    await expect(milkSubstitutes).toHaveAttribute('aria-checked', 'true')
    await expect(allSubstitutes).toHaveAttribute('aria-checked', 'true')
    await milkSubstitutes.click()
    await expect(milkSubstitutes).toHaveAttribute('aria-checked', 'false')
    await expect(allSubstitutes).toHaveAttribute('aria-checked', 'false')
    await expect(page.getByText('Your substitution choices are saved.')).toHaveCount(0)
    await page.reload()
    await waitForIsland(page, 'BasketEditor')
    await expect(milkSubstitutes).toHaveAttribute('aria-checked', 'false')
    await expectNoAxeViolations(page)
    await screenshots(page, 'basket-filled')

    // Substitution choices: back on (best match), then a replacement chosen from the similar
    // items (same subcategory, in stock, nearest price), which the line then names.
    await milkSubstitutes.click()
    await expect(milkSubstitutes).toHaveAttribute('aria-checked', 'true')
    const milkLine = page.getByRole('listitem').filter({ has: milkSubstitutes })
    await expect(milkLine).toContainText('If out of stock: Best match')
    await milkLine
      .getByRole('link', { name: /^Choose a replacement for Semi-skimmed milk/ })
      .click()
    const replacements = page.getByRole('list', { name: 'Replacements for Semi-skimmed milk' })
    await expect(replacements).toBeVisible()
    await screenshots(page, 'basket-replacement-choices')
    const first = replacements.getByRole('button').first()
    const chosen = ((await first.textContent()) ?? '').split(' · ')[0] ?? ''
    await first.click()
    await expect(page.getByText('Your substitution choices are saved.')).toBeVisible()
    await expect(page.getByText(`If out of stock: ${chosen}`)).toBeVisible()
    await screenshots(page, 'basket-replacement-chosen')
  })

  test('asks before an add at another store replaces the basket', async ({ page }) => {
    await expect(
      await addFromItemPage(page, '/category/milk/semi-skimmed-milk-2-pints', 2)
    ).toContainText('Added to basket')
    await expect(headerBasket(page)).toHaveAccessibleName(/^Basket, 2 items, £/)

    await page.goto(storeUrl('/category/milk/semi-skimmed-milk-1-pint', OTHER_STORE))
    await waitForIsland(page, 'ItemOptions')
    const add = page.getByRole('button', { name: /^Add to basket/ })
    await add.click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText(
      'You are about to overwrite your basket. Are you sure you would like to proceed?'
    )
    // It names the store and what would be lost; keeping the basket is the default.
    await expect(dialog.getByRole('heading')).toHaveText(/^Replace your basket at .+\?$/)
    await expect(dialog).toContainText(/Your basket at .+ holds 2 items\. Adding this empties it\./)
    await expect(dialog.getByRole('button', { name: 'Keep my basket' })).toBeFocused()
    await expectNoAxeViolations(page)
    await screenshots(page, 'basket-overwrite-dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(add).toBeFocused()
    await add.click()
    await dialog.getByRole('button', { name: 'Keep my basket' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(add).toBeFocused()
    await page.reload()
    await expect(headerBasket(page)).toHaveAccessibleName(/^Basket, 2 items, £/)

    await waitForIsland(page, 'ItemOptions')
    await page.getByRole('button', { name: /^Add to basket/ }).click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Empty basket and add' })
      .click()
    await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible()
    await expect(headerBasket(page)).toHaveAccessibleName(/^Basket, 1 item, £/)

    await page.goto(basketUrl())
    await waitForIsland(page, 'BasketEditor')
    await expect(page.getByRole('main').getByRole('link', { name: /Deansgate/ })).toBeVisible()
    await page.getByRole('button', { name: /^Remove / }).click()
    await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible()
    await expect(headerBasket(page)).toHaveAccessibleName('Basket')
    await expectNoAxeViolations(page)
    await screenshots(page, 'basket-empty')
  })

  // Issue 35 item 13: the basket is the member's wherever they sign in.
  test("a member's basket follows them to another browser, with this visit's lines merged", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const milk = '/category/milk/semi-skimmed-milk-2-pints'
    const email = uniqueEmail('follow')
    await registerThroughForm(page, email)
    await expect(await addFromItemPage(page, milk, 2)).toContainText('Added to basket: 2 ×')

    // Another browser: a guest adds 3 more, then signs in as the same member.
    const other = await browser.newContext()
    const second = await other.newPage()
    await joinClock(second)
    await expect(await addFromItemPage(second, milk, 3)).toContainText('Added to basket: 3 ×')
    await second.goto(urlOn(HOSTS.brandOne, '/login'))
    const main = second.getByRole('main')
    await main.getByLabel('Email address').fill(email)
    await main.getByLabel('Password').fill(MEMBER_PASSWORD)
    await second.getByRole('button', { name: 'Sign in' }).click()
    await expect(
      second.getByRole('status').filter({ hasText: 'We added 3 items from this visit' })
    ).toHaveText('We added 3 items from this visit to your basket.')
    await screenshots(second, 'basket-follow-merged', { top: true })
    await expect(headerBasket(second)).toHaveAccessibleName(/^Basket, 5 items, £\d/)
    await second.goto(basketUrl())
    await expect(second.getByRole('main').getByText('Semi-skimmed milk').first()).toBeVisible()
    await screenshots(second, 'basket-followed')

    await expect(second.getByRole('heading', { name: 'Items (5)' })).toBeVisible()
    // The first browser goes on with the same basket.
    await page.goto(basketUrl())
    await expect(page.getByRole('heading', { name: 'Items (5)' })).toBeVisible()
    await other.close()
  })
})

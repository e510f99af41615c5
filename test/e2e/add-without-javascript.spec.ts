import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { HOSTS, screenshots, urlOn } from './helpers.ts'

// Issue 35 item 11: every add-to-basket form posts to the worker, which adds and comes back with a
// flash saying what happened. axe runs as script in the page, so it cannot run here.

const STORE = 'manchester-piccadilly'
const storeUrl = (path: string) => urlOn(HOSTS.brandOne, `/stores/${STORE}${path}`)

/** The one-time message the worker's redirect carried (the FlashToast, rendered on the server). */
function flash(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /Added to basket|limit|must be|Unable/ })
}

test.describe('adding to the basket without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('adds from a card, an item page with options and a meal deal, then shows the basket', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // A card's Add: back on the same listing, told what was added.
    await page.goto(storeUrl('/category/milk'))
    const card = page.locator('article', {
      has: page.locator('a[href$="/semi-skimmed-milk-2-pints"]'),
    })
    await card.getByRole('button', { name: /^Add / }).click()
    await expect(page).toHaveURL(/\/category\/milk$/)
    await expect(flash(page)).toContainText(/^Added to basket: 1 × Semi-skimmed milk.*, £\d/)
    await screenshots(page, 'nojs-card-added', { top: true })

    // An item with options: a radio, a stepper (a number field without JavaScript), a quantity.
    const sub = '/category/deli-sandwiches/build-your-own-sub'
    await page.goto(storeUrl(sub))
    await page
      .getByRole('group', { name: /Bread/ })
      .getByLabel(/Seeded sub/)
      .check()
    await page
      .getByRole('group', { name: /Fillings/ })
      .getByLabel('Roast chicken')
      .fill('1')
    await page.getByLabel('Quantity', { exact: true }).fill('2')
    await page.getByRole('button', { name: /^Add to basket/ }).click()
    await expect(page).toHaveURL(new RegExp(`${sub}$`))
    await expect(flash(page)).toContainText(
      /^Added to basket: 2 × Build your own sub \(Seeded sub, Roast chicken\), £\d/
    )
    await screenshots(page, 'nojs-item-added', { top: true })

    // A refusal is said too, in the backend's words, and adds nothing.
    const paracetamol = '/category/medicines/paracetamol-tablets-500mg-16-pack'
    await page.goto(storeUrl(paracetamol))
    await page.getByLabel('Quantity', { exact: true }).fill('3')
    await page.getByRole('button', { name: /^Add to basket/ }).click()
    await expect(page).toHaveURL(new RegExp(`${paracetamol}$`))
    await expect(flash(page)).toHaveText(
      'Item limit has been reached. You can buy at most 2 of this item.'
    )

    // A meal deal: one choice per section.
    await page.goto(storeUrl('/deal/lunchtime-meal-deal'))
    for (const section of ['Main', 'Snack', 'Drink']) {
      await page
        .getByRole('group', { name: section })
        .locator('input:not([disabled])')
        .first()
        .check()
    }
    await page.getByRole('button', { name: /^Add meal deal to basket/ }).click()
    await expect(flash(page)).toContainText(/^Added to basket: 1 × Lunchtime meal deal/)
    await screenshots(page, 'nojs-deal-added', { top: true })

    // The basket holds all three adds and nothing of the refused one.
    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    const main = page.getByRole('main')
    await expect(main.getByText('Semi-skimmed milk', { exact: false }).first()).toBeVisible()
    await expect(main.getByText('Build your own sub').first()).toBeVisible()
    await expect(main.getByText('Lunchtime meal deal').first()).toBeVisible()
    await expect(main.getByText('Paracetamol', { exact: false })).toHaveCount(0)
    await screenshots(page, 'nojs-basket', { top: true })

    // The basket's − / + and Remove are forms too: each comes back saying what changed.
    await main.getByRole('button', { name: /^One more Semi-skimmed milk/ }).click()
    await expect(page).toHaveURL(/\/basket$/)
    await expect(page.getByRole('status').filter({ hasText: 'Your basket now has' })).toContainText(
      /^Your basket now has 2 × Semi-skimmed milk/
    )
    await screenshots(page, 'nojs-basket-quantity', { top: true })
    await main.getByRole('button', { name: /^Remove Build your own sub/ }).click()
    await expect(page).toHaveURL(/\/basket$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Removed from your basket' })
    ).toHaveText('Removed from your basket: Build your own sub.')
    await expect(main.getByRole('link', { name: 'Build your own sub' })).toHaveCount(0)
    await screenshots(page, 'nojs-basket-removed', { top: true })
  })

  test('chooses a weight for an item sold by weight, priced as an estimate up to the basket', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // Issue 41 (ADR 039): the price per kg, the estimate of a 250 g step and that picking sets
    // the final price; the weight chooser is a plain select, so it posts without JavaScript.
    const steak = '/category/beef-lamb/sirloin-steak'
    await page.goto(storeUrl(steak))
    const main = page.getByRole('main')
    await expect(main.getByText('est. £6.39 per 250 g · £25.56/kg')).toBeVisible()
    await expect(
      main.getByText('Weighed items are priced at their estimate; the final price follows picking.')
    ).toBeVisible()
    await page.getByLabel('Weight').selectOption({ label: '750 g (est. £19.17)' })
    // The page is not redrawn without JavaScript: the button names no (250 g) price.
    await expect(main.getByRole('button', { name: /^Add to basket/ })).toHaveText('Add to basket')
    await screenshots(page, 'weighed-item-page', { top: true })
    await page.getByRole('button', { name: /^Add to basket/ }).click()
    await expect(page).toHaveURL(new RegExp(`${steak}$`))
    await expect(flash(page)).toContainText('Added to basket: 750 g Sirloin steak, est. £19.17')

    await page.goto(urlOn(HOSTS.brandOne, '/basket'))
    const line = main.getByRole('listitem').filter({ hasText: 'Sirloin steak' })
    await expect(line.getByText('750 g').first()).toBeVisible()
    await expect(line.getByText('est. £19.17')).toBeVisible()
    await expect(line.getByText('est. £6.39 per 250 g · £25.56/kg')).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Items (1)' })).toBeVisible()
    await expect(
      main.getByText('Weighed items are priced at their estimate; the final price follows picking.')
    ).toBeVisible()
    await screenshots(page, 'weighed-basket', { top: true })
  })
})

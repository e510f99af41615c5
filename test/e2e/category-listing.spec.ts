import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn } from './helpers.ts'

// A category's sort and filters (ADR 034): a plain GET form, so it works with JavaScript off.
const CATEGORY = urlOn(HOSTS.brandOne, '/stores/manchester-piccadilly/category/food-cupboard')

// The search's products take the same free-from filters (issue 41).
const SEARCH = urlOn(HOSTS.brandOne, '/stores/manchester-piccadilly/search/chocolate/menu-items')

const EMPTY = `${CATEGORY}?offer=1&diet=vegan&diet=gluten-free&diet=free-range`
const NO_MATCHES = 'No items match these filters. Remove a filter to see more.'

/** The pence of each card's price on the page, in order. */
async function cardPrices(page: Page): Promise<Array<number>> {
  const texts = await page.locator('article span.font-extrabold').allTextContents()
  return texts.map((text) => Math.round(Number(/£(\d+\.\d{2})/.exec(text)?.[1] ?? 'NaN') * 100))
}

async function sortAndFilter(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Sort and filter' })
  await form.getByLabel('Sort by').selectOption('price-low')
  await form.getByRole('checkbox', { name: 'Vegan' }).check()
  await form.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\?sort=price-low&diet=vegan$/)
  const prices = await cardPrices(page)
  expect(prices.length).toBeGreaterThan(0)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
  await expect(page.getByRole('link', { name: 'Remove Vegan' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Remove Price: low to high' })).toBeVisible()
  await expect(page.getByLabel('Sort by')).toHaveValue('price-low')
}

test.describe('category sort and filters without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  // axe runs as script in the page, so it cannot run here: the test below checks the same pages.
  test('sorts, filters, shows chips and removes one', async ({ page }) => {
    await page.goto(CATEGORY)
    await sortAndFilter(page)
    await screenshots(page, 'category-sorted-filtered-nojs', { top: true })

    await page.getByRole('link', { name: 'Remove Vegan' }).click()
    await expect(page).toHaveURL(/\?sort=price-low$/)
    await expect(page.getByRole('link', { name: 'Remove Vegan' })).toHaveCount(0)

    await page.goto(EMPTY)
    await expect(page.getByText(NO_MATCHES)).toBeVisible()
  })

  test('on a phone the sort and filters fold behind one button; wide, they are open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(CATEGORY)
    await expect(page.getByLabel('Sort by')).toBeHidden()
    await screenshots(page, 'category-filters-folded', { top: true, reload: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(CATEGORY)
    await page.getByText('Filter and sort').click()
    await expect(page.getByLabel('Sort by')).toBeVisible()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(CATEGORY)
    await expect(page.getByLabel('Sort by')).toBeVisible()
    await expect(page.getByText('Filter and sort')).toBeHidden()
  })

  test("a search's products are filtered free from an allergen (issue 41)", async ({ page }) => {
    await page.goto(SEARCH)
    const products = page.getByRole('list', { name: 'Products found' })
    await expect(products.getByText(/^Milk chocolate bar/).first()).toBeVisible()
    const form = page.getByRole('form', { name: 'Filter products' })
    await form.getByText('Free from (allergens)').click()
    await form.getByRole('checkbox', { name: 'Peanuts' }).check()
    await form.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/\/menu-items\?free=peanuts$/)
    // Milk chocolate may contain peanuts: "may contain" is contains for a shopper free from them.
    await expect(products.getByText(/^Dark chocolate bar/).first()).toBeVisible()
    await expect(products.getByText(/^Milk chocolate bar/)).toHaveCount(0)
    await expect(products.getByText(/peanuts/i)).toHaveCount(0)
    await expect(page.getByRole('checkbox', { name: 'Peanuts' })).toBeChecked()
    await screenshots(page, 'search-free-from-nojs', { top: true })

    await page.getByRole('link', { name: 'Remove Free from peanuts' }).click()
    await expect(page).toHaveURL(/\/menu-items$/)
    await expect(products.getByText(/^Milk chocolate bar/).first()).toBeVisible()
  })
})

test.describe('category sort and filters with JavaScript', () => {
  test('the same form works once the islands are running', async ({ page }) => {
    await page.goto(CATEGORY)
    await sortAndFilter(page)
    await expectNoAxeViolations(page)
    await screenshots(page, 'category-sorted-filtered', { top: true })

    // Nothing matches: the page says what to remove.
    await page.goto(EMPTY)
    await expect(page.getByText(NO_MATCHES)).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'category-no-matches')
  })
})

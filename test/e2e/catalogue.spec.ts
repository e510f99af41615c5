import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn, waitForIsland } from './helpers.ts'

const STORE = 'manchester-piccadilly'
const storeUrl = (path = '') => urlOn(HOSTS.brandOne, `/stores/${STORE}${path}`)

test.describe('catalogue', () => {
  test('browses store home → category → item', async ({ page }) => {
    await page.goto(storeUrl())
    await expect(page.getByRole('heading', { name: 'Shop by department' })).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'catalogue-store-home')

    await page.getByRole('list', { name: 'Departments' }).getByRole('link').first().click()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
    await expect(page.locator('article').first()).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'catalogue-category')

    const firstItem = page.locator('article h3 a').first()
    const name = (await firstItem.textContent()) ?? ''
    await firstItem.click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'catalogue-item')
  })

  test('food information: allergens in bold, the nutrition table and the operator (issue 41)', async ({
    page,
  }) => {
    await page.goto(storeUrl('/category/milk/whole-milk-2-pints'))
    const ingredients = page.getByRole('region', { name: 'Ingredients' })
    await expect(ingredients.locator('strong', { hasText: /^milk$/ })).toBeVisible()
    await expect(ingredients).toContainText('Contains: milk')
    const table = page.getByRole('table', {
      name: 'Typical values per 100 ml and per 1 glass (200 ml)',
    })
    await expect(table.getByRole('row', { name: /^Fat 3\.6 g 7\.2 g$/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Food information' })).toContainText(
      'Corner Fresh Group Ltd, 1 Piccadilly Place, Manchester M1 3BN'
    )
    await expectNoAxeViolations(page)
    await screenshots(page, 'food-information-item')

    // The quick view of an item with options shows the same facts.
    await page.goto(storeUrl('/category/deli-sandwiches'))
    const card = page.locator('article', { has: page.locator('[data-island="QuickView"]') }).first()
    await card.scrollIntoViewIfNeeded()
    await waitForIsland(page, 'QuickView')
    await card.getByRole('button', { name: /^Choose options/ }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('table', { name: /^Typical values per 100 g/ })).toBeVisible()
    await expect(dialog.getByText('Contains:')).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'food-information-quick-view')
  })

  test('offers: the store deals page, the multibuy on tiles and the item page (issue 35 item 16)', async ({
    page,
  }) => {
    await page.goto(storeUrl())
    await page.getByRole('link', { name: 'See all deals and their items' }).click()
    await expect(page).toHaveURL(/\/deals$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Deals at /)
    const crisps = page.getByRole('list', { name: 'Any 3 sharing crisps for £5.00' })
    await expect(crisps.getByRole('link', { name: /^Any 3 for £5\.00/ }).first()).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'offers-deals-page')

    // A tile's name leads to the item, whose page shows the offer too.
    await crisps.locator('article h3 a').first().click()
    const offer = page.getByRole('link', { name: /^Any 3 for £5\.00/ })
    await expect(offer).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'offers-item')
    const itemUrl = page.url()

    // The item's category shows the offer on its tile.
    await page.goto(itemUrl.replace(/\/[^/]+$/, ''))
    const tile = page
      .locator('article')
      .filter({ has: page.getByRole('link', { name: /^Any 3 for £5\.00/ }) })
    await expect(tile.first()).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'offers-category')

    // The offer links to its own page.
    await page.goto(itemUrl)
    await page.getByRole('link', { name: /^Any 3 for £5\.00/ }).click()
    await expect(page).toHaveURL(/\/deal\/crisps-3-for-5$/)
  })

  test('a one-character search shows the message by the box', async ({ page }) => {
    await page.goto(storeUrl())
    const box = page.getByRole('search', { name: /Search/ })
    await box.getByLabel('Search products').fill('m')
    await box.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'The search term needs to be at least two characters.'
    )
    await expectNoAxeViolations(page)
  })

  test('search results are paged', async ({ page }) => {
    await page.goto(storeUrl())
    const box = page.getByRole('search', { name: /Search/ })
    await box.getByLabel('Search products').fill('milk')
    await box.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search\/milk$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “milk”')
    await expectNoAxeViolations(page)
    await screenshots(page, 'catalogue-search')

    await page.getByRole('link', { name: /See all \d+ products/ }).click()
    await expect(page).toHaveURL(/\/search\/milk\/menu-items$/)
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/search\/milk\/menu-items\?page=2$/)
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('the search box suggests as the shopper types; the results put milk first', async ({
    page,
  }) => {
    await page.goto(storeUrl())
    await waitForIsland(page, 'SearchSuggest')
    const box = page.getByRole('combobox', { name: 'Search products' })
    await box.pressSequentially('milk')
    const suggestions = page.getByRole('listbox', { name: 'Search suggestions' })
    const options = suggestions.getByRole('option')
    await expect(options.first()).toHaveText(/^Milk\s*Category$/)
    // The products suggested are milks of the Milk category, not coconut milk or chocolate chips.
    const products = options.filter({ hasNotText: 'Category' })
    await expect(products).toHaveCount(6)
    for (const name of await products.allTextContents()) {
      expect(name).toMatch(/^[\w% -]*milk \d/i)
      expect(name).not.toMatch(/coconut|chocolate|follow on/i)
    }
    await expect(page.getByRole('status').filter({ hasText: /suggestions found/ })).toHaveText(
      /^\d+ suggestions found\./
    )
    await expectNoAxeViolations(page)
    await screenshots(page, 'catalogue-search-suggestions', { top: true })

    // Enter without choosing searches, as the plain form does.
    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\/milk$/)
    const productNames = await page.locator('article h3').allTextContents()
    expect(productNames.length).toBeGreaterThan(0)
    for (const name of productNames.slice(0, 6)) expect(name).toMatch(/milk \d/i)

    // Choosing a suggestion goes where it leads.
    const again = page.getByRole('combobox', { name: 'Search products' })
    await waitForIsland(page, 'SearchSuggest')
    await again.fill('')
    await again.pressSequentially('milk')
    await expect(options.first()).toHaveText(/^Milk\s*Category$/)
    await again.press('ArrowDown')
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await again.press('Enter')
    await expect(page).toHaveURL(/\/category\/milk$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Milk')
  })

  test('item options: an invalid choice is blocked, extra costs change the price', async ({
    page,
  }) => {
    // Fillings: choose 1 to 4, the first two free, then 75p each.
    await page.goto(storeUrl('/category/deli-sandwiches/build-your-own-sub'))
    await waitForIsland(page, 'ItemOptions')
    const add = page.getByRole('button', { name: /^Add to basket/ })
    const price = async (): Promise<number> => {
      const text = (await add.textContent()) ?? ''
      const pounds = /£(\d+(?:\.\d{2})?)/.exec(text)?.[1]
      return Math.round(Number(pounds) * 100)
    }
    const base = await price()

    // Nothing chosen for a required option: refused, with the reason next to it, focus on it.
    await add.click()
    const fillings = page.getByRole('group', { name: /Fillings/ })
    await expect(fillings.getByText('Please choose Fillings')).toBeVisible()
    await expect(fillings.locator(':focus')).toHaveCount(1)
    await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toHaveCount(0)
    await expectNoAxeViolations(page)

    // Two fillings are included; the third costs 75p.
    await fillings.getByRole('button', { name: 'Add one Roast chicken' }).click()
    await fillings.getByRole('button', { name: 'Add one Cheddar' }).click()
    await expect(fillings.getByRole('status', { name: 'Cheddar chosen' })).toHaveText('1')
    expect(await price()).toBe(base)
    await fillings.getByRole('button', { name: 'Add one Bacon' }).click()
    await expect.poll(price).toBe(base + 75)
    await expect(fillings.getByText('Please choose Fillings')).toHaveCount(0)

    // A valid selection goes into the basket, priced by the server at the same amount.
    await add.click()
    await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toContainText(
      `£${((base + 75) / 100).toFixed(2)}`
    )
  })
})

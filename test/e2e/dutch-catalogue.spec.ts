import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, screenshots, urlOn, waitForIsland } from './helpers.ts'

/*
 * Domstad Markt's catalogue in Dutch (issue 43 part B): the category page's controls, cards and
 * quick add, and the item page's facts say the catalogue's Dutch, including the words an island
 * shows only after a press (the stepper that replaces Add carries its translations).
 */
const STORE = '/stores/utrecht-oudegracht'
const CATEGORY = urlOn('utrecht.localhost', `${STORE}/category/cheese`)
const ITEM = urlOn('utrecht.localhost', `${STORE}/category/cheese/mature-cheddar-400g`)

test.describe('a Dutch catalogue', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the category page speaks Dutch, before and after a quick add', async ({ page }) => {
    await page.goto(CATEGORY)
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL')
    await expect(page.getByText('Filteren en sorteren')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Producten zoeken' })).toBeVisible()
    const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' })
    await expect(crumbs.getByRole('link', { name: 'Winkels' })).toBeVisible()
    await expect(page.getByText('Filter and sort')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await screenshots(page, 'nl-category', { top: true })

    await waitForIsland(page, 'QuickAdd')
    const adds = page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: /^Toevoegen/ }) })
    const name = (await adds.first().getByRole('heading').textContent())?.trim() ?? ''
    // The card by its own name: once pressed it has no Add button, so the filter above moves on.
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name, exact: true }) })
    await card.getByRole('button', { name: /^Toevoegen/ }).click()
    await expect(card.getByRole('group', { name: `${name} in je mandje` })).toBeVisible()
    await expect(card.getByRole('button', { name: `Nog één ${name} erbij` })).toBeVisible()
  })

  test('the item page speaks Dutch: favourites, facts and nutrition', async ({ page }) => {
    await page.goto(ITEM)
    await expect(page.getByRole('button', { name: 'Bewaren in favorieten' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Ingrediënten' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Voedingswaarden' })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Gemiddelde waarden' })).toBeVisible()
    await expect(page.getByText('Ingredients', { exact: true })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await screenshots(page, 'nl-item', { top: true })
  })
})

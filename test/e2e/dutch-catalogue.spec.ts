import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, screenshots, urlOn, waitForIsland } from './helpers.ts'

/*
 * Domstad Markt's catalogue in Dutch (issue 43 part B): the category page's controls, cards and
 * quick add, and the item page's facts say the catalogue's Dutch, including the words an island
 * shows only after a press (the stepper that replaces Add carries its translations). Its data is
 * Dutch too (demo data 22): ingredients with the Dutch allergens in bold, the legal pages and the
 * contact form's subjects.
 */
const STORE = '/stores/utrecht-oudegracht'
const CATEGORY = urlOn('utrecht.localhost', `${STORE}/category/cheese`)
const ITEM = urlOn('utrecht.localhost', `${STORE}/category/cheese/mature-cheddar-400g`)
const CAKE = urlOn('utrecht.localhost', `${STORE}/category/cakes-treats/chocolate-fudge-cake`)

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

  test('the item page lists Dutch ingredients with the Dutch allergens in bold', async ({
    page,
  }) => {
    await page.goto(CAKE)
    const ingredients = page
      .getByRole('region', { name: 'Ingrediënten' })
      .locator('p', { hasText: 'Suiker, melkchocolade' })
    await expect(ingredients).toContainText('cacaoboter, volle melkpoeder')
    const bold = ingredients.locator('strong')
    await expect(bold).toHaveText([
      'melkchocolade',
      'melkpoeder',
      'sojalecithinen',
      'roomboter',
      'melk',
      'scharrelei',
      'tarwebloem',
    ])
    // Cocoa butter names no milk: it stays plain.
    await expect(ingredients.locator('strong', { hasText: 'cacaoboter' })).toHaveCount(0)
    await expect(page.getByText('Sugar, milk chocolate')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await screenshots(page, 'nl-item-ingredients', { top: true })
  })

  test('the terms and the contact form are Dutch', async ({ page }) => {
    await page.goto(urlOn('utrecht.localhost', '/terms'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Algemene voorwaarden' })
    ).toBeVisible()
    await expect(
      page.getByRole('heading', { name: '7. Een bestelling annuleren en bedenktijd' })
    ).toBeVisible()
    await expect(page.getByText(/14 dagen bedenktijd/)).toBeVisible()
    await expect(page.getByText('These terms apply', { exact: false })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await screenshots(page, 'nl-terms', { top: true })

    await page.goto(urlOn('utrecht.localhost', '/contact'))
    const subject = page.getByRole('combobox', { name: /Onderwerp/ })
    await expect(subject.locator('option')).toContainText([
      'Vraag over een bestelling',
      'Ontbrekende of beschadigde artikelen',
      'Feedback',
      'Iets anders',
    ])
    await subject.selectOption('Ontbrekende of beschadigde artikelen')
    await expect(subject).toHaveValue('Ontbrekende of beschadigde artikelen')
  })
})

import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn, waitForIsland } from './helpers.ts'

const STORE = 'manchester-piccadilly'
const dealUrl = (slug: string) => urlOn(HOSTS.brandOne, `/stores/${STORE}/deal/${slug}`)

function headerBasket(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Basket/ })
}

/** An item card of a section that can be chosen, optionally one whose text matches. */
function choosable(section: Locator, hasText?: string | RegExp): Locator {
  return section
    .locator('label')
    .filter({ has: section.page().locator('input:not([disabled])') })
    .filter(hasText ? { hasText } : {})
}

test.describe('meal deal', () => {
  test('adds a meal deal with a premium choice', async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto(dealUrl('lunchtime-meal-deal'))
    await waitForIsland(page, 'MealDealPicker')
    await expect(page.getByRole('heading', { level: 1, name: 'Lunchtime meal deal' })).toBeVisible()
    const addButton = page.getByRole('button', { name: /^Add meal deal to basket/ })
    await expect(addButton).toContainText('£3.85')
    await expectNoAxeViolations(page)
    await screenshots(page, 'meal-deal-before', { top: true })

    const main = page.getByRole('group', { name: 'Main' })
    const snack = page.getByRole('group', { name: 'Snack' })
    const drink = page.getByRole('group', { name: 'Drink' })
    await expect(main).toContainText('Choose 1')

    // A premium main: the price follows at once.
    const premium = choosable(main, '+50p').first()
    const premiumName = (await premium.locator('span.font-semibold').first().textContent()) ?? ''
    await premium.click()
    await expect(premium.locator('input')).toBeChecked()
    await expect(addButton).toContainText('£4.35')
    await expect(page.getByText('£3.85 deal price + £0.50 extras')).toBeVisible()

    // No snack yet: the section says so and takes the focus; nothing is added.
    await choosable(drink, /330ml|water/i)
      .first()
      .click()
    await addButton.click()
    await expect(snack.getByText('Please choose Snack')).toBeVisible()
    await expect(snack.locator('input:not([disabled])').first()).toBeFocused()
    await expect(snack).toHaveAttribute('aria-invalid', 'true')
    await expect(headerBasket(page)).toHaveAccessibleName('Basket')
    await expectNoAxeViolations(page)

    // A snack without a premium, then two of the meal deal.
    await choosable(snack).filter({ hasNotText: '+50p' }).first().click()
    await expect(snack.getByText('Please choose Snack')).toBeHidden()
    await page.getByRole('button', { name: 'One more' }).click()
    await expect(addButton).toContainText('£8.70')
    await addButton.click()
    const status = page.getByRole('status').filter({ hasText: 'Added to basket' })
    await expect(status).toContainText(`2 × Lunchtime meal deal (${premiumName}`)
    await expect(status).toContainText('£8.70')
    // The header follows without a reload.
    await expect(headerBasket(page)).toHaveAccessibleName(/^Basket, 2 items, £\d/)
    await expectNoAxeViolations(page)
    await screenshots(page, 'meal-deal-after', { top: true })

    // The basket holds it with its choices and the server's price.
    await page.getByRole('link', { name: 'View basket' }).click()
    await waitForIsland(page, 'BasketEditor')
    const row = page.locator('li', { hasText: 'Lunchtime meal deal' }).first()
    await expect(row).toContainText(`Main: ${premiumName}`)
    await expect(row).toContainText('£4.35 each')
    await expect(row).toContainText('£8.70')
    await expect(page.getByRole('heading', { name: 'Items (2)' })).toBeVisible()
  })

  test('chooses up to a section maximum with checkboxes', async ({ page }) => {
    await page.goto(dealUrl('pizza-night'))
    await waitForIsland(page, 'MealDealPicker')
    const pizzas = page.getByRole('group', { name: 'Pizzas' })
    await expect(pizzas).toContainText('Choose 2 · 0 chosen')
    const boxes = pizzas.getByRole('checkbox')
    await boxes.nth(0).check()
    await boxes.nth(1).check()
    await expect(pizzas).toContainText('Choose 2 · 2 chosen')
    // Full: the others wait until one is unchosen.
    await expect(boxes.nth(2)).toBeDisabled()
    await boxes.nth(0).uncheck()
    await expect(boxes.nth(2)).toBeEnabled()
    await expectNoAxeViolations(page)
  })

  test('other deals say they apply in the basket', async ({ page }) => {
    await page.goto(dealUrl('crisps-3-for-5'))
    await expect(
      page.getByText('Added to your basket automatically when you buy the items.')
    ).toBeVisible()
    await expect(page.getByRole('button', { name: /^Add meal deal/ })).toHaveCount(0)
  })
})

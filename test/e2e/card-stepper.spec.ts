import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, SCREENSHOTS, urlOn, VIEWPORTS } from './helpers.ts'

// The header that confirms each add and the card's − quantity + stepper, at a phone's and a
// desktop's width.

const STORE = 'manchester-piccadilly'
const storeUrl = (path: string) => urlOn(HOSTS.brandOne, `/stores/${STORE}${path}`)

function cardOf(page: Page, slug: string): Locator {
  return page.locator('article', { has: page.locator(`a[href$="/${slug}"]`) })
}

/** Brings the card into view and waits for its quick add to hydrate there. */
async function hydrated(card: Locator): Promise<void> {
  await card.scrollIntoViewIfNeeded()
  await card.locator('[data-island="QuickAdd"][data-hydrated="true"]').waitFor()
}

function pence(text: string): number {
  const match = /£(\d+\.\d{2})/.exec(text)
  return Math.round(Number(match?.[1] ?? Number.NaN) * 100)
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('Add becomes a stepper that the header confirms, and − − brings Add back', async ({
      page,
    }) => {
      await page.goto(storeUrl('/category/milk'))
      const header = page.getByRole('banner')
      const basket = header.getByRole('link', { name: /^Basket/ })
      const confirmation = header.getByRole('status')
      const card = cardOf(page, 'semi-skimmed-milk-2-pints')
      const name = ((await card.getByRole('heading').textContent()) ?? '').trim()
      const price = pence(
        (await card
          .locator('p')
          .filter({ hasText: /^(Now )?£\d/ })
          .textContent()) ?? ''
      )
      await hydrated(card)

      await card.getByRole('button', { name: `Add ${name}` }).click()
      const stepper = card.getByRole('group', { name: `${name} in your basket` })
      await expect(stepper).toContainText('1 in basket')
      // The Add button is gone: focus is on its replacement.
      await expect(stepper.getByRole('button', { name: `Add one more ${name}` })).toBeFocused()
      await expect(confirmation).toHaveText(
        `Added 1 × ${name} — basket 1 item, £${(price / 100).toFixed(2)}`
      )

      await stepper.getByRole('button', { name: `Add one more ${name}` }).click()
      await expect(stepper).toContainText('2 in basket')
      const total = `£${((2 * price) / 100).toFixed(2)}`
      await expect(basket).toHaveAccessibleName(`Basket, 2 items, ${total}`)
      await expect(basket).toContainText(total)
      await expect(confirmation).toHaveText(`Added 1 × ${name} — basket 2 items, ${total}`)
      // The confirmation under the header and the stepper, as the shopper sees them.
      await page.screenshot({ path: `${SCREENSHOTS}/card-stepper-${viewport.width}.png` })
      await expectNoAxeViolations(page)

      // The page is shared HTML: after a reload the card learns its quantity in the browser.
      await page.reload()
      await hydrated(card)
      await expect(stepper).toContainText('2 in basket')

      await stepper.getByRole('button', { name: `Remove one ${name}` }).click()
      await expect(stepper).toContainText('1 in basket')
      await expect(confirmation).toHaveText(/^Removed 1 × .+ — basket 1 item, £\d+\.\d{2}$/)
      await stepper.getByRole('button', { name: `Remove one ${name}` }).click()
      const add = card.getByRole('button', { name: `Add ${name}` })
      await expect(add).toBeFocused()
      await expect(stepper).toHaveCount(0)
      await expect(confirmation).toHaveText(`Removed 1 × ${name} — basket empty`)
      await expect(basket).toHaveAccessibleName('Basket')
    })

    test('the stepper stops at the item limit with its message', async ({ page }) => {
      await page.goto(storeUrl('/category/medicines'))
      const card = cardOf(page, 'paracetamol-tablets-500mg-16-pack')
      const name = ((await card.getByRole('heading').textContent()) ?? '').trim()
      await hydrated(card)
      await card.getByRole('button', { name: `Add ${name}` }).click()
      const more = card.getByRole('button', { name: `Add one more ${name}` })
      await more.click()
      await expect(card.getByRole('group')).toContainText('2 in basket')
      await more.click()
      await expect(card.getByRole('status')).toHaveText(
        'Item limit has been reached. You can buy at most 2 of this item.'
      )
      await expect(card.getByRole('group')).toContainText('2 in basket')
    })

    test('the header stays on screen, slim, and keeps focus clear of it', async ({ page }) => {
      await page.goto(storeUrl('/category/milk'))
      const header = page.getByRole('banner')
      const height = (await header.boundingBox())?.height ?? 0
      expect(height).toBeLessThanOrEqual(viewport.width < 640 ? 57 : 73)
      await page.mouse.wheel(0, 1500)
      await expect.poll(async () => (await header.boundingBox())?.y).toBe(0)
      // Focus moving back up to a link above the screen brings it in below the header, not
      // under it (scroll-padding-top; WCAG 2.4.11 focus not obscured).
      const first = page.getByRole('main').locator('article a').first()
      await first.focus()
      const box = await first.boundingBox()
      expect(box?.y ?? 0).toBeGreaterThanOrEqual(height)
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: `${SCREENSHOTS}/header-sticky-${viewport.width}.png` })
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("the card's Add adds and comes back to the listing", async ({ page }) => {
    await page.goto(storeUrl('/category/milk'))
    const card = cardOf(page, 'semi-skimmed-milk-2-pints')
    await card.getByRole('button', { name: /^Add / }).click()
    await expect(page).toHaveURL(/\/category\/milk$/)
    await expect(page.getByRole('status').filter({ hasText: 'Added to basket' })).toContainText(
      '1 × Semi-skimmed milk'
    )
  })
})

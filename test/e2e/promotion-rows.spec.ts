import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, SCREENSHOTS, urlOn, VIEWPORTS } from './helpers.ts'

// Deals and banners: a sideways row on a phone, the next card peeking; a grid on a wide screen.

const storeHome = urlOn(HOSTS.brandOne, '/stores/manchester-piccadilly')

test('deals and banners are rows on a phone and grids wider', async ({ page }) => {
  const [phone, desktop] = VIEWPORTS
  await page.setViewportSize(phone)
  await page.goto(storeHome)
  const deals = page.getByRole('list', { name: 'Deals at this store' })
  const banners = page.getByRole('list', { name: 'Offers' })
  for (const row of [deals, banners]) {
    await expect(row).toHaveCSS('display', 'flex')
    await expect(row).toHaveCSS('overflow-x', 'auto')
    // The second card starts on screen, so the shopper sees there is more.
    const second = await row.getByRole('listitem').nth(1).boundingBox()
    expect(second?.x ?? phone.width).toBeLessThan(phone.width)
    expect((second?.x ?? 0) + (second?.width ?? 0)).toBeGreaterThan(phone.width)
  }
  // The keyboard walks the row: a deal off screen scrolls in when it takes focus.
  const links = deals.getByRole('link')
  const last = links.last()
  await links.first().focus()
  for (let step = 1; step < (await links.count()); step += 1) await page.keyboard.press('Tab')
  await expect(last).toBeFocused()
  await expect(last).toBeInViewport()
  await expectNoAxeViolations(page)
  await deals.scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollBy(0, -200))
  await page.screenshot({ path: `${SCREENSHOTS}/store-promotion-rows-${phone.width}.png` })

  await page.setViewportSize(desktop)
  await expect(deals).toHaveCSS('display', 'grid')
  await expect(banners).toHaveCSS('display', 'grid')
  await banners.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SCREENSHOTS}/store-promotion-rows-${desktop.width}.png` })
})

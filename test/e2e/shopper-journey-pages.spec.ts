import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, SCREENSHOTS, screenshots, urlOn } from './helpers.ts'

// The pages issue 35 items 10 and 21 changed, looked at and checked with axe.

test('the cookie policy lists the cookies the code sets and the outside services', async ({
  page,
}) => {
  await page.goto(urlOn(HOSTS.brandOne, '/cookie-policy'))
  await expect(page.getByRole('heading', { name: 'Every cookie this site sets' })).toBeVisible()
  await expect(page.getByText('only if you agree')).toHaveCount(0)
  await expect(page.getByRole('rowheader', { name: 'sf_basket', exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'cookie-policy')
})

test('a console page that is not there stays in the console, with a way home', async ({ page }) => {
  const response = await page.goto(urlOn(HOSTS.brandOne, '/store/nothing/here'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('alert')).toBeFocused()
  await expect(page.getByRole('link', { name: 'Store console home' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expectNoAxeViolations(page)
  for (const width of [390, 1024]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `${SCREENSHOTS}/console-not-found-${width}.png`, fullPage: true })
  }
})

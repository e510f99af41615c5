import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, screenshots } from './helpers.ts'
import { consoleUrl, staffBrowser } from './pages/store-console.ts'

test('an operator reaches the operator console from the store console and reads the audit log', async ({
  browser,
}) => {
  const operator = await staffBrowser(browser, 'operator')
  const { page } = operator
  await page.goto(consoleUrl(''))
  await operator.main().getByRole('link', { name: 'Operator console' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Operator console')
  const nav = page.getByRole('navigation', { name: 'Operator console' })
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
  for (const area of ['Brands', 'Stores', 'Catalogue', 'Promotions', 'Content', 'Audit log']) {
    await expect(nav.getByRole('link', { name: area })).toBeVisible()
  }
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-home')

  await nav.getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log')
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page')
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-audit')
  await operator.context.close()

  // A picker signed in gets the console's refusal, not the operator pages.
  const picker = await staffBrowser(browser, 'picker')
  const refused = await picker.page.goto(consoleUrl('/operator'))
  expect(refused?.status()).toBe(403)
  await expect(picker.page.getByRole('alert')).toHaveText(
    'Only operators can use the operator console.'
  )
  await picker.context.close()
})

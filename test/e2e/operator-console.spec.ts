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
  for (const area of [
    'Brands',
    'Stores',
    'Catalogue',
    'Promotions',
    'Content',
    'Staff',
    'Audit log',
  ]) {
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

test('an operator invites a driver for Piccadilly, changes their role and deactivates them', async ({
  browser,
}) => {
  const operator = await staffBrowser(browser, 'operator')
  const { page } = operator
  const email = `new-driver-${crypto.randomUUID().slice(0, 8)}@corner.test`
  await page.goto(consoleUrl('/operator'))
  await operator
    .main()
    .getByRole('link', { name: /^Staff Invite people/ })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff')
  await screenshots(page, 'operator-staff')

  await page.getByRole('link', { name: 'Invite someone' }).click()
  // No role ticked: the summary takes focus and says what is missing.
  await page.getByLabel('Name').fill('Dana Driver')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(page.getByRole('alert')).toContainText(
    'Choose the operator role or at least one role at a store.'
  )
  await expect(page.getByRole('alert')).toBeFocused()
  await screenshots(page, 'operator-staff-invite-refused')
  const piccadilly = page.getByRole('group', { name: /Piccadilly/ })
  await piccadilly.getByLabel('Driver').check()
  await page.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(page.getByText('The invitation has been sent.')).toBeVisible()
  const row = page.getByRole('row', { name: /Dana Driver/ })
  await expect(row).toContainText('Invited')
  await expect(row).toContainText(/Piccadilly: Driver/)

  await row.getByRole('link', { name: 'Dana Driver' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dana Driver')
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-staff-member')
  await piccadilly.getByLabel('Driver').uncheck()
  await piccadilly.getByLabel('Picker').check()
  await page.getByRole('button', { name: 'Save the roles' }).click()
  await expect(page.getByText('The roles have been saved.')).toBeVisible()
  await expect(piccadilly.getByLabel('Picker')).toBeChecked()
  await expect(piccadilly.getByLabel('Driver')).not.toBeChecked()

  await page.getByRole('button', { name: 'Deactivate Dana Driver' }).click()
  await expect(page.getByRole('alert')).toContainText('Tick the box to confirm')
  await page.getByLabel('Yes, end Dana Driver’s access').check()
  await page.getByRole('button', { name: 'Deactivate Dana Driver' }).click()
  await expect(page.getByText(/The account has been deactivated/)).toBeVisible()
  await page.getByRole('link', { name: 'Back to staff' }).click()
  await expect(page.getByRole('row', { name: /Dana Driver/ })).toContainText('Deactivated')

  // The console's own account: change the password, or sign out everywhere (issue 36 item 9).
  await page.getByRole('link', { name: /your account/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account')
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible()
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert')).toBeFocused()
  await expectNoAxeViolations(page)
  await screenshots(page, 'console-account-refused')
  await operator.context.close()
})

test('an operator reads the failed tasks and the refunds not settled', async ({ browser }) => {
  const operator = await staffBrowser(browser, 'operator')
  const { page } = operator
  await page.goto(consoleUrl('/operator/failed-tasks'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Failed tasks')
  await expect(page.getByRole('heading', { level: 2, name: 'Refunds not settled' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-failed-tasks')
  await operator.context.close()
})

test("an operator reads the business's insight and its reject and cancel reasons", async ({
  browser,
}) => {
  const operator = await staffBrowser(browser, 'operator')
  const { page } = operator
  await page.goto(consoleUrl('/operator/insight'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insight')
  // Each chart is one image to assistive technology, named by its title.
  await expect(page.getByRole('img', { name: /^Sales by day/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Sales' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-insight', { top: true })

  const nav = page.getByRole('navigation', { name: 'Operator console' })
  await nav.getByRole('link', { name: 'Order reasons' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order reasons')
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-order-reasons')
  await operator.context.close()
})

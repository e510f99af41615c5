import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, uniqueEmail, urlOn } from './helpers.ts'

// Issue 35 item 15: a refused form comes back with its error summary at the top of the form, and
// focus (so the screen, on a phone) goes there, with or without JavaScript. The review form's
// case is in member-orders.spec.ts (it needs a delivered order).

const PHONE = { width: 390, height: 844 }
const url = (path: string) => urlOn(HOSTS.brandOne, path)

async function refusedSignIn(page: Page) {
  await page.goto(url('/login'))
  const main = page.getByRole('main')
  await main.getByLabel('Email address').fill(uniqueEmail('summary'))
  await main.getByLabel('Password', { exact: true }).fill('not the password')
  await main.getByRole('button', { name: 'Sign in', exact: true }).click()
  const summary = page.getByRole('alert')
  await expect(summary).toHaveText('Your email or password is incorrect.')
  await expect(summary).toBeFocused()
  await expect(summary).toBeInViewport()
}

async function refusedRegistration(page: Page) {
  await page.goto(url('/register'))
  const main = page.getByRole('main')
  await main.getByRole('button', { name: /^(Register|Create account)/ }).click()
  // The summary lists each field's error, each a link to its field.
  const summary = page.getByRole('alert')
  await expect(summary).toBeFocused()
  await expect(summary).toBeInViewport()
  const links = summary.getByRole('link')
  expect(await links.count()).toBeGreaterThan(1)
  const target = (await links.first().getAttribute('href')) ?? ''
  expect(target).toMatch(/^#register-/)
  await links.first().click()
  await expect(page).toHaveURL(new RegExp(`${target}$`))
  await expect(main.locator(target)).toBeInViewport()
  // The field, its label first, lands below the sticky header, not under it.
  const header = page.locator('[data-site-header]')
  const label = main.locator(`label[for="${target.slice(1)}"]`)
  await expect
    .poll(async () => {
      const [bar, field] = await Promise.all([header.boundingBox(), label.boundingBox()])
      return (field?.y ?? 0) - ((bar?.y ?? 0) + (bar?.height ?? 0))
    })
    .toBeGreaterThanOrEqual(0)
}

test.describe('a refused form focuses its error summary, at 390 px', () => {
  test.use({ viewport: PHONE })

  test('sign-in and registration with JavaScript', async ({ page }) => {
    await refusedSignIn(page)
    await expectNoAxeViolations(page)
    await screenshots(page, 'summary-login', { top: true })
    await refusedRegistration(page)
    await expectNoAxeViolations(page)
    await screenshots(page, 'summary-register', { top: true })
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('sign-in and registration', async ({ page }) => {
      await refusedSignIn(page)
      await refusedRegistration(page)
    })
  })
})

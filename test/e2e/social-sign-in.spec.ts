import type { Page } from '@playwright/test'
import { MESSAGES } from '../../schemas/messages.ts'
import { expectNoAxeViolations, HOSTS, screenshots, uniqueEmail, urlOn } from './helpers.ts'
import { basketWithSlot, expect, test } from './pages/index.ts'
import { MEMBER_PASSWORD, registerThroughForm } from './pages/member-details.ts'

const url = (path: string) => urlOn(HOSTS.brandOne, path)

/** The header's account link: 'My account' once signed in as a member. */
async function expectSignedIn(page: Page): Promise<void> {
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'My account' })).toHaveCount(1)
}

/** On the sandbox identity provider's page: signs in as a new test person (or cancels). */
async function answerSandbox(
  page: Page,
  outcome: 'Sign in' | 'Cancel' | 'Fail',
  email = uniqueEmail('social')
): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-identity\/google\/authorize\?/)
  await expect(page.getByRole('note')).toContainText('SANDBOX')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Last name').fill('Hopper')
  await page.getByRole('button', { name: outcome, exact: true }).click()
}

test('a new member signs in with the sandbox Google from the login page', async ({ page }) => {
  await page.goto(url('/login'))
  const buttons = ['Continue with Google', 'Continue with Apple', 'Continue with Facebook']
  for (const name of buttons) await expect(page.getByRole('button', { name })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'social-sign-in-login')

  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expectNoAxeViolations(page)
  await screenshots(page, 'social-sign-in-sandbox')
  await answerSandbox(page, 'Sign in')
  await expect(page).toHaveURL(url('/'))
  await expect(page.getByText(MESSAGES.signedIn)).toBeVisible()
  await expectSignedIn(page)
})

test('from the checkout sign-in step, Google brings the shopper back to checkout', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await basketWithSlot(page)
  await page.goto(url('/checkout/login'))
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await answerSandbox(page, 'Sign in')
  await expect(page).toHaveURL(/\/checkout\/details$/)
  // The checkout's slim header has no account links: the basket page's full header shows them.
  await page.goto(url('/basket'))
  await expectSignedIn(page)
})

test('a cancelled or failed Google sign-in says so on the login page, focused', async ({
  page,
}) => {
  for (const outcome of ['Cancel', 'Fail'] as const) {
    await page.goto(url('/login'))
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await answerSandbox(page, outcome)
    await expect(page).toHaveURL(url('/login?social_failed=google'))
    const alert = page.getByRole('alert')
    await expect(alert).toHaveText(MESSAGES.googleLoginFailed)
    await expect(alert).toBeFocused()
  }
  await expectNoAxeViolations(page)
  await screenshots(page, 'social-sign-in-failed')
})

test('Google meets a password account for its address: it asks to sign in, then links', async ({
  page,
}) => {
  test.setTimeout(90_000)
  // Someone registers a password account with the address (no code ever reaches it).
  const email = uniqueEmail('prehijack')
  await registerThroughForm(page, email)
  await page.context().clearCookies()

  // Google for that address lands on the sign-in page, asked to sign in, not in the account.
  const linkNotice = MESSAGES.socialLinkRequired.replaceAll('%s', 'Google')
  await page.goto(url('/login'))
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await answerSandbox(page, 'Sign in', email)
  await expect(page).toHaveURL(url('/login?social_link=google'))
  const main = page.getByRole('main')
  await expect(main.getByRole('status').filter({ hasText: linkNotice })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toHaveCount(0)
  await expect(main.getByLabel('Email address')).toHaveValue(email)
  await expectNoAxeViolations(page)
  await screenshots(page, 'social-sign-in-link-required')

  // The account's password proves it is theirs: signed in, and Google is linked.
  await main.getByLabel('Password').fill(MEMBER_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(url('/'))
  await expect(page.getByText(MESSAGES.socialLinked.replace('%s', 'Google'))).toBeVisible()
  await expectSignedIn(page)

  // Next time Google signs straight in to that account.
  await page.context().clearCookies()
  await page.goto(url('/login'))
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await answerSandbox(page, 'Sign in', email)
  await expect(page).toHaveURL(url('/'))
  await expect(page.getByText(MESSAGES.signedIn)).toBeVisible()
  await expectSignedIn(page)
})

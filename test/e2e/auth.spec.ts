import type { BrowserContext, Page } from '@playwright/test'
import { expect, joinClock, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, uniqueEmail, urlOn } from './helpers.ts'
import { MEMBER_PASSWORD as PASSWORD, registerThroughForm } from './pages/member-details.ts'

const NEW_PASSWORD = 'a much newer passphrase'
const url = (path: string) => urlOn(HOSTS.brandOne, path)

/** The page's main landmark (the footer has an email field of its own). */
function main(page: Page) {
  return page.getByRole('main')
}

/** The header's account link: 'My account' when signed in as a member, else 'Sign in'. */
async function expectSignedIn(page: Page, signedIn: boolean): Promise<void> {
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'My account' })).toHaveCount(signedIn ? 1 : 0)
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(signedIn ? 0 : 1)
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await main(page).getByLabel('Email address').fill(email)
  await main(page).getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

async function signOut(page: Page): Promise<void> {
  await page.goto(url('/member/change-password'))
  // The header has a Sign out button too: use the page's own.
  await main(page).getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(url('/'))
  await expectSignedIn(page, false)
}

test('register with errors, then for real; sign out; sign in by password', async ({ page }) => {
  await page.goto(url('/register'))
  await expectNoAxeViolations(page)

  // Errors first: a landline and passwords that differ, without JavaScript's help.
  await main(page).getByLabel('First name').fill('Ada')
  await main(page).getByLabel('Last name').fill('Lovelace')
  await main(page).getByLabel('Email address').fill(uniqueEmail('auth'))
  await main(page)
    .getByLabel(/Mobile phone number/)
    .fill('0161 496 0000')
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await main(page).getByLabel('Confirm password').fill('something else')
  await page.getByRole('button', { name: 'Create account' }).click()
  const phone = main(page).getByLabel(/Mobile phone number/)
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toHaveAccessibleDescription(/Mobile phone number is invalid/)
  await expect(main(page).getByLabel('Confirm password')).toHaveAccessibleDescription(
    'The passwords do not match.'
  )
  await expect(main(page).getByLabel(/I agree to the/)).toHaveAccessibleDescription(
    'Please accept the terms and conditions to continue.'
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-register-errors')

  const email = uniqueEmail('auth')
  await registerThroughForm(page, email, { whereHeard: 'Friend or family' })
  await expectSignedIn(page, true)

  // A signed-in member is sent back from the sign-in pages.
  await page.goto(url('/login'))
  await expect(page).toHaveURL(url('/'))

  await signOut(page)

  await page.goto(url('/login'))
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-login')
  await signIn(page, email, 'not the password')
  await expect(page.getByRole('alert')).toHaveText('Your email or password is incorrect.')
  await expect(main(page).getByLabel('Email address')).toHaveValue(email)
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(url('/'))
  await expectSignedIn(page, true)
})

test('forgotten password: the link from the mailbox sets a new password', async ({ page }) => {
  const email = uniqueEmail('auth')
  await registerThroughForm(page, email, { whereHeard: 'Friend or family' })
  await signOut(page)

  await page.goto(url('/login'))
  await page.getByRole('link', { name: 'Forgotten your password?' }).click()
  await expect(page).toHaveURL(url('/forgotten-password'))
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-forgotten-password')
  await main(page).getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page).toHaveURL(url('/forgotten-password/set'))
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toContainText(
    'we have sent it a link'
  )

  await page.goto(url('/dev/mailbox'))
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-mailbox')
  const message = page.getByRole('listitem').filter({ hasText: email }).first()
  await message.getByRole('link', { name: /^\/member\/reset-token\// }).click()

  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-reset')
  await main(page).getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await main(page).getByLabel('Confirm new password').fill('not the same')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(main(page).getByLabel('Confirm new password')).toHaveAccessibleDescription(
    'The passwords do not match.'
  )
  await main(page).getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await main(page).getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Set new password' }).click()

  await expect(page).toHaveURL(url('/login?reset=1'))
  await expect(page.getByText('Your password has been changed. Please sign in')).toBeVisible()
  await signIn(page, email, PASSWORD)
  await expect(page.getByRole('alert')).toHaveText('Your email or password is incorrect.')
  await signIn(page, email, NEW_PASSWORD)
  await expect(page).toHaveURL(url('/'))
  await expectSignedIn(page, true)
})

test('change password: the current one is checked', async ({ page }) => {
  const email = uniqueEmail('auth')
  await registerThroughForm(page, email, { whereHeard: 'Friend or family' })
  await page.goto(url('/member/change-password'))
  await expectNoAxeViolations(page)
  await main(page).getByLabel('Current password').fill('wrong password')
  await main(page).getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await main(page).getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(main(page).getByLabel('Current password')).toHaveAccessibleDescription(
    'Current password was incorrect.'
  )
  await screenshots(page, 'auth-change-password-error')
  await main(page).getByLabel('Current password').fill(PASSWORD)
  await main(page).getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await main(page).getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()
  await expectSignedIn(page, true)
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-change-password')
})

test('a member-only page sends a signed-out shopper home with the message', async ({ page }) => {
  await page.goto(url('/member/change-password'))
  await expect(page).toHaveURL(url('/'))
  await expect(page.getByText('You need to be logged in to use this')).toBeVisible()
})

/** The one-time code last mailed to `email`, read from the development mailbox in another tab. */
async function mailedCode(context: BrowserContext, email: string): Promise<string> {
  const mailbox = await context.newPage()
  await joinClock(mailbox)
  await mailbox.goto(url('/dev/mailbox'))
  const message = mailbox
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'one_time_password' })
    .first()
  const code = (await message.locator('dt:text-is("code") + dd').innerText()).trim()
  expect(code).toMatch(/^\d{6}$/)
  await mailbox.close()
  return code
}

test('sign in by one-time password: the code from the mailbox', async ({ page, context }) => {
  const email = uniqueEmail('auth')
  await registerThroughForm(page, email, { whereHeard: 'Friend or family' })
  await signOut(page)

  await page.goto(url('/login'))
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-login-with-otp')
  await main(page).getByLabel('Email or mobile number').fill(email)
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await expect(page).toHaveURL(url('/login?otp=code'))
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  await expect(main(page)).toContainText(`If ${email} belongs to an account`)
  const codeField = main(page).getByLabel('6-digit code')
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(codeField).toHaveAttribute('inputmode', 'numeric')
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-otp-code')

  const code = await mailedCode(context, email)

  await codeField.fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(main(page).getByLabel('6-digit code')).toHaveAccessibleDescription(
    'One time password code was incorrect'
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-otp-code-incorrect')

  await main(page).getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(url('/'))
  await expectSignedIn(page, true)
})

test('password sign-in locked after wrong passwords says when, and the one-time code still works', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('auth')
  await registerThroughForm(page, email, { whereHeard: 'Friend or family' })
  await signOut(page)

  await page.goto(url('/login'))
  for (let i = 0; i < 5; i++) {
    await signIn(page, email, `not the password ${i}`)
    await expect(page.getByRole('alert')).toHaveText('Your email or password is incorrect.')
  }
  // Even the right password waits now (429), and the page says how to get in meanwhile.
  await signIn(page, email, PASSWORD)
  await expect(page.getByRole('alert')).toHaveText(
    'Too many wrong passwords. Please try your password again in 1 minute.'
  )
  await expect(
    main(page).getByText('You can still sign in now with a one-time code, or by resetting')
  ).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
    'href',
    '/forgotten-password'
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'auth-login-locked')

  await main(page).getByRole('link', { name: 'Sign in with a one-time code' }).click()
  await expect(page).toHaveURL(url('/login?otp=send'))
  await main(page).getByLabel('Email or mobile number').fill(email)
  await page.getByRole('button', { name: 'Email me a code' }).click()
  await expect(page).toHaveURL(url('/login?otp=code'))
  await main(page)
    .getByLabel('6-digit code')
    .fill(await mailedCode(context, email))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(url('/'))
  await expectSignedIn(page, true)
})

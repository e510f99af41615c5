import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, screenshots, uniqueEmail } from './helpers.ts'
import { MemberArea, memberUrl } from './pages/member-details.ts'

test('a member changes the mobile, opts into SMS, then forgets themselves', async ({
  page,
  context,
}) => {
  const member = new MemberArea(page, context)
  const main = member.main()
  const email = uniqueEmail('details')
  await member.register(email)

  // My details: the mobile, normalised (stored as +447700900456), shown as it is read in the UK.
  await page.goto(memberUrl('/member/my-details'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My details')
  await main.getByLabel(/Mobile phone number/).fill('07700 900 456')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page).toHaveURL(memberUrl('/member/my-details?notice=saved'))
  await expect(main.getByRole('status')).toHaveText('Your details have been saved.')
  await expect(main.getByLabel(/Mobile phone number/)).toHaveValue('07700 900456')
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-my-details')

  // Profile and preferences: every channel off, then SMS on, with its consent recorded.
  await page
    .getByRole('navigation', { name: 'My account' })
    .getByRole('link', {
      name: 'Profile and preferences',
    })
    .click()
  await expect(main.getByText('07700 900456')).toBeVisible()
  const sms = main.getByRole('checkbox', { name: /Text messages/ })
  await expect(sms).not.toBeChecked()
  await expect(main.getByRole('checkbox', { name: /Email/ })).not.toBeChecked()
  await sms.check()
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await expect(page).toHaveURL(memberUrl('/member/profile?saved=1'))
  await expect(sms).toBeChecked()
  await expect(main.getByRole('listitem').filter({ hasText: 'Text message' })).toContainText(
    'opted in on this page'
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-profile')

  // Forget me: a code by email, then erased and signed out.
  await page.goto(memberUrl('/member/my-details'))
  await page.getByRole('button', { name: 'Email me a code to forget me' }).click()
  await expect(main.getByRole('status')).toContainText(`We have sent a 6-digit code to ${email}`)
  await main.getByLabel('6-digit code').fill(await member.mailedCode(email, 'forget_me_code'))
  await page.getByRole('button', { name: 'Erase my account' }).click()
  await expect(page).toHaveURL(memberUrl('/'))
  await expect(
    page.getByText('Your account is closed and your personal data has been erased.')
  ).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()

  await member.signIn(email)
  await expect(page.getByRole('alert')).toHaveText('Your email or password is incorrect.')
})

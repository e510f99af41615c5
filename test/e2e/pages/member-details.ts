import type { BrowserContext, Page } from '@playwright/test'
import { expect } from '../fixtures.ts'
import { HOSTS, urlOn } from '../helpers.ts'

export const MEMBER_PASSWORD = 'correct horse battery'
export const memberUrl = (path: string) => urlOn(HOSTS.brandOne, path)

/**
 * The one way journeys register: the form filled (opt-in boxes left as they are, where-heard when
 * given), the account created, home and signed in.
 */
export async function registerThroughForm(
  page: Page,
  email: string,
  options: {
    name?: { first: string; last: string }
    whereHeard?: string
    /** Each person their own number: a shared one is a self-referral signal (ADR 021). */
    phone?: string
    /** The register page's address to open ('/register?referralCode=…' from a friend's link). */
    from?: string
  } = {}
): Promise<void> {
  const main = page.getByRole('main')
  const name = options.name ?? { first: 'Ada', last: 'Lovelace' }
  await page.goto(memberUrl(options.from ?? '/register'))
  await main.getByLabel('First name').fill(name.first)
  await main.getByLabel('Last name').fill(name.last)
  await main.getByLabel('Email address').fill(email)
  await main.getByLabel(/Mobile phone number/).fill(options.phone ?? '07700 900123')
  await main.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD)
  await main.getByLabel('Confirm password').fill(MEMBER_PASSWORD)
  if (options.whereHeard) {
    await main.getByLabel('Where did you hear about us?').selectOption(options.whereHeard)
  }
  await main.getByLabel(/I agree to the/).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(memberUrl('/'))
}

/** A shopper's own account on the demo brand: sign-up, My details, Profile and preferences. */
export class MemberArea {
  constructor(
    readonly page: Page,
    readonly context: BrowserContext
  ) {}

  main() {
    return this.page.getByRole('main')
  }

  /** Registers through the form (opt-in boxes left as they are) and lands home, signed in. */
  async register(email: string, name = { first: 'Ada', last: 'Lovelace' }): Promise<void> {
    await registerThroughForm(this.page, email, { name })
  }

  /** The six digits last mailed to `email` with this template, from the development mailbox. */
  async mailedCode(email: string, template: string): Promise<string> {
    // Not pinned again: pinning sets the server's clock back to the run's instant, and the
    // member's access token, issued since, would then be from the future (refused). The mailbox
    // is a server-rendered page with no clock of its own.
    const mailbox = await this.context.newPage()
    await mailbox.goto(memberUrl('/dev/mailbox'))
    const message = mailbox
      .getByRole('listitem')
      .filter({ hasText: email })
      .filter({ hasText: template })
      .first()
    const code = (await message.locator('dt:text-is("code") + dd').innerText()).trim()
    expect(code).toMatch(/^\d{6}$/)
    await mailbox.close()
    return code
  }

  /** Signs in with the password form; the page then says whether it worked. */
  async signIn(email: string): Promise<void> {
    await this.page.goto(memberUrl('/login'))
    await this.main().getByLabel('Email address').fill(email)
    await this.main().getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD)
    await this.main().getByRole('button', { name: 'Sign in', exact: true }).click()
  }
}

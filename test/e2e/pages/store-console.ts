import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expect, joinClock } from '../fixtures.ts'
import { HOSTS, urlOn, waitForIsland } from '../helpers.ts'

/** The demo business's console accounts (scripts/demo-data/staff.ts; README "Accounts"). */
export const DEMO_STAFF = {
  manager: { email: 'manager@corner.test', password: 'manager-demo-1' },
  picker: { email: 'picker@corner.test', password: 'picker-demo-1' },
  driver: { email: 'driver@corner.test', password: 'driver-demo-1' },
  operator: { email: 'operator@corner.test', password: 'operator-demo-1' },
} as const

export const consoleUrl = (path: string) => urlOn(HOSTS.brandOne, `/store${path}`)

/** The store console on the demo brand's host: sign-in, the stores, a board, an order. */
export class StoreConsole {
  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
    /** The host of the staff member's business: its development mailbox has their codes. */
    readonly host: string = HOSTS.brandOne
  ) {}

  main() {
    return this.page.getByRole('main')
  }

  /** The six digits last mailed to `email` for a staff sign-in, from the development mailbox. */
  async mailedCode(email: string): Promise<string> {
    const mailbox = await this.context.newPage()
    await joinClock(mailbox)
    await mailbox.goto(urlOn(this.host, '/dev/mailbox'))
    const message = mailbox
      .getByRole('listitem')
      .filter({ hasText: email })
      .filter({ hasText: 'staff_sign_in_code' })
      .first()
    const code = (await message.locator('dt:text-is("code") + dd').innerText()).trim()
    expect(code).toMatch(/^\d{6}$/)
    await mailbox.close()
    return code
  }

  /** The password step: the page then asks for the emailed code. */
  async enterPassword(email: string, password: string): Promise<void> {
    await this.main().getByLabel('Email').fill(email)
    await this.main().getByLabel('Password').fill(password)
    await this.main().getByRole('button', { name: 'Continue' }).click()
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Enter your code')
  }

  /** The code step: signed in, on the page that asked for it. */
  async enterCode(email: string): Promise<void> {
    await this.main()
      .getByLabel('6-digit code')
      .fill(await this.mailedCode(email))
    await this.main().getByRole('button', { name: 'Sign in' }).click()
    await expect(this.page.getByText("You're signed in.")).toBeVisible()
  }

  /** Opens a store's board from the stores page and waits for its live island. */
  async openBoard(storeName: string): Promise<void> {
    await this.main()
      .getByRole('link', { name: new RegExp(storeName) })
      .click()
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(storeName)
    await waitForIsland(this.page, 'StoreBoard')
  }

  /** A section (column) of the board by its title. */
  column(title: string) {
    return this.main().getByRole('region', { name: new RegExp(`^${title}`) })
  }
}

/** The driver's phone near the Piccadilly store, with a fix as precise as a phone's GPS gives
 * (the location call refuses an accuracy of 0, which no real fix has). */
export const STORE_LOCATION = { latitude: 53.4774, longitude: -2.2309, accuracy: 12 }

/** A member of staff in their own browser (own cookies), signed in with the emailed code. */
export async function staffBrowser(
  browser: Browser,
  role: keyof typeof DEMO_STAFF,
  options: { geolocation?: boolean } = {}
): Promise<StoreConsole> {
  const context = await browser.newContext(
    options.geolocation ? { geolocation: STORE_LOCATION, permissions: ['geolocation'] } : undefined
  )
  const page = await context.newPage()
  await joinClock(page)
  const staff = new StoreConsole(page, context)
  await page.goto(consoleUrl('/sign-in'))
  await staff.enterPassword(DEMO_STAFF[role].email, DEMO_STAFF[role].password)
  await staff.enterCode(DEMO_STAFF[role].email)
  return staff
}

/** Opens the order from the store's board (its card links to the order page). */
export async function openOrder(staff: StoreConsole, orderNumber: string): Promise<void> {
  await staff.page.goto(consoleUrl('/1/board'))
  await staff
    .main()
    .getByRole('link', { name: new RegExp(orderNumber) })
    .click()
  await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`)
}

/** The console's confirmation after an order action. */
export const orderUpdated = (page: Page) =>
  expect(page.getByText('The order has been updated.')).toBeVisible()

/**
 * Before pressing Accept order: an ASAP order is to be ready in 15 minutes; a slot order is
 * accepted for its slot, which the form names instead of offering minutes.
 */
export async function chooseReadyTime(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Accept order', exact: true })).toBeVisible()
  const readyIn = page.getByLabel('Ready in')
  if ((await readyIn.count()) > 0) await readyIn.selectOption('15')
  else await expect(page.getByText(/^Ready for its slot, /)).toBeVisible()
}

/** Marks every line of the picking list Picked (Picking done needs each line resolved). */
export async function pickEveryLine(page: Page): Promise<void> {
  const picked = page.getByRole('button', { name: 'Picked', exact: true })
  const count = await picked.count()
  for (let n = 0; n < count; n++) {
    await picked.nth(n).click()
    await orderUpdated(page)
  }
}

/*
 * The picked-order walk the tracking and order journeys share (issue 38): the store accepts the
 * order, the picker resolves each line (picked, substituted) and finishes picking.
 */

/** Accepts the open order (its ready time chosen). */
export async function acceptOrder(page: Page): Promise<void> {
  await chooseReadyTime(page)
  await page.getByRole('button', { name: 'Accept order' }).click()
  await orderUpdated(page)
}

/** A line of the picking list by its item's name. */
export const pickingLine = (page: Page, name: RegExp) =>
  page.getByRole('listitem').filter({ hasText: name }).first()

/** The picker substitutes the line with 1-pint semi-skimmed milk, found by the search. */
export async function substituteWithPintOfMilk(page: Page, line: RegExp): Promise<void> {
  const row = pickingLine(page, line)
  await row.getByLabel('Find a substitute').fill('1 pint')
  await row.getByRole('button', { name: 'Find' }).click()
  await page
    .getByRole('list', { name: /^Substitutes for/ })
    .getByRole('listitem')
    .filter({ hasText: /Semi-Skimmed Milk 1 Pint/i })
    .getByRole('button', { name: /^Substitute/ })
    .click()
  await orderUpdated(page)
  await expect(pickingLine(page, line)).toContainText(/Substituted: .*1 Pint/i)
}

/** Picking done: every line resolved, the order is picked. */
export async function finishPicking(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Picking done' }).click()
  await orderUpdated(page)
}

/** The order opened from the board, accepted, every line picked as ordered, picking done. */
export async function pickAsOrdered(staff: StoreConsole, orderNumber: string): Promise<void> {
  await openOrder(staff, orderNumber)
  await acceptOrder(staff.page)
  await pickEveryLine(staff.page)
  await finishPicking(staff.page)
}

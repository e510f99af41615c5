import type { Browser, Page } from '@playwright/test'
import {
  basketWithSlot,
  CARDS,
  CheckoutPages,
  expect,
  PaymentPage,
  PORTLAND_STREET,
  test,
} from './pages/index.ts'
import { HOSTS, screenshots, uniqueEmail, urlOn, waitForIsland } from './helpers.ts'
import { joinClock } from './fixtures.ts'
import { registerThroughForm } from './pages/member-details.ts'
import {
  openOrder,
  orderUpdated,
  pickEveryLine,
  staffBrowser,
  type StoreConsole,
} from './pages/store-console.ts'

/*
 * Referrals and store credit end to end (ADR 020, ADR 021): A refers B, B's first order is
 * collected, both get £5 of store credit, B spends it on the next order (the card pays £5 less),
 * the store refunds that order and B's card and credit both come back.
 */

const shop = (path: string) => urlOn(HOSTS.brandOne, path)

/** A member of the shop in their own browser (own cookies), registered through the form. */
async function memberBrowser(browser: Browser, label: string, phone: string, register = true) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  await joinClock(page)
  const email = uniqueEmail(label)
  if (register) await registerThroughForm(page, email, { phone })
  return { context, page, email, phone }
}

/** A collection order of the demo basket paid in cash, from the basket to its number. */
async function collectionByCash(page: Page): Promise<{ orderNumber: string }> {
  await basketWithSlot(page, 'collection')
  const checkout = new CheckoutPages(page)
  await checkout.open()
  if (/\/checkout\/details$/.test(page.url())) await checkout.detailsToPayment({ email: null })
  await expect(page).toHaveURL(/\/checkout\/payment$/)
  const payment = new PaymentPage(page)
  await payment.payByCash()
  return { orderNumber: await payment.expectOrderPlaced() }
}

/** The store takes a collection order through to collected. */
async function collect(manager: StoreConsole, orderNumber: string): Promise<void> {
  await openOrder(manager, orderNumber)
  await manager.page.getByRole('button', { name: 'Accept order' }).click()
  await orderUpdated(manager.page)
  await pickEveryLine(manager.page)
  for (const step of ['Picking done', 'Ready for collection', 'Collected']) {
    await manager.page.getByRole('button', { name: step }).click()
    await orderUpdated(manager.page)
  }
}

/** A row of the checkout summary's totals, by its label. */
const totalsRow = (page: Page, label: string) =>
  page
    .locator('dl div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first()

/** The summary's total to pay, in pence. */
async function totalToPay(page: Page): Promise<number> {
  const text = await totalsRow(page, 'Total').innerText()
  const match = /£(\d+)\.(\d{2})/.exec(text)
  if (!match) throw new Error(`no total in ${text}`)
  return Number(match[1]) * 100 + Number(match[2])
}

/** The £5.00 balance on /member/loyalty (history lines are signed: '+£5.00', '−£5.00'). */
const balanceOf = (page: Page) =>
  page
    .getByRole('region', { name: 'Store credit', exact: true })
    .getByText('£5.00', { exact: true })

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

test('a referred friend and their referrer both get £5, spent and given back', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  // A opens /referrer and copies the share link.
  const a = await memberBrowser(browser, 'referrer', '07700 900201')
  await a.page.goto(shop('/referrer'))
  await expect(a.page.getByRole('heading', { level: 1 })).toHaveText(
    'Refer a friend: £5.00 off for you both'
  )
  await a.page.getByRole('button', { name: 'Copy link' }).click()
  await expect(a.page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const link = await a.page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(/\/referrer\?code=[A-Z0-9]+$/)
  await screenshots(a.page, 'referrer-member')

  // B arrives by the link and registers through it: the code is carried to the form.
  const b = await memberBrowser(browser, 'referred', '07700 900202', false)
  await b.page.goto(link)
  await expect(b.page.getByRole('heading', { name: /has invited you/ })).toBeVisible()
  await b.page.getByRole('link', { name: 'Create your account' }).click()
  const code = new URL(link).searchParams.get('code') ?? ''
  await expect(b.page.getByLabel(/Referral code/)).toHaveValue(code)
  await registerThroughForm(b.page, b.email, {
    phone: b.phone,
    from: `/register?referralCode=${code}`,
  })
  // Back on the invitation, B is told it worked (not that invitations are for new customers).
  await b.page.goto(link)
  await expect(
    b.page.getByText(/^You joined with this invitation\. When your first order/)
  ).toBeVisible()
  await screenshots(b.page, 'referrer-friend-joined')

  // B's first order is collected: both are rewarded.
  const first = await collectionByCash(b.page)
  const firstManager = await staffBrowser(browser, 'manager')
  await collect(firstManager, first.orderNumber)
  await firstManager.context.close()
  for (const member of [a, b]) {
    await member.page.goto(shop('/member/loyalty'))
    await expect(balanceOf(member.page)).toBeVisible()
  }
  await screenshots(b.page, 'member-loyalty')

  // B's next order uses the credit: the total to pay is £5 less, and so is what the card pays.
  await basketWithSlot(b.page, 'collection')
  const checkout = new CheckoutPages(b.page)
  await checkout.open()
  if (/\/checkout\/details$/.test(b.page.url())) await checkout.detailsToPayment({ email: null })
  const useCredit = b.page.getByLabel('Use my £5.00 store credit')
  await expect(useCredit).toBeChecked()
  await expect(totalsRow(b.page, 'Store credit')).toContainText('−£5.00')
  const withCredit = await totalToPay(b.page)
  await waitForIsland(b.page, 'StoreCreditSwitch')
  await useCredit.uncheck()
  // The page reloads with the server's totals: £5 more to pay without the credit.
  await expect(totalsRow(b.page, 'Total')).toContainText(pounds(withCredit + 500))
  await expect(b.page.getByLabel('Use my £5.00 store credit')).not.toBeChecked()
  await waitForIsland(b.page, 'StoreCreditSwitch')
  await b.page.getByLabel('Use my £5.00 store credit').check()
  await expect(totalsRow(b.page, 'Total')).toContainText(pounds(withCredit))
  await expect(b.page.getByLabel('Use my £5.00 store credit')).toBeChecked()
  const payment = new PaymentPage(b.page)
  await payment.toCardPage({ billing: PORTLAND_STREET })
  await payment.payByCard(CARDS.success)
  const second = await payment.expectOrderPlaced()
  await expect(totalsRow(b.page, 'Store credit')).toContainText('−£5.00')
  await b.page.goto(shop(`/dev/payments?order=${second}`))
  const taken = b.page.getByRole('row').filter({ hasText: second })
  await expect(taken.getByRole('cell').nth(1)).toHaveText(pounds(withCredit))

  // The store collects it, then refunds the whole order: the card and the credit both come back.
  const manager = await staffBrowser(browser, 'manager')
  await collect(manager, second)
  await openOrder(manager, second)
  await expect(manager.page.getByRole('region', { name: 'Money' })).toContainText(
    'Store credit used'
  )
  // The reasoned actions fold away (details): open this one, say why, press it.
  await manager.page.getByText('Refund whole order', { exact: true }).first().click()
  await manager.page.getByLabel('Why is it refunded?').fill('Goods returned')
  await manager.page.getByRole('button', { name: 'Refund whole order' }).click()
  await orderUpdated(manager.page)
  await b.page.goto(shop('/member/loyalty'))
  await expect(balanceOf(b.page)).toBeVisible()
  await expect(b.page.getByRole('region', { name: 'Store credit', exact: true })).toContainText(
    second
  )
  await b.page.goto(shop(`/dev/payments?order=${second}`))
  await expect(taken.getByRole('cell').nth(2)).toHaveText(pounds(withCredit))

  // A manager gives £20 goodwill; with £25 of credit B's next order costs nothing to pay.
  await manager.page.getByText('Give store credit', { exact: true }).first().click()
  await manager.page.getByLabel('Amount (£)').fill('20')
  await manager.page.getByLabel('Reason').fill('Sorry about the returned order')
  await manager.page.getByRole('button', { name: 'Give store credit' }).click()
  await orderUpdated(manager.page)
  await basketWithSlot(b.page, 'collection')
  await checkout.open()
  if (/\/checkout\/details$/.test(b.page.url())) await checkout.detailsToPayment({ email: null })
  await expect(b.page.getByRole('heading', { name: 'Nothing to pay' })).toBeVisible()
  await expect(totalsRow(b.page, 'Total')).toContainText('£0.00')
  await screenshots(b.page, 'payment-paid-by-credit')
  await b.page.getByRole('button', { name: 'Place order' }).click()
  const third = await payment.expectOrderPlaced()
  // The confirmation says what paid it: no card or cash was taken.
  await expect(b.page.locator('dd').filter({ hasText: /^Store credit$/ })).toBeVisible()
  // The credit it spent is on B's history, against that order.
  await b.page.goto(shop('/member/loyalty'))
  const spent = b.page
    .getByRole('region', { name: 'Store credit', exact: true })
    .getByRole('listitem')
    .filter({ hasText: third })
  await expect(spent).toContainText('−£')

  for (const context of [a.context, b.context, manager.context]) await context.close()
})

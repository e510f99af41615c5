import type { Browser, Page } from '@playwright/test'
import { basketWithSlot, CheckoutPages, expect, PaymentPage, test } from './pages/index.ts'
import { HOSTS, screenshots, uniqueEmail, urlOn } from './helpers.ts'
import { joinClock } from './fixtures.ts'
import { registerThroughForm } from './pages/member-details.ts'
import { openOrder, orderUpdated, staffBrowser } from './pages/store-console.ts'

/*
 * Referrals and store credit end to end (ADR 020, ADR 021): A refers B, B's first order is
 * collected, both get £5 of store credit, B spends it on the next order, the store refunds that
 * order and B's credit comes back. Needs the loyalty, credit and referral backends merged.
 */

const shop = (path: string) => urlOn(HOSTS.brandOne, path)

/** A member of the shop in their own browser (own cookies), registered through the form. */
async function memberBrowser(browser: Browser, label: string, register = true) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  await joinClock(page)
  const email = uniqueEmail(label)
  if (register) await registerThroughForm(page, email)
  return { context, page, email }
}

/** A collection order of the demo basket paid in cash, from the basket to its number. */
async function collectionByCash(page: Page): Promise<{ orderNumber: string; paid: string }> {
  await basketWithSlot(page, 'collection')
  const checkout = new CheckoutPages(page)
  await checkout.open()
  if (/\/checkout\/details$/.test(page.url())) await checkout.detailsToPayment({ email: null })
  await expect(page).toHaveURL(/\/checkout\/payment$/)
  const payment = new PaymentPage(page)
  const paid = (await page.getByRole('button', { name: /^Pay £/ }).innerText()).slice(4)
  await payment.payByCash()
  return { orderNumber: await payment.expectOrderPlaced(), paid }
}

/** The store takes a collection order through to collected. */
async function collect(browser: Browser, orderNumber: string): Promise<void> {
  const manager = await staffBrowser(browser, 'manager')
  await openOrder(manager, orderNumber)
  await manager.page.getByRole('button', { name: 'Accept order' }).click()
  await orderUpdated(manager.page)
  for (const step of ['Picking done', 'Ready for collection', 'Collected']) {
    await manager.page.getByRole('button', { name: step }).click()
    await orderUpdated(manager.page)
  }
  await manager.context.close()
}

test('a referred friend and their referrer both get £5, spent and given back', async ({
  browser,
}) => {
  // A opens /referrer and copies the share link.
  const a = await memberBrowser(browser, 'referrer')
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
  const b = await memberBrowser(browser, 'referred', false)
  await b.page.goto(link)
  await expect(b.page.getByRole('heading', { name: /has invited you/ })).toBeVisible()
  await b.page.getByRole('link', { name: 'Create your account' }).click()
  const code = new URL(link).searchParams.get('code') ?? ''
  await expect(b.page.getByLabel(/Referral code/)).toHaveValue(code)
  await registerThroughForm(b.page, b.email)

  // B's first order is collected: both are rewarded.
  const first = await collectionByCash(b.page)
  await collect(browser, first.orderNumber)
  for (const member of [a, b]) {
    await member.page.goto(shop('/member/loyalty'))
    await expect(member.page.getByRole('region', { name: 'Store credit' })).toContainText('£5.00')
  }
  await screenshots(b.page, 'member-loyalty')

  // B's next order uses the credit: the totals say so and the payment is £5 less.
  await basketWithSlot(b.page, 'collection')
  const checkout = new CheckoutPages(b.page)
  await checkout.open()
  if (/\/checkout\/details$/.test(b.page.url())) await checkout.detailsToPayment({ email: null })
  await expect(b.page.getByLabel('Use my £5.00 store credit')).toBeChecked()
  await expect(b.page.getByText('Store credit').first()).toBeVisible()
  await expect(b.page.getByText('−£5.00').first()).toBeVisible()
  const payment = new PaymentPage(b.page)
  await payment.payByCash()
  const second = await payment.expectOrderPlaced()
  await expect(b.page.getByText('−£5.00').first()).toBeVisible()

  // The store turns that order down (rejecting a placed order refunds it): B's credit is back.
  const manager = await staffBrowser(browser, 'manager')
  await openOrder(manager, second)
  await expect(manager.page.getByRole('region', { name: 'Money' })).toContainText(
    'Store credit used'
  )
  await manager.page.getByLabel('Why is it rejected?').fill('Out of stock')
  await manager.page.getByRole('button', { name: 'Reject order' }).click()
  await orderUpdated(manager.page)
  await b.page.goto(shop('/member/loyalty'))
  await expect(b.page.getByRole('region', { name: 'Store credit' })).toContainText('£5.00')

  for (const context of [a.context, b.context, manager.context]) await context.close()
})

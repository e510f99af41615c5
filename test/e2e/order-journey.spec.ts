import type { Browser, Page } from '@playwright/test'
import { basketWithSlot, CARDS, expect, PORTLAND_STREET, test } from './pages/index.ts'
import { HOSTS, screenshots, SCREENSHOTS, uniqueEmail, urlOn, waitForIsland } from './helpers.ts'
import {
  acceptOrder,
  consoleUrl,
  type DEMO_STAFF,
  openOrder,
  orderUpdated,
  finishPicking,
  pickAsOrdered,
  pickingLine,
  substituteWithPintOfMilk,
  staffBrowser as signedInStaff,
  type StoreConsole,
} from './pages/store-console.ts'

/*
 * The order's second half end to end (ADR 017): a shopper pays by card; the store manager, whose
 * board is open, sees and hears the order arrive and accepts it; a picker marks one line out of
 * stock and substitutes another; the difference is refunded at the sandbox gateway; the manager
 * assigns the driver, who goes en route (sharing the phone's location) and delivers; and the
 * shopper's emails say each step.
 */

const MILK = '/category/milk/semi-skimmed-milk-2-pints'

/** A member of staff's browser that counts the board's chimes: two Web Audio notes per order. */
async function staffBrowser(
  browser: Browser,
  role: keyof typeof DEMO_STAFF,
  options: { geolocation?: boolean } = {}
): Promise<StoreConsole> {
  const staff = await signedInStaff(browser, role, options)
  await staff.page.addInitScript(() => {
    const start = OscillatorNode.prototype.start
    const counter = window as unknown as { chimeNotes: number }
    counter.chimeNotes = 0
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      counter.chimeNotes += 1
      return start.apply(this, args)
    }
  })
  return staff
}

const chimeNotes = (page: Page) =>
  page.evaluate(() => (window as unknown as { chimeNotes: number }).chimeNotes)

test('an order from payment to the door: board alert, picking changes refunded, delivered, the shopper told at each step', async ({
  page,
  browser,
  store,
  checkout,
  payment,
}) => {
  test.setTimeout(300_000)

  // The manager's board is open before the order arrives, its sound turned on.
  const manager = await staffBrowser(browser, 'manager')
  await manager.page.goto(consoleUrl('/1/board'))
  await waitForIsland(manager.page, 'StoreBoard')
  await expect(manager.page.getByText('Live: new orders appear here')).toBeVisible()
  await manager.page.getByRole('button', { name: 'Turn sound on' }).click()
  const notesBefore = await chimeNotes(manager.page)

  // A shopper pays by card for cheddar (basketWithSlot's) and milk, delivered.
  const email = uniqueEmail('journey')
  await basketWithSlot(page, 'delivery')
  await store.addItem(MILK, 2)
  // No substitute for the cheddar: the shopper says so in the basket.
  await page.goto(urlOn(HOSTS.brandOne, '/basket'))
  await waitForIsland(page, 'BasketEditor')
  const cheddarSwitch = page.getByRole('switch', { name: /^Allow substitutes for Vintage cheddar/ })
  await cheddarSwitch.click()
  await expect(cheddarSwitch).toHaveAttribute('aria-checked', 'false')
  await checkout.asGuestToPayment({ email, address: PORTLAND_STREET })
  await payment.toCardPage()
  await payment.payByCard(CARDS.success)
  const orderNumber = await payment.expectOrderPlaced()

  // The manager sees it and hears it, without a reload.
  await expect(manager.page.getByRole('alert')).toHaveText(
    new RegExp(`New order ${orderNumber} has arrived\\.`)
  )
  await expect.poll(() => chimeNotes(manager.page)).toBeGreaterThan(notesBefore)
  await expect(
    manager.column('New').getByRole('link', { name: new RegExp(orderNumber) })
  ).toBeVisible()
  await screenshots(manager.page, 'journey-board-alert')
  await openOrder(manager, orderNumber)
  await acceptOrder(manager.page)

  // The picker: cheddar (no substitutes) is out of stock, the 2-pint milk becomes 1-pint milk.
  const picker = await staffBrowser(browser, 'picker')
  await openOrder(picker, orderNumber)
  const cheddar = pickingLine(picker.page, /cheddar/i)
  // The shopper's choice shows, and no substitute can be found for it.
  await expect(cheddar).toContainText('No substitutes')
  await expect(cheddar.getByLabel('Find a substitute')).toHaveCount(0)
  await cheddar.getByRole('button', { name: 'Out of stock' }).click()
  await orderUpdated(picker.page)
  await expect(pickingLine(picker.page, /cheddar/i)).toContainText('Out of stock')
  await substituteWithPintOfMilk(picker.page, /2 Pints/i)
  const money = picker.page.getByRole('region', { name: 'Money' })
  const originalTotal = await money.locator('dt:text("Original total") + dd').innerText()
  const total = await money.locator('dt:text-is("Total") + dd').innerText()
  expect(total).not.toBe(originalTotal)
  await finishPicking(picker.page)
  await expect(picker.page.locator('dt:text("Status") + dd')).toHaveText('Picked')
  const refunded = await money.locator('dt:text("Given back to the shopper") + dd').innerText()
  expect(refunded).toMatch(/^£\d+\.\d\d$/)
  expect(refunded).not.toBe('£0.00')
  await screenshots(picker.page, 'journey-picked')

  // The sandbox gateway holds the refund: taken − refunded = the order's new total.
  await page.goto(urlOn(HOSTS.brandOne, `/dev/payments?order=${orderNumber}`))
  const row = page.getByRole('row').filter({ hasText: orderNumber })
  await expect(row.getByRole('cell').nth(2)).toHaveText(refunded)
  await expect(row.getByRole('cell').nth(5)).toHaveText(total)
  await expect(row.getByRole('cell').nth(6)).toContainText(`refunded ${refunded}`)
  await expect(row.getByRole('cell').last()).toHaveText('Yes')

  // The manager assigns the driver.
  await openOrder(manager, orderNumber)
  await manager.page.getByRole('button', { name: 'Assign driver' }).click()
  await orderUpdated(manager.page)

  // The driver goes en route, sharing the phone's location, and delivers.
  const driver = await staffBrowser(browser, 'driver', { geolocation: true })
  await driver.page.goto(consoleUrl('/driver'))
  const stop = driver.main().getByRole('listitem').filter({ hasText: orderNumber })
  await expect(stop).toContainText(PORTLAND_STREET.line1)
  // Paid by card: the driver takes nothing at the door.
  await expect(stop).toContainText('nothing to take')
  await expect(stop).not.toContainText('in cash')
  await stop.getByRole('button', { name: 'Start delivery (en route)' }).click()
  await orderUpdated(driver.page)
  await waitForIsland(driver.page, 'DriverLocation')
  await expect(
    driver.page.getByText('Sharing your location with the store while you are en route.')
  ).toBeVisible()
  await screenshots(driver.page, 'journey-driver-en-route')
  await driver
    .main()
    .getByRole('listitem')
    .filter({ hasText: orderNumber })
    .getByRole('button', { name: 'Delivered' })
    .click()
  await orderUpdated(driver.page)

  // The shopper's emails say each step, in order; each is an effect the queue sends just after
  // its action (ADR 037), so the mailbox is read again until the last has arrived.
  const said = page
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'order_status' })
    .locator('dt:text-is("message") + dd')
  await expect(async () => {
    await page.goto(urlOn(HOSTS.brandOne, '/dev/mailbox'))
    await expect(said).toHaveText(
      [
        'Your order has been delivered.',
        'Your driver is en route.',
        // The picked email lists the changes, which the shopper may review (issue 42).
        new RegExp(
          `^Your order has been picked\\. ${refunded.replace('.', '\\.')} has been refunded for the changes\\. Your order has changes: .+\\. You can reject a substitute until your order leaves the store\\.$`
        ),
        'The store has accepted your order and it is being picked.',
      ],
      { timeout: 1000 }
    )
  }).toPass({ timeout: 15_000 })
  // The first, with the order's confirmation: sent to the store.
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: email })
      .filter({ hasText: 'order_confirmation' })
      .locator('dt:text-is("message") + dd')
  ).toHaveText('Your order has been sent to the store.')

  for (const staff of [manager, picker, driver]) await staff.context.close()
})

test("a cash order: the driver's stop says the total to collect, and the guest prints the receipt", async ({
  page,
  browser,
  checkout,
  payment,
}) => {
  test.setTimeout(240_000)
  await basketWithSlot(page, 'delivery')
  await checkout.asGuestToPayment({ email: uniqueEmail('cash-door'), address: PORTLAND_STREET })
  await payment.payByCash()
  const orderNumber = await payment.expectOrderPlaced()

  // The guest's printable receipt, from the tracking page (issue 41).
  await page.getByRole('link', { name: 'Track your order' }).click()
  await expect(page.getByRole('link', { name: 'Printable receipt' })).toBeVisible()
  await screenshots(page, 'guest-tracking-receipt-link')
  await page.getByRole('link', { name: 'Printable receipt' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt · Order ${orderNumber}`)
  await expect(page.locator('dt:text("Paid with") + dd')).toContainText('Cash')
  await screenshots(page, 'guest-receipt')

  const manager = await staffBrowser(browser, 'manager')
  await pickAsOrdered(manager, orderNumber)
  const money = manager.page.getByRole('region', { name: 'Money' })
  const total = await money.locator('dt:text-is("Total") + dd').innerText()
  expect(total).toMatch(/^£\d+\.\d\d$/)
  await manager.page.getByRole('button', { name: 'Assign driver' }).click()
  await orderUpdated(manager.page)

  // The driver's stop: the order's total after picking, in cash, at the door.
  const driver = await staffBrowser(browser, 'driver')
  await driver.page.goto(consoleUrl('/driver'))
  const stop = driver.main().getByRole('listitem').filter({ hasText: orderNumber })
  await expect(stop).toContainText(`Collect ${total} in cash`)
  await screenshots(driver.page, 'driver-cash-to-collect')
  for (const staff of [manager, driver]) await staff.context.close()
})

test('discounts named on the confirmation and the store console (issue 35 item 19)', async ({
  page,
  browser,
  store,
  checkout,
  payment,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('discounts')
  await basketWithSlot(page, 'delivery')
  await store.addItem('/category/crisps/ready-salted-crisps-150g-sharing', 3)
  await checkout.asGuestToPayment({ email, address: PORTLAND_STREET })
  await payment.payByCash()
  const orderNumber = await payment.expectOrderPlaced()
  const summary = page.getByRole('region', { name: 'Order summary' })
  // The demo's "Any 3 sharing crisps for £5.00", or a better crisps deal another journey made
  // live meanwhile (they share the database): whichever priced it, it is named with its amount.
  const deal = summary.getByRole('term').filter({ hasText: /^Any 3 .*crisps for £\d/ })
  await expect(deal).toHaveCount(1)
  const label = ((await deal.textContent()) ?? '').trim()
  const amount = ((await deal.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim()
  expect(amount).toMatch(/^−£\d+\.\d\d$/)
  await screenshots(page, 'discounts-confirmation')

  const manager = await signedInStaff(browser, 'manager')
  await openOrder(manager, orderNumber)
  const discounts = manager.page.getByRole('region', { name: 'Discounts' })
  await expect(discounts.getByText(label)).toBeVisible()
  await expect(discounts.getByText(amount)).toBeVisible()
  await manager.page.setViewportSize({ width: 1024, height: 800 })
  await manager.page.screenshot({
    path: `${SCREENSHOTS}/discounts-console-order-1024.png`,
    fullPage: true,
  })
})

import type { Page } from '@playwright/test'
import { basketWithSlot, CARDS, expect, PORTLAND_STREET, test } from './pages/index.ts'
import { joinClock } from './fixtures.ts'
import {
  expectNoAxeViolations,
  HOSTS,
  screenshots,
  uniqueEmail,
  urlOn,
  waitForIsland,
} from './helpers.ts'
import {
  acceptOrder,
  consoleUrl,
  finishPicking,
  openOrder,
  orderUpdated,
  pickEveryLine,
  substituteWithPintOfMilk,
  staffBrowser,
  STORE_LOCATION,
} from './pages/store-console.ts'

/*
 * Live tracking (spec §4): the shopper follows the order from the success page; the store works
 * it; the driver (a second browser with a mocked geolocation) goes en route; the shopper's page
 * shows the driver's distance, arrival and marker moving without a reload, over the socket and,
 * with the socket blocked, by polling. A stranger's browser cannot open the page.
 */

/** The driver's marker position as the map last drew it ('lat,lng'), or null before a fix. */
const markerAt = (page: Page) =>
  page.getByTestId('tracking-map').getAttribute('data-driver', { timeout: 1000 })

/** The status heading of the live panel. */
const status = (page: Page) => page.getByTestId('status')

test('the shopper follows the order to the door, live and by polling', async ({
  page,
  browser,
  checkout,
  payment,
}) => {
  test.setTimeout(240_000)

  await basketWithSlot(page, 'delivery')
  await checkout.asGuestToPayment({ email: uniqueEmail('tracking'), address: PORTLAND_STREET })
  await payment.toCardPage()
  await payment.payByCard(CARDS.success)
  const orderNumber = await payment.expectOrderPlaced()

  // From the success page to the tracking page, which is live at once.
  await page.getByRole('link', { name: 'Track your order' }).click()
  await expect(page).toHaveURL(new RegExp(`/track/${orderNumber}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`)
  await waitForIsland(page, 'TrackingLive')
  await expect(status(page)).toHaveText('Sent to the store')
  await expect(page.getByText('Your order has been sent to the store.')).toBeVisible()

  // A stranger's browser (no session, no basket, no link) is refused.
  const stranger = await browser.newContext()
  const strangerPage = await stranger.newPage()
  const refused = await strangerPage.goto(urlOn(HOSTS.brandOne, `/track/${orderNumber}`))
  expect(refused?.status()).toBe(404)
  await stranger.close()

  // The store accepts and picks; the shopper's page follows without a reload.
  const manager = await staffBrowser(browser, 'manager')
  await openOrder(manager, orderNumber)
  await acceptOrder(manager.page)
  await expect(status(page)).toHaveText('Being picked')
  await pickEveryLine(manager.page)
  await finishPicking(manager.page)
  await expect(status(page)).toHaveText('Packed')
  await manager.page.getByRole('button', { name: 'Assign driver' }).click()
  await orderUpdated(manager.page)

  // The driver goes en route, the phone sharing its position.
  const driver = await staffBrowser(browser, 'driver', { geolocation: true })
  await driver.page.goto(consoleUrl('/driver'))
  const stop = driver.main().getByRole('listitem').filter({ hasText: orderNumber })
  await stop.getByRole('button', { name: 'Start delivery (en route)' }).click()
  await orderUpdated(driver.page)
  await waitForIsland(driver.page, 'DriverLocation')

  // The shopper sees the driver: status, distance and arrival in words, and the marker.
  await expect(status(page)).toHaveText('On its way')
  const eta = page.getByTestId('driver-eta')
  await expect(eta).toContainText(/Your driver is .+ away, arriving in about \d+/)
  await expect(page.getByTestId('tracking-map')).toHaveAttribute('data-map-state', 'ready')
  await expect.poll(() => markerAt(page)).not.toBeNull()
  const first = await markerAt(page)
  const firstEta = await eta.innerText()

  // The driver moves towards the address: the marker and the text follow, no reload.
  await driver.context.setGeolocation({ ...STORE_LOCATION, latitude: 53.4795, longitude: -2.2365 })
  await expect.poll(() => markerAt(page), { timeout: 20_000 }).not.toBe(first)
  await expect.poll(() => eta.innerText(), { timeout: 20_000 }).not.toBe(firstEta)
  await screenshots(page, 'tracking-en-route')

  // Another tab whose socket cannot open still follows the driver, by polling.
  const polling = await page.context().newPage()
  await joinClock(polling)
  await polling.routeWebSocket(/\/track\/.+\/live/, (socket) => socket.close())
  await polling.goto(urlOn(HOSTS.brandOne, `/track/${orderNumber}`))
  await waitForIsland(polling, 'TrackingLive')
  await expect(polling.getByTestId('tracking-map')).toHaveAttribute('data-map-state', 'ready')
  const before = await markerAt(polling)
  await driver.context.setGeolocation({ ...STORE_LOCATION, latitude: 53.4815, longitude: -2.2405 })
  await expect.poll(() => markerAt(polling), { timeout: 30_000 }).not.toBe(before)
  await expect(polling.getByText('Unable to track the driver at this time.')).toHaveCount(0)

  await driver.context.close()
  await manager.context.close()
})

test('the shopper reviews the changes: one substitute rejected on the tracking page, one handed back at the door, both refunded', async ({
  page,
  browser,
  store,
  checkout,
  payment,
}) => {
  test.setTimeout(300_000)

  // Cheddar (basketWithSlot's) and two 2-pint milks, paid by card, delivered.
  await basketWithSlot(page, 'delivery')
  await store.addItem('/category/milk/semi-skimmed-milk-2-pints', 2)
  await checkout.asGuestToPayment({ email: uniqueEmail('review'), address: PORTLAND_STREET })
  await payment.toCardPage()
  await payment.payByCard(CARDS.success)
  const orderNumber = await payment.expectOrderPlaced()

  // The store substitutes both lines with 1-pint milk and finishes picking.
  const manager = await staffBrowser(browser, 'manager')
  await openOrder(manager, orderNumber)
  await acceptOrder(manager.page)
  await substituteWithPintOfMilk(manager.page, /cheddar/i)
  await substituteWithPintOfMilk(manager.page, /2 Pints/i)
  await finishPicking(manager.page)

  // The shopper's tracking page lists the changes; the cheddar's substitute goes back.
  await page.goto(urlOn(HOSTS.brandOne, `/track/${orderNumber}`))
  const changes = page.getByTestId('order-changes')
  await expect(changes.getByRole('heading', { name: 'Your order has changes' })).toBeVisible()
  const cheddar = changes.getByRole('listitem').filter({ hasText: /cheddar/i })
  await expect(cheddar).toContainText(/Substituted with \d+ × Semi-Skimmed Milk 1 Pint/i)
  await screenshots(page, 'order-changes')
  await cheddar.getByRole('button', { name: /^Reject substitute/ }).click()
  await expect(changes.getByRole('status')).toContainText(
    /Semi-Skimmed Milk 1 Pint has been rejected\. £\d+\.\d\d will be refunded\./i
  )
  await expect(changes.getByRole('listitem').filter({ hasText: /cheddar/i })).toContainText(
    /Rejected\. £\d+\.\d\d refunded\./
  )
  await screenshots(page, 'order-changes-rejected')

  // The driver goes en route; at the door the shopper hands the milk's substitute back.
  await openOrder(manager, orderNumber)
  await manager.page.getByRole('button', { name: 'Assign driver' }).click()
  await orderUpdated(manager.page)
  const driver = await staffBrowser(browser, 'driver', { geolocation: true })
  await driver.page.goto(consoleUrl('/driver'))
  const stop = () => driver.main().getByRole('listitem').filter({ hasText: orderNumber }).first()
  await stop().getByRole('button', { name: 'Start delivery (en route)' }).click()
  await orderUpdated(driver.page)
  const handBack = driver.page.getByTestId('door-hand-back')
  await expect(handBack.getByText('Sent back, refunded', { exact: true })).toHaveCount(1)
  await handBack.getByRole('button', { name: /^Handed back · refund/ }).click()
  await expect(
    driver
      .main()
      .getByRole('status')
      .filter({ hasText: /handed back/ })
  ).toContainText(/Substitute handed back: £\d+\.\d\d refunded to the shopper\./)
  await expect(
    driver.page.getByTestId('door-hand-back').getByText('Sent back, refunded', { exact: true })
  ).toHaveCount(2)
  await screenshots(driver.page, 'driver-hand-back')

  // The tracking page says both; the sandbox gateway's ledger holds both refunds and balances.
  await page.goto(urlOn(HOSTS.brandOne, `/track/${orderNumber}`))
  await expect(changes.getByText(/Handed back at the door\. £\d+\.\d\d refunded\./)).toBeVisible()
  await openOrder(manager, orderNumber)
  const given = await manager.page
    .getByRole('region', { name: 'Money' })
    .locator('dt:text("Given back to the shopper") + dd')
    .innerText()
  await page.goto(urlOn(HOSTS.brandOne, `/dev/payments?order=${orderNumber}`))
  const row = page.getByRole('row').filter({ hasText: orderNumber })
  await expect(row.getByRole('cell').nth(2)).toHaveText(given)
  await expect(row.getByRole('cell').last()).toHaveText('Yes')

  await driver.context.close()
  await manager.context.close()
})

// Issue 42 (ADR 048): a guest opens the emailed link in a browser with no session and no basket,
// changes the order from the tracking page until its cut-off, and sees the new total and the
// refund to the card.
test('a guest lowers a quantity by the signed link: the new total and the refund', async ({
  page,
  browser,
  checkout,
  payment,
}) => {
  test.setTimeout(240_000)
  const email = uniqueEmail('guest-amend')
  await basketWithSlot(page, 'delivery')
  await checkout.asGuestToPayment({ email, address: PORTLAND_STREET })
  await payment.toCardPage()
  await payment.payByCard(CARDS.success)
  const orderNumber = await payment.expectOrderPlaced()

  // The confirmation's tracking link, opened in another browser: only the link proves the guest.
  const elsewhere = await browser.newContext()
  const guest = await elsewhere.newPage()
  await joinClock(guest)
  const link = guest
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'order_confirmation' })
    .locator('dt:text-is("trackingPath") + dd a')
  await expect(async () => {
    await guest.goto(urlOn(HOSTS.brandOne, '/dev/mailbox'))
    await expect(link).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await guest.goto(urlOn(HOSTS.brandOne, (await link.getAttribute('href')) ?? ''))
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`)
  const change = guest.getByRole('link', { name: 'Change this order' })
  await expect(change).toBeVisible()
  await screenshots(guest, 'tracking-amendable')

  await change.click()
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`Change order ${orderNumber}`)
  const cheddar = guest.getByRole('main').getByLabel(/Vintage cheddar 400g/i)
  await expect(cheddar).toHaveValue('3')
  const before = await guest.getByText(/^Order total now:/).textContent()
  await cheddar.fill('2')
  await guest.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    guest.getByRole('status').filter({ hasText: 'Your order has been changed.' })
  ).toHaveText(/^Your order has been changed\. £\d+\.\d\d is going back to your card\.$/)
  await expect(guest.getByRole('main').getByLabel(/Vintage cheddar 400g/i)).toHaveValue('2')
  await expect(guest.getByText(/^Order total now:/)).not.toHaveText(before ?? '')
  await expectNoAxeViolations(guest)
  await screenshots(guest, 'tracking-amend')

  // Another slot from the checkout's list (ADR 054): the last one offered, saved alone.
  const slot = guest.getByLabel('Your slot')
  const options = slot.locator('optgroup option')
  const last = options.last()
  const label = (await last.textContent()) ?? ''
  expect(await options.count()).toBeGreaterThan(1)
  await slot.selectOption(await last.getAttribute('value'))
  await screenshots(guest, 'tracking-amend-slot-choosing')
  await guest.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    guest.getByRole('status').filter({ hasText: 'Your order has been changed.' })
  ).toHaveText(/^Your order has been changed\. It now comes to £\d+\.\d\d\.$/)
  await expect(guest.getByLabel('Your slot').locator('option:checked')).toHaveText(label)
  await expectNoAxeViolations(guest)
  await screenshots(guest, 'tracking-amend-slot')

  // Back on the tracking page by the same link: the new slot, still changeable.
  await guest.getByRole('link', { name: 'Back to the order' }).click()
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`)
  const times = label.split(', ').at(-1) ?? ''
  await expect(guest.getByTestId('tracking-when')).toContainText(times)
  await expect(guest.getByRole('link', { name: 'Change this order' })).toBeVisible()
  await elsewhere.close()
})

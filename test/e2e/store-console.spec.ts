import { DEMO_STORE, expect, guestAtPayment, test } from './pages/index.ts'
import { joinClock, pinClock, RUN_NOW } from './fixtures.ts'
import {
  chooseReadyTime,
  consoleUrl,
  DEMO_STAFF,
  StoreConsole,
  staffBrowser,
} from './pages/store-console.ts'
import {
  expectNoAxeViolations,
  HOSTS,
  SCREENSHOTS,
  screenshots,
  urlOn,
  waitForIsland,
} from './helpers.ts'

const STORE_NAME = 'Manchester Piccadilly'

test('a store manager signs in with the emailed code, sees the order live and accepts it', async ({
  page,
  context,
  payment,
}) => {
  test.setTimeout(180_000)
  // A shopper's paid order, Sent to Store.
  await guestAtPayment(page, 'console', 'collection')
  await payment.payByCash()
  const orderNumber = await payment.expectOrderPlaced()
  await context.clearCookies()

  const console = new StoreConsole(page, context)
  await page.goto(consoleUrl('/1/board'))
  // Signed out: the sign-in page says why.
  await expect(page).toHaveURL(/\/store\/sign-in\?redirect=/)
  await expect(page.getByText('You need to be logged in to use this')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff sign-in')
  await expectNoAxeViolations(page)
  await screenshots(page, 'store-sign-in')

  await console.main().getByLabel('Email').fill(DEMO_STAFF.manager.email)
  await console.main().getByLabel('Password').fill('not the password')
  await console.main().getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('alert')).toHaveText('Your email or password is incorrect.')

  await console.enterPassword(DEMO_STAFF.manager.email, DEMO_STAFF.manager.password)
  await expect(
    page.getByText(`We have sent a 6-digit code to ${DEMO_STAFF.manager.email}`)
  ).toBeVisible()
  await screenshots(page, 'store-sign-in-code')
  await console.enterCode(DEMO_STAFF.manager.email)

  // Back on the board it asked for, live, the order in the New column.
  await expect(page).toHaveURL(consoleUrl('/1/board'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Orders · ${STORE_NAME}`)
  await waitForIsland(page, 'StoreBoard')
  await expect(page.getByText('Live: new orders appear here')).toBeVisible()
  const card = console.column('New').getByRole('link', { name: new RegExp(orderNumber) })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Collection')
  await page.getByRole('button', { name: 'Turn sound on' }).click()
  await expect(page.getByRole('button', { name: 'Sound on' })).toHaveAttribute(
    'aria-pressed',
    'true'
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'store-board')

  // The order in a second tab: accepting it there moves it on this board without a reload.
  const orderTab = await context.newPage()
  await joinClock(orderTab)
  await orderTab.goto(consoleUrl('/1/board'))
  await orderTab.getByRole('link', { name: new RegExp(orderNumber) }).click()
  await expect(orderTab.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`)
  await expect(orderTab.getByRole('heading', { name: 'Picking list' })).toBeVisible()
  // Only what the state machine allows now: no picking controls before it is accepted.
  await expect(orderTab.getByRole('button', { name: 'Picked', exact: true })).toHaveCount(0)
  await expectNoAxeViolations(orderTab)
  await screenshots(orderTab, 'store-order')

  await chooseReadyTime(orderTab)
  await orderTab.getByRole('button', { name: 'Accept order' }).click()
  await expect(orderTab.getByText('The order has been updated.')).toBeVisible()
  await expect(orderTab.locator('dt:text("Status") + dd')).toHaveText('Store Accepted / Picking')
  await orderTab.getByRole('button', { name: 'Picked', exact: true }).first().click()
  await expect(orderTab.getByText('The order has been updated.')).toBeVisible()
  await expect(orderTab.getByText('Picked', { exact: true }).first()).toBeVisible()
  await screenshots(orderTab, 'store-order-accepted')
  // What the store needs to know, at the console's width: the shop, where it goes, how it was
  // paid, and each step of the history in words.
  await expect(orderTab.locator('dt:text("Placed on") + dd')).toHaveText('Corner Fresh')
  await expect(orderTab.locator('dt:text("Collection") + dd')).toHaveText(
    'The shopper collects from the store'
  )
  await expect(orderTab.locator('dt:text("Payment") + dd')).toHaveText('Cash when you collect')
  await expect(
    orderTab.getByText('The store took the order; the shopper is told so.')
  ).toBeVisible()
  await orderTab.setViewportSize({ width: 1024, height: 800 })
  await orderTab.screenshot({ path: `${SCREENSHOTS}/store-order-facts-1024.png`, fullPage: true })

  // The delivery note (issue 41): each food item's allergens and its full food information's page.
  await orderTab.getByRole('link', { name: 'Delivery note (allergens, to print)' }).click()
  await expect(orderTab.getByRole('heading', { level: 1 })).toHaveText(
    `Delivery note · Order ${orderNumber}`
  )
  const food = orderTab.getByRole('region', { name: 'Food information' })
  await expect(food.getByText(/^(Contains|May contain): /).first()).toBeVisible()
  await expect(food.getByRole('link', { name: /\/stores\/.+\/category\// }).first()).toBeVisible()
  await expectNoAxeViolations(orderTab)
  await screenshots(orderTab, 'store-delivery-note')
  await orderTab.setViewportSize({ width: 1024, height: 800 })
  await orderTab.screenshot({ path: `${SCREENSHOTS}/store-delivery-note-1024.png`, fullPage: true })
  await orderTab.close()

  await expect(
    console.column('Picking').getByRole('link', { name: new RegExp(orderNumber) })
  ).toBeVisible()
  // Other journeys leave orders at this store, so New is not empty: this one has left it.
  await expect(
    console.column('New').getByRole('link', { name: new RegExp(orderNumber) })
  ).toHaveCount(0)

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(consoleUrl('/sign-in'))
  await expect(page.getByText("You're signed out.")).toBeVisible()
})

test('a manager pauses new orders and shoppers see pre-orders until the end time', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const manager = await staffBrowser(browser, 'manager')
  await manager.page.goto(consoleUrl('/1/board'))
  await manager.page.getByRole('link', { name: 'Store controls' }).click()
  await expect(manager.page.getByRole('heading', { level: 1 })).toHaveText(
    `Store controls · ${STORE_NAME}`
  )
  await expect(manager.page.getByText('Taking orders by its opening hours')).toBeVisible()
  // The form suggests an hour from now in the store's clock; the manager keeps it.
  const until = await manager.page.getByLabel(/^Until/).inputValue()
  await manager.page.getByRole('button', { name: 'Pause new orders' }).click()
  await expect(manager.page.getByText(/^Say why the store is taking no orders/)).toBeVisible()
  await manager.page.getByLabel('Reason').fill('Short of pickers this afternoon')
  await manager.page.getByRole('button', { name: 'Pause new orders' }).click()
  await expect(
    manager.page.getByText('The store takes no new orders until the time you chose.')
  ).toBeVisible()
  await expect(
    manager.page.getByRole('heading', { level: 2, name: /^Taking no new orders until/ })
  ).toContainText(until.slice(11))
  await expect(manager.page.getByText('Reason: Short of pickers this afternoon')).toBeVisible()
  await expectNoAxeViolations(manager.page)
  await screenshots(manager.page, 'store-controls-paused')

  // The shopper: the store takes pre-orders from the end time, and offers no ASAP.
  await page.goto(urlOn(HOSTS.brandOne, `/stores/${DEMO_STORE}`))
  await expect(page.getByText(`Pre-order — opens ${until.slice(11)} today`).first()).toBeVisible()
  await screenshots(page, 'store-paused', { top: true })
  await page.goto(urlOn(HOSTS.brandOne, `/stores/${DEMO_STORE}/time-slots?method=collection`))
  await waitForIsland(page, 'SlotPicker')
  await expect(page.getByRole('button', { name: 'Choose ASAP collection' })).toHaveCount(0)

  // A minute after the end (the clock moves on; nothing is run): ASAP again.
  try {
    // The end is the run's start plus an hour (to the minute) in any zone; five minutes past it
    // leaves room for the minutes this journey took.
    await pinClock(page, new Date(Date.parse(RUN_NOW) + 65 * 60_000))
    await page.goto(urlOn(HOSTS.brandOne, `/stores/${DEMO_STORE}/time-slots?method=collection`))
    await waitForIsland(page, 'SlotPicker')
    await expect(page.getByRole('button', { name: 'Choose ASAP collection' })).toBeVisible()
  } finally {
    // The next journey starts at the run's instant again, before this pause's end: end it.
    const opened = await page.request.post(
      urlOn(HOSTS.brandOne, '/api/dev/stores/temporary-closure'),
      { data: { storeSlug: DEMO_STORE, closed: false } }
    )
    expect(opened.status()).toBe(200)
  }
})

import { request, type Page } from '@playwright/test'
import { joinClock } from './fixtures.ts'
import {
  expectNoAxeViolations,
  HOSTS,
  screenshots,
  SCREENSHOTS,
  uniqueEmail,
  urlOn,
} from './helpers.ts'
import { basketWithSlot, expect, test, type PaymentPage } from './pages/index.ts'
import { StorePages } from './pages/store.ts'
import type { CheckoutPages } from './pages/index.ts'
import { CARDS, PORTLAND_STREET } from './pages/checkout.ts'
import {
  chooseReadyTime,
  consoleUrl,
  DEMO_STAFF,
  pickEveryLine,
  StoreConsole,
} from './pages/store-console.ts'
import { registerThroughForm } from './pages/member-details.ts'

const url = (path: string) => urlOn(HOSTS.brandOne, path)
const main = (page: Page) => page.getByRole('main')
const orderList = (page: Page) =>
  main(page).getByRole('list', { name: 'Orders' }).getByRole('listitem')

/** A collection order paid in cash by the signed-in member: its number. */
async function placeOrder(
  page: Page,
  checkout: CheckoutPages,
  payment: PaymentPage
): Promise<string> {
  await basketWithSlot(page, 'collection')
  await checkout.open()
  await expect(page).toHaveURL(/\/checkout\/(details|payment)$/)
  if (page.url().endsWith('/details')) await checkout.detailsToPayment({ email: null })
  await payment.payByCash()
  return payment.expectOrderPlaced()
}

/** The store's manager takes the collection order from Sent to Store to Delivered in the console. */
async function deliverInConsole(page: Page, console: StoreConsole, orderNumber: string) {
  await page.goto(consoleUrl('/1/board'))
  await console.enterPassword(DEMO_STAFF.manager.email, DEMO_STAFF.manager.password)
  await console.enterCode(DEMO_STAFF.manager.email)
  await page
    .getByRole('link', { name: new RegExp(orderNumber) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`)
  await chooseReadyTime(page)
  for (const action of ['Accept order', 'Picking done', 'Ready for collection', 'Collected']) {
    if (action === 'Picking done') await pickEveryLine(page)
    await page.getByRole('button', { name: action, exact: true }).click()
    await expect(page.getByText('The order has been updated.')).toBeVisible()
  }
  await expect(page.locator('dt:text("Status") + dd')).toHaveText('Delivered')
}

test('a member follows two orders, filters them, reorders one and reviews a delivered one', async ({
  page,
  context,
  checkout,
  payment,
}) => {
  test.setTimeout(300_000)
  await registerThroughForm(page, uniqueEmail('member-orders'))
  const first = await placeOrder(page, checkout, payment)
  const second = await placeOrder(page, checkout, payment)

  // The dashboard: a greeting and the newest order, which can still be tracked.
  await page.goto(url('/member'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Ada')
  const latest = main(page).getByRole('article')
  await expect(latest).toContainText(`Order ${second}`)
  await expect(latest).toContainText('Sent to the store')
  await expect(latest.getByRole('link', { name: 'Track order' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-dashboard')

  // Both orders, newest first; none delivered yet.
  await page.getByRole('link', { name: 'All orders' }).click()
  await expect(page).toHaveURL(url('/member/orders'))
  const orders = orderList(page)
  await expect(orders).toHaveCount(2)
  await expect(orders.first()).toContainText(second)
  await expect(orders.last()).toContainText(first)
  await main(page).getByLabel('Status').selectOption({ label: 'Delivered or collected' })
  await main(page).getByRole('button', { name: 'Show orders' }).click()
  await expect(page).toHaveURL(/\/member\/orders\?status=delivered/)
  await expect(page.getByText('No orders match these filters.')).toBeVisible()

  // The store hands the first order over (the console, as its staff do it).
  const staffPage = await context.newPage()
  await joinClock(staffPage)
  await deliverInConsole(staffPage, new StoreConsole(staffPage, context), first)
  await staffPage.close()

  await page.reload()
  await expect(orderList(page)).toHaveCount(1)
  await expect(orderList(page)).toContainText(first)
  await expect(orderList(page)).toContainText('Collected')
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-orders')

  // The delivered order: refused without a rating, then reviewed.
  await main(page)
    .getByRole('link', { name: `Order ${first}` })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${first}`)
  await expect(page.getByText('Vintage Cheddar 400g')).toBeVisible()
  await expect(page.getByText('Original total')).toBeVisible()
  // On a phone the refused form comes back at the top of the page: focus (and the screen) go
  // to its error summary, below the order's lines (issue 35 item 15).
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Submit review' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'A rating is required' })
  await expect(summary).toBeFocused()
  await expect(summary).toBeInViewport()
  await page.screenshot({ path: `${SCREENSHOTS}/review-refused-390-top.png` })
  // Its link leads to the first star.
  await summary.getByRole('link', { name: 'A rating is required' }).click()
  await expect(page).toHaveURL(/#review-starRating$/)
  await expect(page.getByRole('radio', { name: /5 stars/ })).toBeInViewport()
  if (viewport) await page.setViewportSize(viewport)
  await page.getByRole('radio', { name: /4 stars/ }).check()
  await page.getByLabel(/Comment/).fill('Ready on time, friendly staff.')
  await page.getByRole('button', { name: 'Submit review' }).click()
  await expect(page.getByText('Thank you for your review.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update review' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-order')

  // The member's printable receipt of this order (issue 41; the delivery note is the store's).
  await main(page).getByRole('link', { name: 'Printable receipt' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt · Order ${first}`)
  await expect(main(page).getByText('Vintage Cheddar 400g').first()).toBeVisible()
  // VAT by rate (ADR 051): cheese is zero-rated, so all of it is goods at 0 %.
  await expect(main(page).getByRole('table', { name: 'VAT' })).toContainText('0%')
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-receipt')
  await main(page).getByRole('link', { name: 'Back to the order' }).click()

  // Reorder: the same lines into a new basket at the same store.
  await main(page).getByRole('button', { name: 'Reorder' }).click()
  await expect(page).toHaveURL(url('/basket'))
  await expect(main(page).getByText('Vintage Cheddar 400g').first()).toBeVisible()
})

// Issue 42: the member's regulars, bought in two orders, come back as "Buy it again".
const REGULARS = [
  'semi-skimmed-milk-2-pints',
  'whole-milk-2-pints',
  'semi-skimmed-milk-1-pint',
  'ready-salted-crisps-150g-sharing',
] as const
const REGULAR_PATHS = [
  '/category/milk/semi-skimmed-milk-2-pints',
  '/category/milk/whole-milk-2-pints',
  '/category/milk/semi-skimmed-milk-1-pint',
  '/category/crisps/ready-salted-crisps-150g-sharing',
]

const cardOf = (page: Page, slug: string) =>
  main(page).locator('article', { has: page.locator(`a[href$="/${slug}"]`) })

test('buy it again adds three regulars, then "Have you forgotten?" offers the fourth and is skipped', async ({
  page,
  checkout,
  payment,
}) => {
  test.setTimeout(300_000)
  await registerThroughForm(page, uniqueEmail('regulars'))
  const store = new StorePages(page)
  for (let round = 0; round < 2; round += 1) {
    await basketWithSlot(page, 'collection')
    for (const path of REGULAR_PATHS) await store.addItem(path)
    await checkout.open()
    await expect(page).toHaveURL(/\/checkout\/(details|payment)$/)
    if (page.url().endsWith('/details')) await checkout.detailsToPayment({ email: null })
    await payment.payByCash()
    await payment.expectOrderPlaced()
  }

  // The store home's row, and the page with every earlier item.
  await page.goto(store.url())
  await expect(page.getByRole('heading', { name: 'Buy it again' })).toBeVisible()
  await screenshots(page, 'store-home-buy-it-again')
  await page.goto(store.url('/buy-it-again'))
  const bought = main(page).getByRole('list', { name: 'Items you bought before' })
  await expect(bought.getByRole('listitem')).toHaveCount(REGULARS.length + 1)
  await expectNoAxeViolations(page)
  await screenshots(page, 'buy-it-again')

  // A new basket: the minimum spend and a slot, then three regulars from their cards.
  await basketWithSlot(page, 'collection')
  await page.goto(store.url('/buy-it-again'))
  for (const slug of REGULARS.slice(0, 3)) {
    const card = cardOf(page, slug)
    await card.scrollIntoViewIfNeeded()
    await card.locator('[data-island="QuickAdd"][data-hydrated="true"]').waitFor()
    await card.getByRole('button', { name: /^Add/ }).click()
    await expect(card.getByRole('button', { name: /^Add one more/ })).toBeVisible()
  }

  // Checkout goes through the step: only the fourth regular is offered, and it can be skipped.
  await page.goto(url('/basket'))
  await main(page).getByRole('link', { name: 'Checkout', exact: true }).click()
  await expect(page).toHaveURL(/\/basket\/forgotten$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Have you forgotten?')
  const offered = main(page).getByRole('list', { name: 'Items you usually buy' })
  await expect(offered.getByRole('listitem')).toHaveCount(1)
  await expect(cardOf(page, REGULARS[3])).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'have-you-forgotten')

  // The heart keeps it as a favourite (a form post), listed on the store's favourites page.
  await cardOf(page, REGULARS[3])
    .getByRole('button', { name: /^Save .* to favourites$/ })
    .click()
  await expect(page.getByText('Saved to your favourites.')).toBeVisible()
  await page.goto(store.url('/favourites'))
  const favourites = main(page).getByRole('list', { name: 'Your favourite items' })
  await expect(favourites.getByRole('listitem')).toHaveCount(1)
  await screenshots(page, 'favourites')

  // The category page is public and kept whole in the edge cache (ADR 042): its HTML is the same
  // for everyone, hearts empty, and the member's hearts are filled after load.
  const category = store.url('/category/crisps')
  const guest = await request.newContext()
  expect((await guest.get(category)).status()).toBe(200)
  const kept = await guest.get(category)
  expect(kept.headers()['x-cache']).toMatch(/hit|stale/)
  const html = await kept.text()
  expect(html).not.toContain('aria-pressed="true"')
  expect(html).toMatch(/Save Ready salted crisps 150g sharing to favourites/i)
  await guest.dispose()
  await page.goto(category)
  const heart = cardOf(page, REGULARS[3]).getByRole('button', { name: /favourites$/ })
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await expect(heart).toHaveAccessibleName(/^Remove .* from favourites$/)
  await screenshots(page, 'category-member-hearts')

  await page.goto(url('/basket/forgotten'))
  await main(page).getByRole('link', { name: 'Continue to checkout' }).click()
  await expect(page).toHaveURL(/\/checkout\/(details|payment)$/)
})

// Issue 42 (ADR 048, 059): until the cut-off a member changes their card order, also adding an
// item from the store's search; it is priced again and the difference goes back to the card. A
// change the card does not cover waits for the difference, paid on the sandbox card page; the
// store's picking takes both authorisations, as the sandbox ledger shows.
test('a member amends a card order before picking: re-priced, refunded, and the difference paid', async ({
  page,
  context,
  checkout,
  payment,
}) => {
  test.setTimeout(300_000)
  await registerThroughForm(page, uniqueEmail('amend'))
  const store = new StorePages(page)
  await basketWithSlot(page, 'collection')
  await store.addItem('/category/milk/whole-milk-2-pints')
  await checkout.open()
  await expect(page).toHaveURL(/\/checkout\/(details|payment)$/)
  if (page.url().endsWith('/details')) await checkout.detailsToPayment({ email: null })
  await payment.toCardPage({ billing: PORTLAND_STREET })
  await payment.payByCard(CARDS.success)
  const orderNumber = await payment.expectOrderPlaced()

  await page.goto(url(`/member/orders/${orderNumber}`))
  await main(page).getByRole('link', { name: 'Change this order' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Change order ${orderNumber}`)
  const cheddar = main(page).getByLabel(/Vintage cheddar 400g/i)
  const milk = main(page).getByLabel(/Whole Milk/i)
  await expect(cheddar).toHaveValue('3')

  // More than the card paid: the difference is asked for, and leaving it changes nothing.
  await cheddar.fill('6')
  await main(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(main(page).getByRole('heading', { name: 'Pay the difference' })).toBeVisible()
  await main(page).getByRole('link', { name: 'Keep my order as it was' }).click()
  await expect(cheddar).toHaveValue('3')

  // The milk removed: the order costs less and the difference goes back to the card.
  const before = await main(page)
    .getByText(/^Order total now:/)
    .textContent()
  await milk.fill('0')
  await main(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(
    main(page).getByRole('status').filter({ hasText: 'Your order has been changed.' })
  ).toHaveText(/^Your order has been changed\. £\d+\.\d\d is going back to your card\.$/)
  await expect(main(page).getByLabel(/Whole Milk/i)).toHaveCount(0)
  await expect(main(page).getByText(/^Order total now:/)).not.toHaveText(before ?? '')
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-order-amend')

  // An item added from the store's search and a quantity changed, saved together: priced again
  // (the milk at today's price) and paid, the difference back to the card.
  const total = await main(page)
    .getByText(/^Order total now:/)
    .textContent()
  await main(page).getByLabel('Search the store for an item to add').fill('whole milk 2 pints')
  await main(page).getByRole('button', { name: 'Search', exact: true }).click()
  const addMilk = main(page).getByLabel(/How many to add of Whole milk 2 pints/i)
  await expect(addMilk).toHaveValue('0')
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-order-amend-add')
  await addMilk.fill('1')
  await main(page)
    .getByLabel(/Vintage cheddar 400g/i)
    .fill('2')
  await main(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(
    main(page).getByRole('status').filter({ hasText: 'Your order has been changed.' })
  ).toHaveText(/^Your order has been changed\. £\d+\.\d\d is going back to your card\.$/)
  await expect(main(page).getByLabel(/Vintage cheddar 400g/i)).toHaveValue('2')
  await expect(main(page).getByLabel(/^Whole Milk/i)).toHaveValue('1')
  await expect(main(page).getByText(/^Order total now:/)).not.toHaveText(total ?? '')

  // The order page lists the milk added back (one line) and may still be changed.
  await main(page).getByRole('link', { name: 'Back to the order' }).click()
  await expect(main(page).getByText(/Whole Milk/i)).toHaveCount(1)
  await expect(main(page).getByRole('link', { name: 'Change this order' })).toBeVisible()
  await screenshots(page, 'member-order-amendable')

  // Six cheddars: more than the card paid. The step says what it costs and asks the difference.
  await main(page).getByRole('link', { name: 'Change this order' }).click()
  await main(page)
    .getByLabel(/Vintage cheddar 400g/i)
    .fill('6')
  await main(page).getByRole('button', { name: 'Save changes' }).click()
  await expect(main(page).getByRole('heading', { name: 'Pay the difference' })).toBeVisible()
  await expect(main(page).getByText(/more than your card payment covers\./)).toHaveText(
    /^Your changes bring your order to £\d+\.\d\d, £\d+\.\d\d more than your card payment covers\. Pay the difference to keep them; until then your order stays as it was\.$/
  )
  const pay = main(page).getByRole('button', { name: /^Pay £\d+\.\d\d by card$/ })
  await expect(pay).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-order-amend-pay')

  // Paid on the sandbox card page: back on the amend page, the change made and its new total.
  await pay.click()
  await expect(page).toHaveURL(/\/sandbox-gateway\/hpp\//)
  await payment.payByCard(CARDS.success)
  await expect(main(page).getByRole('status').filter({ hasText: 'Payment received' })).toHaveText(
    /^Payment received: your order has been changed\. It now comes to £\d+\.\d\d\.$/
  )
  const paidTotal = /£\d+\.\d\d/.exec(
    (await main(page).getByRole('status').filter({ hasText: 'Payment received' }).textContent()) ??
      ''
  )?.[0]
  await expect(main(page).getByLabel(/Vintage cheddar 400g/i)).toHaveValue('6')
  await expect(main(page).getByText(/^Order total now:/)).toHaveText(
    `Order total now: ${paidTotal}`
  )
  await screenshots(page, 'member-order-amend-paid')

  // The store picks and hands it over: both authorisations are taken, and together they are the
  // order's total (the development ledger beside the sandbox gateway's).
  const staffPage = await context.newPage()
  await joinClock(staffPage)
  await deliverInConsole(staffPage, new StoreConsole(staffPage, context), orderNumber)
  await staffPage.close()
  await page.goto(url(`/dev/payments?order=${orderNumber}`))
  const rows = main(page).getByRole('row').filter({ hasText: orderNumber })
  await expect(rows).toHaveCount(2)
  let kept = 0
  for (const row of await rows.all()) {
    await expect(row.getByRole('cell').last()).toHaveText('Yes')
    await expect(row.getByRole('cell').nth(1)).not.toHaveText('£0.00')
    kept += Number(((await row.getByRole('cell').nth(4).textContent()) ?? '').replace(/[^\d]/g, ''))
  }
  expect(`£${(kept / 100).toFixed(2)}`).toBe(paidTotal)
})

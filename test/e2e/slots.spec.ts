import type { Page } from '@playwright/test'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn, waitForIsland } from './helpers.ts'
import { DEMO_STORE, expect, storeSearch, test } from './pages/index.ts'

// The demo store: delivery and collection, orders 7 days ahead.
const SLOT_PAGE = `/stores/${DEMO_STORE}/time-slots`
const PHONE = { width: 390, height: 844 }
// Set SLOT_SCREENSHOTS=1 to keep screenshots of each state in test-results/slots/.
const SCREENSHOTS = process.env.SLOT_SCREENSHOTS === '1'

/** Searches M1 1AE through the store search flow, which saves the location cookie. */
async function saveLocation(page: Page): Promise<void> {
  await storeSearch(page).byPostcode('M1 1AE')
  const cookies = await page.context().cookies()
  expect(cookies.some((cookie) => cookie.name === 'sf_location')).toBe(true)
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) {
    await page.screenshot({ path: `test-results/slots/${name}.png`, fullPage: true })
  }
}

/**
 * Opens the slot page and shows the future slots: the ASAP page's 'Choose a time', or the
 * calendar the page pushes when the store cannot do ASAP right now (it depends on the hour).
 */
async function showFutureSlots(page: Page, path = SLOT_PAGE): Promise<void> {
  await waitForIsland(page, 'SlotPicker')
  if (!page.url().includes('/calendar')) {
    const later = page.getByRole('button', { name: 'Choose a time' })
    await expect(later).toBeVisible()
    await later.click()
    await expect(later).toHaveAttribute('aria-pressed', 'true')
  }
  expect(new URL(page.url()).pathname.startsWith(path)).toBe(true)
}

/** Reserves the first free slot in view and returns its label (HH:mm–HH:mm). */
async function reserveFirstFreeSlot(page: Page): Promise<string> {
  const slot = page
    .getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2}\s*(?:£\d+\.\d{2}|Free)\s*\d+ left$/ })
    .first()
  await expect(slot).toBeVisible()
  const label = (await slot.textContent()) ?? ''
  await slot.click()
  return label.slice(0, 11)
}

test.describe('time slots', { tag: '@dates' }, () => {
  test.use({ viewport: PHONE })

  test.beforeEach(async ({ page }) => {
    await saveLocation(page)
  })

  test('reserve a future delivery slot, then the countdown warns and expires', async ({ page }) => {
    await page.goto(urlOn(HOSTS.brandOne, `${SLOT_PAGE}?method=delivery`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Choose a delivery (time|day)/)
    await expectNoAxeViolations(page)
    await shot(page, 'slot-page-phone')
    await showFutureSlots(page)
    await shot(page, 'slot-page-future-phone')
    // Every open slot shows what delivery will cost (no basket yet: the store's fee, or Free).
    const price = page.locator('[data-slot-price]').first()
    await expect(price).toHaveText(/^(£\d+\.\d{2}|Free)$/)
    await screenshots(page, 'slots-delivery-prices')
    const range = await reserveFirstFreeSlot(page)

    const held = page.getByTestId('held-slot')
    await expect(held).toContainText(`Delivery, `)
    await expect(held).toContainText(range)
    const countdown = page.getByTestId('slot-countdown')
    await expect(countdown).toContainText(/Slot held for 1[45]:\d{2}/)
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
      'href',
      `/stores/${DEMO_STORE}`
    )
    await expectNoAxeViolations(page)

    const status = countdown.getByRole('status')
    await page.clock.fastForward('10:01')
    await expect(status).toHaveText('Less than 5 minutes left to hold your slot.')
    await shot(page, 'held-warning-phone')
    for (const minutes of [4, 3, 2]) {
      await page.clock.fastForward('01:00')
      await expect(status).toHaveText(`Less than ${minutes} minutes left to hold your slot.`)
    }
    await page.clock.fastForward('02:00')
    await expect(status).toHaveText('This slot has now expired')
    await shot(page, 'held-expired-phone')
    await expectNoAxeViolations(page)
    // On the slot page itself choosing again clears the lapsed hold and shows the slots.
    await countdown.getByRole('button', { name: 'Choose a slot' }).click()
    await expect(held).toBeHidden()
    await expect(page.getByRole('button', { name: /left$/ }).first()).toBeVisible()
  })

  test('the collection switch shows collection slots', async ({ page }) => {
    await page.goto(urlOn(HOSTS.brandOne, `${SLOT_PAGE}?method=delivery`))
    const switcher = page.getByRole('navigation', { name: 'Delivery or collection' })
    await expect(switcher.getByRole('link', { name: 'Delivery' })).toHaveAttribute(
      'aria-current',
      'page'
    )
    await switcher.getByRole('link', { name: 'Collection' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /Choose a collection (time|day)/
    )
    await expect(switcher.getByRole('link', { name: 'Collection' })).toHaveAttribute(
      'aria-current',
      'page'
    )
    await showFutureSlots(page)
    // Collection costs nothing: every open slot says so.
    const prices = page.locator('[data-slot-price]')
    await expect(prices.first()).toHaveText('Free')
    expect(new Set(await prices.allTextContents())).toEqual(new Set(['Free']))
    const range = await reserveFirstFreeSlot(page)
    await expect(page.getByTestId('held-slot')).toContainText(`Collection, `)
    await expect(page.getByTestId('held-slot')).toContainText(range)
  })

  test('coming from the basket goes back to it after reserving', async ({ page }) => {
    await page.goto(urlOn(HOSTS.brandOne, SLOT_PAGE), {
      referer: urlOn(HOSTS.brandOne, '/basket'),
    })
    await expect(page.getByRole('link', { name: 'Back to basket' })).toHaveAttribute(
      'href',
      '/basket'
    )
    await showFutureSlots(page)
    await reserveFirstFreeSlot(page)
    await page.waitForURL((url) => url.pathname === '/basket')
  })

  test('the calendar on a phone is a week strip, and the first slot is on the first screen', async ({
    page,
  }) => {
    await page.goto(urlOn(HOSTS.brandOne, `${SLOT_PAGE}/calendar?method=delivery`))
    // The month grids are for wide screens: a phone sees a week, not a month of greyed days.
    await expect(page.locator('table').first()).toBeHidden()
    const strip = page.getByRole('navigation', { name: /^\d{2} \w{3}( – \d{2} \w{3})?$/ })
    const days = strip.locator('a[href*="date="]')
    await expect(days.first()).toBeVisible()
    expect(await strip.getByRole('listitem').count()).toBeLessThanOrEqual(7)
    const firstSlot = page.getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2}/ }).first()
    await expect(firstSlot).toBeVisible()
    const top = (await firstSlot.boundingBox())?.y ?? Infinity
    expect(top, 'the first slot is on the first screen').toBeLessThan(PHONE.height)
    const count = await days.count()
    await days.nth(count - 1).click()
    await expect(strip.locator('a[aria-current="date"]')).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 2, name: /\d{2} \w{3} \d{4}$/ })).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'slots-calendar-phone-strip', { top: true })
  })

  test('a store taking orders for today only names the day and says when it opens', async ({
    page,
  }) => {
    await page.goto(
      urlOn(HOSTS.brandOne, '/stores/manchester-deansgate/time-slots?method=delivery')
    )
    await expect(
      page.getByText(
        /^(Open until \d{2}:\d{2}|Open now|Closed — opens \d{2}:\d{2} \w+|Closed|Pre-order — opens \d{2}:\d{2} \w+)$/
      )
    ).toBeVisible()
    await showFutureSlots(page, '/stores/manchester-deansgate/time-slots')
    await expect(page.getByRole('heading', { level: 3, name: /^Today/ })).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'slots-today-only', { top: true })
  })

  test('a slot that lapsed sends the shopper to choose again', async ({ page }) => {
    await page.goto(urlOn(HOSTS.brandOne, `${SLOT_PAGE}?change=1&expired=1`))
    await expect(page.getByRole('alert').first()).toHaveText(
      'Your selected slot has expired. Please select another slot to continue your order.'
    )
    await expect(page.getByRole('link', { name: 'Back to basket' })).toBeVisible()
  })
})

test.describe('time slots on a desktop', { tag: '@dates' }, () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('the slot page and calendar at 1280 wide', async ({ page }) => {
    await saveLocation(page)
    await page.goto(urlOn(HOSTS.brandOne, `${SLOT_PAGE}?method=delivery`))
    await waitForIsland(page, 'SlotPicker')
    await shot(page, 'slot-page-desktop')
    await showFutureSlots(page)
    const range = await reserveFirstFreeSlot(page)
    // The countdown starts with the hold's answer: moving the clock before it would not count.
    await expect(page.getByTestId('held-slot')).toContainText(range)
    await expect(page.getByTestId('slot-countdown')).toContainText(/Slot held for 1[45]:\d{2}/)
    await page.clock.fastForward('12:30')
    await expect(page.getByTestId('slot-countdown').getByRole('status')).toHaveText(
      'Less than 3 minutes left to hold your slot.'
    )
    await shot(page, 'held-warning-desktop')
    await page.goto(urlOn(HOSTS.brandOne, `${SLOT_PAGE}/calendar?method=delivery`))
    await expect(page.locator('table').first()).toBeVisible()
    await shot(page, 'calendar-desktop')
  })
})

import type { Page } from '@playwright/test'
import { expect } from '../fixtures.ts'
import { HOSTS, uniqueEmail, urlOn, waitForIsland } from '../helpers.ts'
import { basketWithSlot, type Method } from './store.ts'

// Global Payments' published test cards (reference §3), accepted by the local sandbox page only.
export const CARDS = {
  success: '4263970000005262',
  declined: '4000120000001154',
  challenge: '4012001038488884',
} as const

export interface Address {
  line1: string
  town: string
  /** Left as the form shows it when not given (the searched postcode fills it). */
  postcode?: string
}

/** What the details step asks: a null email keeps the one the form shows (a member's). */
export interface ShopperDetails {
  firstName?: string
  lastName?: string
  email: string | null
  phone?: string
  /** Filled where the form asks for an address (delivery); collection asks for none. */
  address?: Address
}

/** A delivery address inside the demo store's area. */
export const PORTLAND_STREET: Address = {
  line1: '12 Portland Street',
  town: 'Manchester',
  postcode: 'M1 1AE',
}

/** The checkout steps on a brand's host (the demo brand's unless given): options, details, payment. */
export class CheckoutPages {
  constructor(
    readonly page: Page,
    readonly host: string = HOSTS.brandOne
  ) {}

  url(path = ''): string {
    return urlOn(this.host, `/checkout${path}`)
  }

  async open(path = ''): Promise<void> {
    await this.page.goto(this.url(path))
  }

  /** On the options step: goes on as a guest, to the details form. */
  async asGuest(): Promise<void> {
    await this.page.getByRole('link', { name: 'Continue as guest' }).click()
    await expect(this.page).toHaveURL(/\/checkout\/details$/)
  }

  /** Fills the details form and ticks the terms (the footer's sign-up has an email field too). */
  async fillDetails(details: ShopperDetails): Promise<void> {
    const form = this.page.getByRole('main')
    await form.getByLabel('First name').fill(details.firstName ?? 'Ada')
    await form.getByLabel('Last name').fill(details.lastName ?? 'Lovelace')
    if (details.email !== null) await form.getByLabel('Email address').fill(details.email)
    await form.getByLabel('Mobile number').fill(details.phone ?? '07700 900123')
    const address = details.address
    if (address && (await form.getByLabel('Address line 1').count()) > 0) {
      await form.getByLabel('Address line 1').fill(address.line1)
      await form.getByLabel('Town or city').fill(address.town)
      // Exact: the postcode finder's 'Find your address by postcode' is a label too.
      if (address.postcode)
        await form.getByLabel('Postcode', { exact: true }).fill(address.postcode)
    }
    await form.getByLabel(/I agree to the/).check()
  }

  async submitDetails(): Promise<void> {
    await this.page.getByRole('main').getByRole('button', { name: 'Continue to payment' }).click()
  }

  /** Fills and sends the details form, landing on the payment step. */
  async detailsToPayment(details: ShopperDetails): Promise<void> {
    await this.fillDetails(details)
    await this.submitDetails()
    await expect(this.page).toHaveURL(/\/checkout\/payment$/)
  }

  /** From /checkout as a guest through the options and the details form to the payment step. */
  async asGuestToPayment(details: ShopperDetails): Promise<void> {
    await this.open()
    await expect(this.page).toHaveURL(/\/checkout\/options$/)
    await this.asGuest()
    await this.detailsToPayment(details)
  }
}

/**
 * A guest at the payment step, its form hydrated: a basket with a held slot of the method
 * (basketWithSlot), then checkout as a guest with a new email (`label` names the journey) and a
 * Portland Street address where one is asked.
 */
export async function guestAtPayment(
  page: Page,
  label: string,
  method: Method = 'delivery'
): Promise<void> {
  await basketWithSlot(page, method)
  await new CheckoutPages(page).asGuestToPayment({
    email: uniqueEmail(label),
    address: PORTLAND_STREET,
  })
  await waitForIsland(page, 'PaymentForm')
}

/** The payment step and what follows it: the hosted card page and the confirmation. */
/** The sandbox card page's labels, in the language the brand speaks. */
export interface CardPageLabels {
  name: string
  number: string
  month: string
  year: string
  cvv: string
  pay: string
}

export const ENGLISH_CARD_PAGE: CardPageLabels = {
  name: 'Name on card',
  number: 'Card number',
  month: 'Expiry month (MM)',
  year: 'Expiry year (YY)',
  cvv: 'Security code (CVV)',
  pay: 'Pay now',
}

export class PaymentPage {
  constructor(readonly page: Page) {}

  /** Chooses cash, confirms the amount is at hand and pays. */
  async payByCash(): Promise<void> {
    await waitForIsland(this.page, 'PaymentForm')
    await this.page.getByRole('radio', { name: /Cash/ }).check()
    await this.page.getByLabel(/available in cash/).check()
    await this.page.getByRole('button', { name: /^Pay £/ }).click()
  }

  /** Chooses a new card and goes through the billing address to the hosted card page. */
  async toCardPage(options: { saveCard?: boolean; billing?: Address } = {}): Promise<void> {
    await waitForIsland(this.page, 'PaymentForm')
    await this.page.getByRole('radio', { name: /New card/ }).check()
    await this.page.getByRole('button', { name: 'Continue' }).click()
    await expect(this.page).toHaveURL(/\/checkout\/payment\/billing-address\?shownTotal=\d+$/)
    // A collection order has no delivery address to bill: the card's address is asked for.
    const billing = options.billing
    if (billing) {
      const form = this.page.getByRole('main')
      // With a delivery address, the billing fields come with 'A different address'.
      const different = form.getByRole('radio', { name: 'A different address' })
      if ((await different.count()) > 0) await different.check()
      await form.getByLabel('Address line 1').fill(billing.line1)
      await form.getByLabel('Town or city').fill(billing.town)
      if (billing.postcode)
        await form.getByLabel('Postcode', { exact: true }).fill(billing.postcode)
    }
    if (options.saveCard) await this.page.getByLabel(/Save this card/).check()
    await this.page.getByRole('button', { name: 'Continue to card details' }).click()
    // The card form hands over to the hosted card page (here the worker's own sandbox).
    await expect(this.page).toHaveURL(/\/sandbox-gateway\/hpp\//)
  }

  /**
   * On the sandbox's hosted card page: pays with the card. The page speaks the brand's language
   * (a Dutch brand's labels are Dutch), so its labels may be given.
   */
  async payByCard(card: string, labels: CardPageLabels = ENGLISH_CARD_PAGE): Promise<void> {
    const page = this.page
    await expect(page.getByText(/Sandbox/).first()).toBeVisible()
    await page.getByLabel(labels.name).fill('Ada Lovelace')
    await page.getByLabel(labels.number).fill(card)
    await page.getByLabel(labels.month).fill('12')
    await page.getByLabel(labels.year).fill('30')
    await page.getByLabel(labels.cvv).fill('123')
    await page.getByRole('button', { name: labels.pay }).click()
  }

  /** The confirmation page's thanks and order number, which it answers. */
  async expectOrderPlaced(): Promise<string> {
    const page = this.page
    await expect(page).toHaveURL(/\/checkout\/success/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order')
    const number = (await page.locator('dt:text("Order number") + dd').textContent()) ?? ''
    expect(number).toMatch(/^[A-Z]{2,4}-[A-Z0-9]{8}$/)
    return number
  }
}

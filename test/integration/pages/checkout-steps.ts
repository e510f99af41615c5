import { expect } from 'vitest'
import { readyBasket, STORES } from '../checkout/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { CHECKOUT_LOCATION, type PageClient } from './storefront.ts'

/** A shopper's cookies and basket token at a checkout step. */
export interface AtStep {
  cookies: string
  token: string
}

/**
 * The steps before the payment page as the page tests take them, through one page client: a
 * basket with two of the item (`itemId()`, chosen once the data is seeded) and a held slot, then
 * the details a guest saves.
 */
export function checkoutSteps(client: PageClient, itemId: () => number) {
  /** The basket with its slot and no checkout details, with the saved location, as cookies. */
  async function basket(
    storeId: number = STORES.main,
    method: 'delivery' | 'collection' = 'collection'
  ): Promise<AtStep> {
    const ready = await readyBasket({
      storeId,
      method,
      items: [{ id: itemId(), quantity: 2 }],
      details: false,
    })
    return { cookies: `sf_basket=${ready.token}; ${CHECKOUT_LOCATION}`, token: ready.token }
  }

  /** Enters checkout as a guest (the guest session's cookies) and saves valid details. */
  async function guestAtPayment(
    details: Record<string, string>,
    storeId: number = STORES.main
  ): Promise<AtStep> {
    const start = await basket(storeId)
    const entry = await client.get('/checkout', start.cookies)
    expect(entry.status).toBe(302)
    const cookies = jar(entry, start.cookies)
    const posted = await client.postForm('/checkout/details', details, cookies)
    expect(posted.status, await posted.clone().text()).toBe(303)
    expect(posted.headers.get('location')).toBe('/checkout/payment')
    return { cookies: jar(posted, cookies), token: start.token }
  }

  return { basket, guestAtPayment }
}

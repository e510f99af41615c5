import type { Page } from '@playwright/test'
import { expect } from '../fixtures.ts'
import { HOSTS, reserveFirstSlot, urlOn, waitForIsland } from '../helpers.ts'

/** The demo store the journeys shop at: central Manchester, delivery (3 km) and collection, cash
 * accepted, £10 minimum spend. */
export const DEMO_STORE = 'manchester-piccadilly'

/** An item's page path; three of them make the demo store's minimum spend. */
export const CHEDDAR = '/category/cheese/vintage-cheddar-400g'

export type Method = 'delivery' | 'collection'

/** The store search of a brand (the demo brand unless `host` names another). */
export function storeSearch(page: Page, host: string = HOSTS.brandOne) {
  return {
    /** Searches a postcode through the store search flow, which saves the location cookie. */
    async byPostcode(postcode: string): Promise<void> {
      await page.goto(urlOn(host, `/stores-near-by?postcode=${encodeURIComponent(postcode)}`))
    },
  }
}

/** One store's pages on a brand's host (the demo brand's unless given): items and slot page. */
export class StorePages {
  constructor(
    readonly page: Page,
    readonly slug: string = DEMO_STORE,
    readonly host: string = HOSTS.brandOne
  ) {}

  url(path = ''): string {
    return urlOn(this.host, `/stores/${this.slug}${path}`)
  }

  /** Adds an item from its page (the options island), `quantity` of it when given, and sees it added. */
  async addItem(path: string, quantity?: number): Promise<void> {
    await this.page.goto(this.url(path))
    await waitForIsland(this.page, 'ItemOptions')
    if (quantity !== undefined) {
      await this.page.getByLabel('Quantity', { exact: true }).fill(String(quantity))
    }
    await this.page.getByRole('button', { name: /^Add to basket/ }).click()
    await expect(this.page.getByRole('status').filter({ hasText: 'Added to basket' })).toBeVisible()
  }

  /** Opens the slot page for the method (`change` keeps it in change mode) and reserves the first free slot. */
  async reserveSlot(method: Method, options: { change?: boolean } = {}): Promise<void> {
    const change = options.change ? '&change=1' : ''
    await this.page.goto(this.url(`/time-slots?method=${method}${change}`))
    await reserveFirstSlot(this.page)
  }
}

/**
 * The steps before checkout: M1 1AE searched (the location cookie the slot page needs), three
 * cheddars in the basket (over the minimum spend) and the first free slot of the method held.
 */
export async function basketWithSlot(page: Page, method: Method = 'delivery'): Promise<void> {
  const store = new StorePages(page)
  await storeSearch(page).byPostcode('M1 1AE')
  await store.addItem(CHEDDAR, 3)
  await store.reserveSlot(method)
  await expect(page.getByTestId('held-slot')).toContainText(
    method === 'delivery' ? 'Delivery, ' : 'Collection, '
  )
}

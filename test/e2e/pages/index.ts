import { test as base } from '../fixtures.ts'
import { CheckoutPages, PaymentPage } from './checkout.ts'
import { StorePages } from './store.ts'

export { expect } from '../fixtures.ts'
export {
  CARDS,
  guestAtPayment,
  CheckoutPages,
  PaymentPage,
  PORTLAND_STREET,
  type ShopperDetails,
} from './checkout.ts'
export { basketWithSlot, CHEDDAR, DEMO_STORE, StorePages, storeSearch } from './store.ts'

/**
 * The journeys' `test` (the clock pinned, fixtures.ts) with a page object per step of the shop, each
 * on the test's page: `store` (the demo store's items and slots), `checkout`, `payment`.
 */
export const test = base.extend<{
  store: StorePages
  checkout: CheckoutPages
  payment: PaymentPage
}>({
  store: async ({ page }, use) => use(new StorePages(page)),
  checkout: async ({ page }, use) => use(new CheckoutPages(page)),
  payment: async ({ page }, use) => use(new PaymentPage(page)),
})

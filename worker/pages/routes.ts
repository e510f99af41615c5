import type { Context } from 'hono'
import { ROUTE_PATHS, type RouteName } from '../../client/lib/routes.ts'
import type { AppEnv } from '../env.ts'
import { bannerRedirect } from './banner.ts'
import { basketPage } from './basket.tsx'
import { categoryPage } from './category.tsx'
import { changePasswordPage } from './change-password.tsx'
import { checkoutCardFormPage, checkoutBillingPage } from './checkout/card-form.tsx'
import { CHECKOUT_GUARDS } from './checkout/checkout-guards.ts'
import { checkoutDetailsPage } from './checkout/details.tsx'
import { checkoutEntry } from './checkout/entry.ts'
import { checkoutCreatePage, checkoutLoginPage, checkoutOptionsPage } from './checkout/options.tsx'
import { checkoutPaymentPage } from './checkout/payment.tsx'
import { checkoutSuccessPage } from './checkout/success.tsx'
import { dealPage } from './deal.tsx'
import { faqPage } from './faq.tsx'
import { forgottenPasswordPage, forgottenPasswordSentPage } from './forgotten-password.tsx'
import { guestOnly, memberOnly, restoreLastOrderedStore, type Guard } from './guards.ts'
import { homePage } from './home.tsx'
import { loginPage } from './login.tsx'
import type { CachePolicy } from './render.tsx'
import { menuItemPage } from './menu-item.tsx'
import { registerPage } from './register.tsx'
import { resetPasswordPage } from './reset-password.tsx'
import { searchPage } from './search.tsx'
import { storeAllPage } from './store-all.tsx'
import { storePage } from './store.tsx'
import { storesNearBy } from './stores-near-by.tsx'
import { timeSlotCalendarPage, timeSlotsPage } from './time-slots.tsx'

export type PageHandler = (c: Context<AppEnv>) => Promise<Response>

/** One page route: its path, the guards that run first, its cache policy and its page. */
export interface PageRoute {
  name: RouteName
  path: string
  guards: ReadonlyArray<Guard>
  /** 'public' pages send max-age=15, s-maxage=60 (spec §2); 'private' ones private, no-store. */
  cache: CachePolicy
  /** Null until the issue that builds the page lands: it answers 501 with a clear message. */
  page: PageHandler | null
}

type RouteConfig = Omit<PageRoute, 'name' | 'path'>

const PUBLIC: RouteConfig = { guards: [], cache: 'public', page: null }
const PERSONAL: RouteConfig = { guards: [], cache: 'private', page: null }
const MEMBER: RouteConfig = { guards: [memberOnly], cache: 'private', page: null }
const GUEST: RouteConfig = { guards: [guestOnly], cache: 'private', page: null }
const STORE: RouteConfig = PUBLIC
// Checkout steps need a slot that still stands and a basket that can be paid for (spec §2): a
// lapsed slot goes to the slot page, an empty basket to its store, an invalid one to the basket.
const CHECKOUT: RouteConfig = { ...PERSONAL, guards: CHECKOUT_GUARDS }

/** Every route of spec §2 by name. */
const ROUTE_CONFIG: Record<RouteName, RouteConfig> = {
  index: { ...PUBLIC, guards: [restoreLastOrderedStore], page: homePage },
  faq: { ...PUBLIC, page: faqPage },
  contact: PUBLIC,
  login: { ...GUEST, page: loginPage },
  register: { ...GUEST, page: registerPage },
  'forgotten-password': { ...GUEST, page: forgottenPasswordPage },
  // The confirmation after asking for a reset link.
  'forgotten-password-set': { ...GUEST, page: forgottenPasswordSentPage },
  referrer: PUBLIC,
  tv: PUBLIC,
  'store-all': { ...PUBLIC, page: storeAllPage },
  'stores-near-by': { ...PUBLIC, page: storesNearBy },
  member: MEMBER,
  'member-orders': MEMBER,
  'member-orders-orderId': MEMBER,
  'member-addresses': MEMBER,
  'member-my-details': MEMBER,
  'member-profile': MEMBER,
  'member-cards': MEMBER,
  'member-loyalty': MEMBER,
  'member-change-password': { ...MEMBER, page: changePasswordPage },
  // Reached from the reset email, signed out: only the token identifies the member.
  'member-reset-token-token': { ...PERSONAL, page: resetPasswordPage },
  'stores-storeSlug': { ...STORE, page: storePage },
  // Spec §2 has these pages redirect without a location; here they ask for one instead (a
  // delivery needs it, a collection does not), so a shopper from /stores can carry on.
  'stores-storeSlug-time-slots': { ...PERSONAL, page: timeSlotsPage },
  'stores-storeSlug-time-slots-calendar': { ...PERSONAL, page: timeSlotCalendarPage },
  'stores-storeSlug-search-searchTerm': { ...STORE, page: searchPage('all') },
  'stores-storeSlug-search-searchTerm-deals': { ...STORE, page: searchPage('deals') },
  'stores-storeSlug-search-searchTerm-categories': { ...STORE, page: searchPage('categories') },
  'stores-storeSlug-search-searchTerm-menu-items': { ...STORE, page: searchPage('menu-items') },
  'stores-storeSlug-category-categorySlug': { ...STORE, page: categoryPage },
  'stores-storeSlug-category-categorySlug-menuItem-menuItemSlug': { ...STORE, page: menuItemPage },
  'stores-storeSlug-deal-dealSlug': { ...STORE, page: dealPage },
  // Counts a click, so never cached.
  'stores-storeSlug-banner-bannerSlug': { ...PERSONAL, page: bannerRedirect },
  basket: { ...PERSONAL, page: basketPage },
  checkout: { ...CHECKOUT, page: checkoutEntry },
  'checkout-options': { ...CHECKOUT, page: checkoutOptionsPage },
  'checkout-details': { ...CHECKOUT, page: checkoutDetailsPage },
  'checkout-create': { ...CHECKOUT, page: checkoutCreatePage },
  'checkout-login': { ...CHECKOUT, page: checkoutLoginPage },
  'checkout-payment': { ...CHECKOUT, page: checkoutPaymentPage },
  'checkout-payment-card-form': { ...CHECKOUT, page: checkoutCardFormPage },
  'checkout-payment-billing-address': { ...CHECKOUT, page: checkoutBillingPage },
  // Exempt from the checkout guards (spec §2 "two paths are exempt"; the other is the hosted card
  // page's answer, worker/pages/index.tsx): the order is placed, its basket closed.
  'checkout-success': { ...PERSONAL, page: checkoutSuccessPage },
  terms: PUBLIC,
  'privacy-policy': PUBLIC,
  'cookie-policy': PUBLIC,
}

/** The route table, in the order routes are registered (static paths before parameters). */
export const PAGE_ROUTES: ReadonlyArray<PageRoute> = (
  Object.keys(ROUTE_CONFIG) as Array<RouteName>
).map((name) => ({ name, path: ROUTE_PATHS[name], ...ROUTE_CONFIG[name] }))

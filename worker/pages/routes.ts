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
import { contentPage, cookiePolicyPage } from './content-page.tsx'
import { dealPage } from './deal.tsx'
import { contactPage } from './contact.tsx'
import { groceryDeliveryPage } from './grocery-delivery.tsx'
import { faqPage } from './faq.tsx'
import { forgottenPasswordPage, forgottenPasswordSentPage } from './forgotten-password.tsx'
import { guestOnly, memberOnly, restoreLastOrderedStore, type Guard } from './guards.ts'
import { homePage } from './home.tsx'
import { memberAddressesPage } from './member/addresses.tsx'
import { memberCardsPage } from './member/cards.tsx'
import { loginPage } from './login.tsx'
import { menuItemPage } from './menu-item.tsx'
import { memberDashboardPage } from './member/dashboard.tsx'
import { memberLoyaltyPage } from './member/loyalty.tsx'
import { memberOrderPage } from './member/order.tsx'
import { memberOrdersPage } from './member/orders.tsx'
import { myDetailsPage } from './member/details.tsx'
import { profilePage } from './member/profile.tsx'
import { referrerPage } from './referrer.tsx'
import { registerPage } from './register.tsx'
import { resetPasswordPage } from './reset-password.tsx'
import { searchPage } from './search.tsx'
import { storeAllPage } from './store-all.tsx'
import { storePage } from './store.tsx'
import { storesNearBy } from './stores-near-by.tsx'
import { timeSlotCalendarPage, timeSlotsPage } from './time-slots.tsx'
import { tvPage } from './tv.tsx'

export type PageHandler = (c: Context<AppEnv>) => Promise<Response>

/**
 * One page route: its path, the guards that run first and its page. Each page names its own cache
 * policy when it renders (renderPage's `cache`).
 */
export interface PageRoute {
  name: RouteName
  path: string
  guards: ReadonlyArray<Guard>
  /** Null while the page is not built: it answers 501 with a clear message (notBuiltYet). */
  page: PageHandler | null
}

type RouteConfig = Omit<PageRoute, 'name' | 'path'>

const OPEN: RouteConfig = { guards: [], page: null }
const MEMBER: RouteConfig = { guards: [memberOnly], page: null }
const GUEST: RouteConfig = { guards: [guestOnly], page: null }
// Checkout steps need a slot that still stands and a basket that can be paid for (spec §2): a
// lapsed slot goes to the slot page, an empty basket to its store, an invalid one to the basket.
const CHECKOUT: RouteConfig = { ...OPEN, guards: CHECKOUT_GUARDS }

/** Every route of spec §2 by name. */
const ROUTE_CONFIG: Record<RouteName, RouteConfig> = {
  index: { ...OPEN, guards: [restoreLastOrderedStore], page: homePage },
  faq: { ...OPEN, page: faqPage },
  contact: { ...OPEN, page: contactPage },
  login: { ...GUEST, page: loginPage },
  register: { ...GUEST, page: registerPage },
  'forgotten-password': { ...GUEST, page: forgottenPasswordPage },
  // The confirmation after asking for a reset link.
  'forgotten-password-set': { ...GUEST, page: forgottenPasswordSentPage },
  referrer: { ...OPEN, page: referrerPage },
  tv: { ...OPEN, page: tvPage },
  'store-all': { ...OPEN, page: storeAllPage },
  'stores-near-by': { ...OPEN, page: storesNearBy },
  member: { ...MEMBER, page: memberDashboardPage },
  'member-orders': { ...MEMBER, page: memberOrdersPage },
  'member-orders-orderId': { ...MEMBER, page: memberOrderPage },
  'member-addresses': { ...MEMBER, page: memberAddressesPage },
  'member-my-details': { ...MEMBER, page: myDetailsPage },
  'member-profile': { ...MEMBER, page: profilePage },
  'member-cards': { ...MEMBER, page: memberCardsPage },
  'member-loyalty': { ...MEMBER, page: memberLoyaltyPage },
  'member-change-password': { ...MEMBER, page: changePasswordPage },
  // Reached from the reset email, signed out: only the token identifies the member.
  'member-reset-token-token': { ...OPEN, page: resetPasswordPage },
  'stores-storeSlug': { ...OPEN, page: storePage },
  // Spec §2 has these pages redirect without a location; here they ask for one instead (a
  // delivery needs it, a collection does not), so a shopper from /stores can carry on.
  'stores-storeSlug-time-slots': { ...OPEN, page: timeSlotsPage },
  'stores-storeSlug-time-slots-calendar': { ...OPEN, page: timeSlotCalendarPage },
  'stores-storeSlug-search-searchTerm': { ...OPEN, page: searchPage('all') },
  'stores-storeSlug-search-searchTerm-deals': { ...OPEN, page: searchPage('deals') },
  'stores-storeSlug-search-searchTerm-categories': { ...OPEN, page: searchPage('categories') },
  'stores-storeSlug-search-searchTerm-menu-items': { ...OPEN, page: searchPage('menu-items') },
  'stores-storeSlug-category-categorySlug': { ...OPEN, page: categoryPage },
  'stores-storeSlug-category-categorySlug-menuItem-menuItemSlug': { ...OPEN, page: menuItemPage },
  'stores-storeSlug-deal-dealSlug': { ...OPEN, page: dealPage },
  'stores-storeSlug-banner-bannerSlug': { ...OPEN, page: bannerRedirect },
  basket: { ...OPEN, page: basketPage },
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
  'checkout-success': { ...OPEN, page: checkoutSuccessPage },
  terms: { ...OPEN, page: contentPage('terms') },
  'privacy-policy': { ...OPEN, page: contentPage('privacy-policy') },
  'cookie-policy': { ...OPEN, page: cookiePolicyPage },
  'about-us': { ...OPEN, page: contentPage('about-us') },
  'delivery-information': { ...OPEN, page: contentPage('delivery-information') },
  'grocery-delivery-place': { ...OPEN, page: groceryDeliveryPage },
}

/** The route table, in the order routes are registered (static paths before parameters). */
export const PAGE_ROUTES: ReadonlyArray<PageRoute> = (
  Object.keys(ROUTE_CONFIG) as Array<RouteName>
).map((name) => ({ name, path: ROUTE_PATHS[name], ...ROUTE_CONFIG[name] }))

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
import { storeDealsPage } from './store-deals.tsx'
import { contactPage } from './contact.tsx'
import { groceryDeliveryPage } from './grocery-delivery.tsx'
import { faqPage } from './faq.tsx'
import { forgottenPasswordPage, forgottenPasswordSentPage } from './forgotten-password.tsx'
import { buyItAgainPage } from './buy-it-again.tsx'
import { favouritesPage } from './favourites.tsx'
import { forgottenPage } from './forgotten.tsx'
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
  page: PageHandler
}

type RouteConfig = Omit<PageRoute, 'name' | 'path'>

const OPEN: ReadonlyArray<Guard> = []
const MEMBER: ReadonlyArray<Guard> = [memberOnly]
const GUEST: ReadonlyArray<Guard> = [guestOnly]
// Checkout steps need a slot that still stands and a basket that can be paid for (spec §2): a
// lapsed slot goes to the slot page, an empty basket to its store, an invalid one to the basket.
const CHECKOUT: ReadonlyArray<Guard> = CHECKOUT_GUARDS

/** Every route of spec §2 by name. */
const ROUTE_CONFIG: Record<RouteName, RouteConfig> = {
  index: { guards: [restoreLastOrderedStore], page: homePage },
  faq: { guards: OPEN, page: faqPage },
  contact: { guards: OPEN, page: contactPage },
  login: { guards: GUEST, page: loginPage },
  register: { guards: GUEST, page: registerPage },
  'forgotten-password': { guards: GUEST, page: forgottenPasswordPage },
  // The confirmation after asking for a reset link.
  'forgotten-password-set': { guards: GUEST, page: forgottenPasswordSentPage },
  referrer: { guards: OPEN, page: referrerPage },
  tv: { guards: OPEN, page: tvPage },
  'store-all': { guards: OPEN, page: storeAllPage },
  'stores-near-by': { guards: OPEN, page: storesNearBy },
  member: { guards: MEMBER, page: memberDashboardPage },
  'member-orders': { guards: MEMBER, page: memberOrdersPage },
  'member-orders-orderId': { guards: MEMBER, page: memberOrderPage },
  'member-addresses': { guards: MEMBER, page: memberAddressesPage },
  'member-my-details': { guards: MEMBER, page: myDetailsPage },
  'member-profile': { guards: MEMBER, page: profilePage },
  'member-cards': { guards: MEMBER, page: memberCardsPage },
  'member-loyalty': { guards: MEMBER, page: memberLoyaltyPage },
  'member-change-password': { guards: MEMBER, page: changePasswordPage },
  // Reached from the reset email, signed out: only the token identifies the member.
  'member-reset-token-token': { guards: OPEN, page: resetPasswordPage },
  'stores-storeSlug': { guards: OPEN, page: storePage },
  // Spec §2 has these pages redirect without a location; here they ask for one instead (a
  // delivery needs it, a collection does not), so a shopper from /stores can carry on.
  'stores-storeSlug-time-slots': { guards: OPEN, page: timeSlotsPage },
  'stores-storeSlug-time-slots-calendar': { guards: OPEN, page: timeSlotCalendarPage },
  'stores-storeSlug-search-searchTerm': { guards: OPEN, page: searchPage('all') },
  'stores-storeSlug-search-searchTerm-deals': { guards: OPEN, page: searchPage('deals') },
  'stores-storeSlug-search-searchTerm-categories': { guards: OPEN, page: searchPage('categories') },
  'stores-storeSlug-search-searchTerm-menu-items': { guards: OPEN, page: searchPage('menu-items') },
  'stores-storeSlug-category-categorySlug': { guards: OPEN, page: categoryPage },
  'stores-storeSlug-category-categorySlug-menuItem-menuItemSlug': {
    guards: OPEN,
    page: menuItemPage,
  },
  'stores-storeSlug-deals': { guards: OPEN, page: storeDealsPage },
  'stores-storeSlug-deal-dealSlug': { guards: OPEN, page: dealPage },
  'stores-storeSlug-banner-bannerSlug': { guards: OPEN, page: bannerRedirect },
  'stores-storeSlug-buy-it-again': { guards: MEMBER, page: buyItAgainPage },
  'stores-storeSlug-favourites': { guards: MEMBER, page: favouritesPage },
  'basket-forgotten': { guards: OPEN, page: forgottenPage },
  basket: { guards: OPEN, page: basketPage },
  checkout: { guards: CHECKOUT, page: checkoutEntry },
  'checkout-options': { guards: CHECKOUT, page: checkoutOptionsPage },
  'checkout-details': { guards: CHECKOUT, page: checkoutDetailsPage },
  'checkout-create': { guards: CHECKOUT, page: checkoutCreatePage },
  'checkout-login': { guards: CHECKOUT, page: checkoutLoginPage },
  'checkout-payment': { guards: CHECKOUT, page: checkoutPaymentPage },
  'checkout-payment-card-form': { guards: CHECKOUT, page: checkoutCardFormPage },
  'checkout-payment-billing-address': { guards: CHECKOUT, page: checkoutBillingPage },
  // Exempt from the checkout guards (spec §2 "two paths are exempt"; the other is the hosted card
  // page's answer, worker/pages/index.tsx): the order is placed, its basket closed.
  'checkout-success': { guards: OPEN, page: checkoutSuccessPage },
  terms: { guards: OPEN, page: contentPage('terms') },
  'privacy-policy': { guards: OPEN, page: contentPage('privacy-policy') },
  'cookie-policy': { guards: OPEN, page: cookiePolicyPage },
  'about-us': { guards: OPEN, page: contentPage('about-us') },
  'delivery-information': { guards: OPEN, page: contentPage('delivery-information') },
  'grocery-delivery-place': { guards: OPEN, page: groceryDeliveryPage },
}

/** The route table, in the order routes are registered (static paths before parameters). */
export const PAGE_ROUTES: ReadonlyArray<PageRoute> = (
  Object.keys(ROUTE_CONFIG) as Array<RouteName>
).map((name) => ({ name, path: ROUTE_PATHS[name], ...ROUTE_CONFIG[name] }))

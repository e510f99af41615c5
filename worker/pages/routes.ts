import { ROUTE_PATHS, type RouteName } from '../../client/lib/routes.ts'
import type { PageCachePolicy } from '../lib/page-cacheability.ts'
import { bannerRedirect } from './catalogue/banner.ts'
import { basketPage } from './basket/basket.tsx'
import { categoryPage } from './catalogue/category.tsx'
import { changePasswordPage } from './account/change-password.tsx'
import { checkoutCardFormPage, checkoutBillingPage } from './checkout/card-form.tsx'
import { CHECKOUT_GUARDS } from './checkout/checkout-guards.ts'
import { checkoutDetailsPage } from './checkout/details.tsx'
import { checkoutEntry } from './checkout/entry.ts'
import { checkoutCreatePage, checkoutLoginPage, checkoutOptionsPage } from './checkout/options.tsx'
import { checkoutPaymentPage } from './checkout/payment.tsx'
import { checkoutSuccessPage } from './checkout/success.tsx'
import { contentPage, cookiePolicyPage } from './content/content-page.tsx'
import { dealPage } from './catalogue/deal.tsx'
import { storeDealsPage } from './catalogue/store-deals.tsx'
import { contactPage } from './content/contact.tsx'
import { groceryDeliveryPage } from './content/grocery-delivery.tsx'
import { faqPage } from './content/faq.tsx'
import { forgottenPasswordPage, forgottenPasswordSentPage } from './account/forgotten-password.tsx'
import { buyItAgainPage } from './catalogue/buy-it-again.tsx'
import { favouritesPage } from './catalogue/favourites.tsx'
import { forgottenPage } from './basket/forgotten.tsx'
import {
  guestOnly,
  memberOnly,
  restoreLastOrderedStore,
  type Guard,
  type PageHandler,
} from './shared/guards.ts'
import { homePage } from './catalogue/home.tsx'
import { memberAddressesPage } from './member/addresses.tsx'
import { memberCardsPage } from './member/cards.tsx'
import { loginPage } from './account/login.tsx'
import { menuItemPage } from './catalogue/menu-item.tsx'
import { memberDashboardPage } from './member/dashboard.tsx'
import { memberLoyaltyPage } from './member/loyalty.tsx'
import { memberOrderPage } from './orders/member-order.tsx'
import { memberOrdersPage } from './orders/member-orders.tsx'
import { myDetailsPage } from './member/details.tsx'
import { profilePage } from './member/profile.tsx'
import { referrerPage } from './account/referrer.tsx'
import { registerPage } from './account/register.tsx'
import { resetPasswordPage } from './account/reset-password.tsx'
import { searchPage } from './catalogue/search.tsx'
import { storeAllPage } from './catalogue/store-all.tsx'
import { storePage } from './catalogue/store-home.tsx'
import { storesNearBy } from './catalogue/stores-near-by.tsx'
import { timeSlotCalendarPage, timeSlotsPage } from './catalogue/time-slots.tsx'
import { tvPage } from './catalogue/tv.tsx'

/**
 * One page route: its path, the guards that run first, its edge cache policy and its page. The
 * edge page cache (ADR 042) reads `cache` from here, the one place a route is declared; the page
 * still names its answer's Cache-Control when it renders (renderPage's `cache`).
 */
export interface PageRoute {
  name: RouteName
  path: string
  guards: ReadonlyArray<Guard>
  /** The public kind the edge page cache serves the route as, or `private`: never kept. */
  cache: PageCachePolicy
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
  index: { guards: [restoreLastOrderedStore], cache: 'home', page: homePage },
  faq: { guards: OPEN, cache: 'faqs', page: faqPage },
  contact: { guards: OPEN, cache: 'private', page: contactPage },
  login: { guards: GUEST, cache: 'private', page: loginPage },
  register: { guards: GUEST, cache: 'private', page: registerPage },
  'forgotten-password': { guards: GUEST, cache: 'private', page: forgottenPasswordPage },
  // The confirmation after asking for a reset link.
  'forgotten-password-set': { guards: GUEST, cache: 'private', page: forgottenPasswordSentPage },
  referrer: { guards: OPEN, cache: 'private', page: referrerPage },
  tv: { guards: OPEN, cache: 'private', page: tvPage },
  'store-all': { guards: OPEN, cache: 'results', page: storeAllPage },
  'stores-near-by': { guards: OPEN, cache: 'results', page: storesNearBy },
  member: { guards: MEMBER, cache: 'private', page: memberDashboardPage },
  'member-orders': { guards: MEMBER, cache: 'private', page: memberOrdersPage },
  'member-orders-orderId': { guards: MEMBER, cache: 'private', page: memberOrderPage },
  'member-addresses': { guards: MEMBER, cache: 'private', page: memberAddressesPage },
  'member-my-details': { guards: MEMBER, cache: 'private', page: myDetailsPage },
  'member-profile': { guards: MEMBER, cache: 'private', page: profilePage },
  'member-cards': { guards: MEMBER, cache: 'private', page: memberCardsPage },
  'member-loyalty': { guards: MEMBER, cache: 'private', page: memberLoyaltyPage },
  'member-change-password': { guards: MEMBER, cache: 'private', page: changePasswordPage },
  // Reached from the reset email, signed out: only the token identifies the member.
  'member-reset-token-token': { guards: OPEN, cache: 'private', page: resetPasswordPage },
  'stores-storeSlug': { guards: OPEN, cache: 'store', page: storePage },
  // Spec §2 has these pages redirect without a location; here they ask for one instead (a
  // delivery needs it, a collection does not), so a shopper from /stores can carry on.
  'stores-storeSlug-time-slots': { guards: OPEN, cache: 'private', page: timeSlotsPage },
  'stores-storeSlug-time-slots-calendar': {
    guards: OPEN,
    cache: 'private',
    page: timeSlotCalendarPage,
  },
  'stores-storeSlug-search-searchTerm': { guards: OPEN, cache: 'search', page: searchPage('all') },
  'stores-storeSlug-search-searchTerm-deals': {
    guards: OPEN,
    cache: 'search',
    page: searchPage('deals'),
  },
  'stores-storeSlug-search-searchTerm-categories': {
    guards: OPEN,
    cache: 'search',
    page: searchPage('categories'),
  },
  'stores-storeSlug-search-searchTerm-menu-items': {
    guards: OPEN,
    cache: 'search',
    page: searchPage('menu-items'),
  },
  'stores-storeSlug-category-categorySlug': { guards: OPEN, cache: 'category', page: categoryPage },
  'stores-storeSlug-category-categorySlug-menuItem-menuItemSlug': {
    guards: OPEN,
    cache: 'item',
    page: menuItemPage,
  },
  'stores-storeSlug-deals': { guards: OPEN, cache: 'deal', page: storeDealsPage },
  'stores-storeSlug-deal-dealSlug': { guards: OPEN, cache: 'deal', page: dealPage },
  'stores-storeSlug-banner-bannerSlug': { guards: OPEN, cache: 'private', page: bannerRedirect },
  'stores-storeSlug-buy-it-again': { guards: MEMBER, cache: 'private', page: buyItAgainPage },
  'stores-storeSlug-favourites': { guards: MEMBER, cache: 'private', page: favouritesPage },
  'basket-forgotten': { guards: OPEN, cache: 'private', page: forgottenPage },
  basket: { guards: OPEN, cache: 'private', page: basketPage },
  checkout: { guards: CHECKOUT, cache: 'private', page: checkoutEntry },
  'checkout-options': { guards: CHECKOUT, cache: 'private', page: checkoutOptionsPage },
  'checkout-details': { guards: CHECKOUT, cache: 'private', page: checkoutDetailsPage },
  'checkout-create': { guards: CHECKOUT, cache: 'private', page: checkoutCreatePage },
  'checkout-login': { guards: CHECKOUT, cache: 'private', page: checkoutLoginPage },
  'checkout-payment': { guards: CHECKOUT, cache: 'private', page: checkoutPaymentPage },
  'checkout-payment-card-form': { guards: CHECKOUT, cache: 'private', page: checkoutCardFormPage },
  'checkout-payment-billing-address': {
    guards: CHECKOUT,
    cache: 'private',
    page: checkoutBillingPage,
  },
  // Exempt from the checkout guards (spec §2 "two paths are exempt"; the other is the hosted card
  // page's answer, worker/pages/index.tsx): the order is placed, its basket closed.
  'checkout-success': { guards: OPEN, cache: 'private', page: checkoutSuccessPage },
  terms: { guards: OPEN, cache: 'content', page: contentPage('terms') },
  'privacy-policy': { guards: OPEN, cache: 'content', page: contentPage('privacy-policy') },
  'cookie-policy': { guards: OPEN, cache: 'content', page: cookiePolicyPage },
  'about-us': { guards: OPEN, cache: 'content', page: contentPage('about-us') },
  'delivery-information': {
    guards: OPEN,
    cache: 'content',
    page: contentPage('delivery-information'),
  },
  'grocery-delivery-place': { guards: OPEN, cache: 'landing', page: groceryDeliveryPage },
}

/** The route table, in the order routes are registered (static paths before parameters). */
export const PAGE_ROUTES: ReadonlyArray<PageRoute> = (
  Object.keys(ROUTE_CONFIG) as Array<RouteName>
).map((name) => ({ name, path: ROUTE_PATHS[name], ...ROUTE_CONFIG[name] }))

import { Hono } from 'hono'
import { csrf } from 'hono/csrf'
import { SOCIAL_SIGN_IN_PATH } from '../../schemas/constants.ts'
import {
  socialCallbackForm,
  socialCodeCallback,
  socialStartForm,
} from './account/social-sign-in.ts'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env.ts'
import { basketForm } from './basket/basket-forms.ts'
import { addItemForm, addMealDealForm } from './basket/basket-add-forms.ts'
import { ADD_ITEM_FORM_PATH, ADD_MEAL_DEAL_FORM_PATH } from '../../client/lib/basket-add-form.ts'
import { changePasswordForm } from './account/change-password.tsx'
import { favouriteForm } from './catalogue/favourite-form.ts'
import { FAVOURITE_FORM_PATH } from '../../client/lib/favourite-form.ts'
import {
  memberArchivedReceiptPage,
  memberReceiptPage,
  reorderForm,
  reviewForm,
} from './orders/member-order.tsx'
import { memberAmendForm, memberAmendPage } from './orders/member-amend.tsx'
import {
  RECEIPT_PATH,
  ARCHIVED_RECEIPT_PATH,
  AMEND_PATH,
  REORDER_FORM_PATH,
  REVIEW_FORM_PATH,
} from '../../client/lib/member-order-paths.ts'
import { myDetailsForm } from './member/details-forms.tsx'
import { profileForm } from './member/profile.tsx'
import { checkoutBillingForm } from './checkout/card-form.tsx'
import { CHECKOUT_GUARDS } from './checkout/checkout-guards.ts'
import { checkoutDetailsForm } from './checkout/details.tsx'
import { hppResponseForm } from './checkout/hpp-response.tsx'
import { amendHppResponseForm } from './orders/amend-hpp-response.tsx'
import { checkoutPaymentForm } from './checkout/payment.tsx'
import { checkoutCreditForm } from './checkout/credit-form.ts'
import { STORE_CREDIT_FORM_PATH } from '../../client/lib/payment-step.ts'
import { captureDeepLink } from './catalogue/deep-link.ts'
import { DEV_CONTACT_PATH, devContactPage } from './dev/contact.tsx'
import { DEV_MAILBOX_PATH, devMailboxPage } from './dev/mailbox.tsx'
import { DEV_MARKETING_PATH, devMarketingPage } from './dev/marketing.tsx'
import { DEEP_LINK_CONFIRM_PATH } from './catalogue/deep-link-action.ts'
import { deepLinkConfirmForm, deepLinkConfirmPage } from './catalogue/deep-link-confirm.tsx'
import { DEV_PAYMENTS_PATH, devPaymentsPage } from './dev/payments.tsx'
import {
  DEV_PAGE_CACHE_PURGE_PATH,
  DEV_ROUND_TRIPS_PATH,
  devPageCachePurge,
  devRoundTrips,
} from './dev/latency.ts'
import { localMetricTotals } from '../lib/metrics.ts'
import { contactForm } from './content/contact.tsx'
import { forgottenPasswordForm } from './account/forgotten-password.tsx'
import { guestOnly, memberOnly, runGuards, type Guard, type PageHandler } from './shared/guards.ts'
import { INTEREST_FORM_PATH, interestForm } from './catalogue/interest.ts'
import { loginForm } from './account/login.tsx'
import { memberAddressesForm } from './member/addresses.tsx'
import { memberCardsForm } from './member/cards.tsx'
import { logoutForm } from './account/logout.tsx'
import { registerForm } from './account/register.tsx'
import { resetPasswordForm } from './account/reset-password.tsx'
import { robotsTxt } from './content/robots.ts'
import { PAGE_ROUTES } from './routes.ts'
import { searchForm } from './catalogue/search.tsx'
import { sitemapPage, storeSitemapPage } from './content/sitemaps.ts'
import { stayInTouchForm } from './content/stay-in-touch.ts'
import { trackingLive } from './orders/tracking-live.ts'
import { baseMap } from './tiles/base-map.ts'
import { trackingPage, trackingReceiptPage } from './orders/tracking.tsx'
import { trackingAmendForm, trackingAmendPage } from './orders/tracking-amend.tsx'
import {
  memberRejectSubstituteForm,
  trackingRejectSubstituteForm,
} from './orders/order-changes-forms.ts'
import {
  MEMBER_REJECT_SUBSTITUTE_PATH,
  TRACKING_REJECT_SUBSTITUTE_PATH,
} from '../../client/lib/order-changes-paths.ts'
import { TRACKING_BASE_MAP_PATH } from '../../client/lib/tracking-map.ts'
import {
  TRACKING_LIVE_PATH,
  TRACKING_PAGE_PATH,
  TRACKING_RECEIPT_PATH,
  TRACKING_AMEND_PATH,
} from '../../schemas/tracking.ts'
import {
  LOGOUT_PATH,
  routePath,
  ROUTE_PATHS,
  STAY_IN_TOUCH_FORM_ACTION,
} from '../../client/lib/routes.ts'
import { HPP_RESPONSE_PATH } from '../../schemas/payments.ts'
import { AMEND_HPP_RESPONSE_PATH } from '../../schemas/order-amend.ts'
import { redirectTo } from '../lib/redirect.ts'
import { pageCache } from '../lib/page-cache.ts'
import type { PublicPageKind } from '../lib/page-cacheability.ts'

/**
 * Spec §2: a path with a trailing slash redirects to the path without it, query kept. 301 for
 * GET/HEAD; 308 otherwise so a form's method and body survive.
 */
export const trailingSlashRedirect = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url)
    const path = url.pathname
    if (path.length > 1 && path.endsWith('/') && !path.startsWith('/api/')) {
      // Collapse leading slashes too: '//evil.example/' must not become a protocol-relative URL.
      const target = `/${path.replace(/^\/+|\/+$/g, '')}${url.search}`
      const read = c.req.method === 'GET' || c.req.method === 'HEAD'
      // Depends on the URL alone: browsers and the edge may keep a GET's.
      return redirectTo(c, target, read ? 301 : 308, { cache: read ? 'public' : 'private' })
    }
    await next()
  })

/** The storefront's pages: every route of the route table, its guards first, then its page. */
export const pages = new Hono<AppEnv>()

pages.use(trailingSlashRedirect())
// A marketing link's dl_* parameters become a pending action (spec §4 Deep link).
pages.use(captureDeepLink())

// Crawler files (spec §2): sitemaps only on the listed host environments.
const SITEMAPS: ReadonlyArray<{ path: string; page: PageHandler }> = [
  { path: '/sitemap.xml', page: sitemapPage('sitemap.xml') },
  { path: '/sitemap-stores.xml', page: sitemapPage('sitemap-stores.xml') },
  { path: '/sitemap-pages.xml', page: sitemapPage('sitemap-pages.xml') },
  { path: '/:file{sitemap-store-[a-z0-9-]+\\.xml}', page: storeSitemapPage },
]

/**
 * Every path the page cache serves and its public kind: the sitemaps and each route of the route
 * table that is not `private`. The app answers a fresh hit of these before its later middleware
 * (pageCacheFastHit, ADR 064).
 */
export const PUBLIC_PAGE_PATHS: ReadonlyArray<{ path: string; kind: PublicPageKind }> = [
  ...SITEMAPS.map(({ path }) => ({ path, kind: 'sitemap' as const })),
  ...PAGE_ROUTES.flatMap((route) =>
    route.cache === 'private' ? [] : [{ path: route.path, kind: route.cache }]
  ),
]

pages.get('/robots.txt', robotsTxt)
for (const { path, page } of SITEMAPS) pages.get(path, pageCache('sitemap'), page)
// The store search box's plain GET form (`?q=`), before the route table's `:searchTerm` routes.
pages.get('/stores/:storeSlug/search', searchForm)
// Order tracking (spec §4): the page, and its map's local base map when no tile provider is set.
pages.get(TRACKING_PAGE_PATH, trackingPage)
// A guest's printable receipt by the same signed link (issue 41).
pages.get(TRACKING_RECEIPT_PATH, trackingReceiptPage)
// A guest changes the order by the same link until its cut-off (issue 42, ADR 048).
pages.get(TRACKING_AMEND_PATH, trackingAmendPage)
pages.post(TRACKING_AMEND_PATH, csrf(), trackingAmendForm)
// The member's printable receipt of their own order (issue 41).
pages.get(RECEIPT_PATH, async (c) => (await runGuards(c, [memberOnly])) ?? memberReceiptPage(c))
// An archived order's receipt, from its archive file (ADR 050).
pages.get(
  ARCHIVED_RECEIPT_PATH,
  async (c) => (await runGuards(c, [memberOnly])) ?? memberArchivedReceiptPage(c)
)
// The member's order in amend mode until its cut-off (issue 42, ADR 048).
pages.get(AMEND_PATH, async (c) => (await runGuards(c, [memberOnly])) ?? memberAmendPage(c))
pages.get(TRACKING_BASE_MAP_PATH, baseMap)
// Development tools: not found outside development environments.
pages.get(DEV_MAILBOX_PATH, devMailboxPage)
pages.get(DEV_MARKETING_PATH, devMarketingPage)
// A marketing link to another store than the basket's asks first (ADR 025).
pages.get(DEEP_LINK_CONFIRM_PATH, deepLinkConfirmPage)
pages.post(DEEP_LINK_CONFIRM_PATH, csrf(), deepLinkConfirmForm)
pages.get(DEV_PAYMENTS_PATH, devPaymentsPage)
// The local metrics sink (ADR 041), development only (/dev/*): what production sends to Analytics Engine.
pages.get('/dev/metrics', (c) => c.json({ metrics: localMetricTotals() }))
pages.get(DEV_CONTACT_PATH, devContactPage)
// The latency bench's purge before a real miss, and its count of round trips (ADR 062).
pages.post(DEV_PAGE_CACHE_PURGE_PATH, devPageCachePurge)
pages.post(DEV_ROUND_TRIPS_PATH, devRoundTrips)
// The tracking page's WebSocket (ADR 019); the page itself is in the route table.
pages.get(TRACKING_LIVE_PATH, trackingLive)

for (const route of PAGE_ROUTES) {
  const page: PageHandler = async (c) => (await runGuards(c, route.guards)) ?? route.page(c)
  // A public page kind is answered from the edge page cache when the shopper is anonymous (ADR 042).
  if (route.cache === 'private') pages.get(route.path, page)
  else pages.get(route.path, pageCache(route.cache), page)
}

// The footer's sign-up when the page shipped no script: a same-origin HTML form post.
pages.post(STAY_IN_TOUCH_FORM_ACTION, csrf(), stayInTouchForm)
// The results page's interest form without JavaScript, the same way.
pages.post(INTEREST_FORM_PATH, csrf(), interestForm)
// The tracking page's "Reject substitute" (a guest by the signed link, issue 42).
pages.post(TRACKING_REJECT_SUBSTITUTE_PATH, csrf(), trackingRejectSubstituteForm)

/** The no-JavaScript forms post to their own page; the page's guards run first (spec §2). */
const FORM_POSTS: ReadonlyArray<{ path: string; guards: Array<Guard>; form: PageHandler }> = [
  { path: routePath('login'), guards: [guestOnly], form: loginForm },
  { path: routePath('register'), guards: [guestOnly], form: registerForm },
  { path: routePath('forgotten-password'), guards: [guestOnly], form: forgottenPasswordForm },
  { path: routePath('contact'), guards: [], form: contactForm },
  { path: ROUTE_PATHS['member-reset-token-token'], guards: [], form: resetPasswordForm },
  { path: routePath('member-change-password'), guards: [memberOnly], form: changePasswordForm },
  { path: routePath('basket'), guards: [], form: basketForm },
  // The add-to-basket forms of the item page, the cards and the meal deal page.
  { path: ADD_ITEM_FORM_PATH, guards: [], form: addItemForm },
  { path: ADD_MEAL_DEAL_FORM_PATH, guards: [], form: addMealDealForm },
  { path: REORDER_FORM_PATH, guards: [memberOnly], form: reorderForm },
  // A heart: open to guests, who are sent to sign in with the reason.
  { path: FAVOURITE_FORM_PATH, guards: [], form: favouriteForm },
  { path: REVIEW_FORM_PATH, guards: [memberOnly], form: reviewForm },
  { path: AMEND_PATH, guards: [memberOnly], form: memberAmendForm },
  // Rejecting a substitute once the order is picked (issue 42).
  { path: MEMBER_REJECT_SUBSTITUTE_PATH, guards: [memberOnly], form: memberRejectSubstituteForm },
  { path: routePath('member-addresses'), guards: [memberOnly], form: memberAddressesForm },
  { path: routePath('member-cards'), guards: [memberOnly], form: memberCardsForm },
  { path: routePath('member-my-details'), guards: [memberOnly], form: myDetailsForm },
  { path: routePath('member-profile'), guards: [memberOnly], form: profileForm },
  // Checkout's no-JavaScript forms, behind the same guards as their pages.
  { path: routePath('checkout-details'), guards: [...CHECKOUT_GUARDS], form: checkoutDetailsForm },
  { path: routePath('checkout-payment'), guards: [...CHECKOUT_GUARDS], form: checkoutPaymentForm },
  { path: STORE_CREDIT_FORM_PATH, guards: [...CHECKOUT_GUARDS], form: checkoutCreditForm },
  {
    path: routePath('checkout-payment-billing-address'),
    guards: [...CHECKOUT_GUARDS],
    form: checkoutBillingForm,
  },
]
for (const { path, guards, form } of FORM_POSTS) {
  pages.post(path, csrf(), async (c) => (await runGuards(c, guards)) ?? form(c))
}
pages.post(LOGOUT_PATH, csrf(), logoutForm)
// Social sign-in (ADR 026): the buttons' same-origin start, guests only like the login form; the
// provider's answer is posted cross-site, so without csrf() (its state is the proof).
pages.post(
  `${SOCIAL_SIGN_IN_PATH}/:provider/start`,
  csrf(),
  async (c) => (await runGuards(c, [guestOnly])) ?? socialStartForm(c)
)
pages.post(`${SOCIAL_SIGN_IN_PATH}/:provider/callback`, socialCallbackForm)
// The code flow's answer (live Facebook): a top-level GET redirect, its state the proof.
pages.get(`${SOCIAL_SIGN_IN_PATH}/:provider/callback`, socialCodeCallback)
// The hosted card page's signed answer: posted cross-site by the gateway, so without cookies and
// without csrf() (its hash is the proof); exempt from the checkout guards (spec §2).
pages.post(HPP_RESPONSE_PATH, hppResponseForm)
// An amend's top-up answers at its own address, the same way (ADR 059).
pages.post(AMEND_HPP_RESPONSE_PATH, amendHppResponseForm)

/*
 * Every address an island calls, by the backend's route (spec §7): the proxy serves each backend
 * route under /api and adds businessId, the basket token and the bearer from their cookies.
 */

const API_PREFIX = '/api'

function api<Route extends string>(route: Route): `${typeof API_PREFIX}${Route}` {
  return `${API_PREFIX}${route}`
}

/** Spec §7 Basket. */
export const BASKET_API = {
  basket: api('/basket'),
  update: api('/basket/update'),
  addItem: api('/basket/items/add'),
  updateItem: api('/basket/items/update'),
  removeItem: api('/basket/items/remove'),
  addMealDeal: api('/basket/meal-deals/add'),
  removeMealDeal: api('/basket/meal-deals/remove'),
  applyCoupon: api('/basket/coupon/apply'),
  removeCoupon: api('/basket/coupon/remove'),
  tip: api('/basket/tip'),
  substitutes: api('/basket/substitutes'),
  /** Use the member's store credit on this basket, or keep it (ADR 020). */
  credit: api('/basket/credit'),
} as const

/**
 * Loyalty, store credit and referrals (ADR 020, ADR 021). Their pages render on the server; the
 * paths are listed so every backend call the shop makes has one name.
 */
export const REWARDS_API = {
  loyaltySummary: api('/member/loyalty/summary'),
  credit: api('/member/credit'),
  referralOffer: api('/referrals/offer'),
  verifyReferralCode: api('/member/referral-code/verify'),
  memberReferrals: api('/member/referrals'),
} as const

/** Spec §7 Location: the store search islands. */
export const LOCATION_API = {
  autocomplete: api('/location/autocomplete'),
  placeDetails: api('/location/place-details'),
  interest: api('/location/interest'),
} as const

/** Spec §7 Catalogue: the item islands and the search box's suggestions. */
export const CATALOGUE_API = {
  menuItem: api('/catalogue/menu-item'),
  search: api('/catalogue/search'),
} as const

/** Spec §7 Time slots. */
export const SLOT_API = {
  reserve: api('/time-slots/reserve'),
} as const

/** Spec §7 Content: the footer's sign-up. */
export const CONTENT_API = {
  stayInTouch: api('/content/stay-in-touch'),
} as const

/** Spec §7 Checkout and Payments: the payment and card steps. */
export const PAYMENT_API = {
  processOrder: api('/checkout/process-order'),
  makePayment: api('/payments/make'),
  /** Apple Pay merchant validation (the backend talks to Apple). */
  applePayValidation: api('/payments/apple-pay/validate-merchant'),
} as const

/** Spec §7 Checkout (tracking): the tracking page's snapshot, polled when its socket cannot open. */
export const TRACKING_API = {
  order: api('/tracking/order'),
} as const

/**
 * Where the sandbox wallet sheet gets its signed test token: the local payment sandbox
 * (worker/sandbox-gateway/wallets.ts), served beside /api rather than through the proxy.
 */
export const SANDBOX_WALLET_TOKEN_URL = '/sandbox-gateway/wallets/token'

/** The member's hearts on public pages, filled after load (ADR 042, ADR 044). */
export const FAVOURITES_API = {
  ids: api('/member/favourites/ids'),
} as const

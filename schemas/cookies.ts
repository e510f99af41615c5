/**
 * The one cookie browser code reads, named apart so the header basket's script (on every page,
 * under a byte budget) does not carry the whole table below.
 */
export const BASKET_SUMMARY_COOKIE = 'sf_basket_summary'

/**
 * The storefront's cookie names, the one list. Every cookie starts with `sf_` (the app session
 * version check tells ours from another site's by it). The worker's cookie module
 * (worker/lib/cookies/) owns each cookie's options, reader and writer; browser code reads only
 * the basket summary.
 */
export const COOKIE_NAMES = {
  /** The shopper's short-lived access token (JWT). */
  access: 'sf_access',
  /** The rotating refresh token. */
  refresh: 'sf_refresh',
  /** The session's kind, 'guest' or 'member' (httpOnly, no secret): pages tell members apart. */
  sessionKind: 'sf_session',
  /** The basket token of a guest or member basket. */
  basket: 'sf_basket',
  /**
   * A member's basket token put aside when their session ended (httpOnly): the basket answers to
   * that member only, so the guest who follows starts a new one, and signing in again finds it.
   */
  memberBasket: 'sf_member_basket',
  /** Readable by the header basket island: item count, total and store slug (no secret). */
  basketSummary: BASKET_SUMMARY_COOKIE,
  /**
   * A one-time-password sign-in waiting for its code (httpOnly, 10 minutes): the cookie form of
   * spec §7's client key `restorable.strategy.otp` (prefix 'restorable.strategy.' + strategy).
   */
  restorableStrategyOtp: 'sf_restorable_strategy_otp',
  /**
   * A social sign-in under way (httpOnly, 10 minutes; ADR 026): the provider, the state and nonce
   * the provider must give back, and where to return after signing in.
   */
  socialSignIn: 'sf_social_sign_in',
  /**
   * A social sign-in waiting for the shopper to sign in to the account with its email before it
   * is linked (httpOnly, 10 minutes; issue 36.1): the provider, the link token, the email.
   */
  socialLink: 'sf_social_link',
  /** The app session version the browser's stored state was written under (spec §4 Sessions). */
  appVersion: 'sf_app_version',
  /**
   * Set by the checkout's payment start while checkout needs the last-order record (spec §4
   * Sessions): an order id being checked out, and a 3-D Secure check in progress. Either keeps the
   * record when the app session version changes.
   */
  checkoutOrder: 'sf_checkout_order',
  threeDSecurePending: 'sf_3ds_pending',
  /** The shopper's saved location (spec §3 Geolocation state). */
  location: 'sf_location',
  /** A marketing link's pending action (spec §4 Deep link). */
  deepLink: 'sf_deeplink',
  /** The last-ordered-store record (spec §2 guard). */
  lastOrder: 'sf_last_order',
  /** Change mode of the slot pages (spec §4): the basket or checkout page to return to. */
  slotReferrer: 'sf_slot_referrer',
  /** A message for the next page a redirect leads to (one of a fixed list of keys). */
  flash: 'sf_flash',
  /**
   * This browser's random device id (httpOnly, a year; ADR 021): sent as messagingDeviceId when
   * registering and ordering, so a friend registering on their referrer's browser is seen.
   */
  device: 'sf_device',
  /**
   * The D1 bookmark of the shopper's last write (httpOnly, an hour; ADR 046): sent to the backend
   * so their next reads, from a replica, include it. Names no one; public pages ignore it.
   */
  d1Bookmark: 'sf_d1_bookmark',
  /*
   * The store console's staff session (ADR 018): their own names, Path=/store, SameSite=Strict, so
   * a shopper's cookies never authorise /store and a staff token never reaches the shop's pages.
   */
  /** The staff access token (audience 'storefront-staff'). */
  staffAccess: 'sf_staff_access',
  /** The staff session's rotating refresh token. */
  staffRefresh: 'sf_staff_refresh',
  /** A staff sign-in waiting for its emailed code: the challenge, where it went, when it ends. */
  staffChallenge: 'sf_staff_challenge',
} as const

export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES]

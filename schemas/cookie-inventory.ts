import { COOKIE_NAMES, type CookieName } from './cookies.ts'

/**
 * Every cookie the storefront sets, what it is for and how long it lasts: the facts behind the
 * cookie policy page and ADR 023 (PECR regulation 6). Each is strictly necessary for something the
 * shopper asked for, so the site asks no consent and shows no banner; a cookie that is not must
 * not be added without a consent notice that blocks it until the shopper agrees.
 */

export const COOKIE_CATEGORIES = ['strictly-necessary'] as const
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number]

export interface CookieInventoryEntry {
  name: CookieName
  purpose: string
  /** How long the browser keeps it, as the policy says it. */
  duration: string
  category: CookieCategory
  /** Who sets it: always the storefront itself (first party). */
  party: 'first'
}

type Facts = Omit<CookieInventoryEntry, 'name' | 'party' | 'category'>

/*
 * Keyed by name so the compiler refuses a cookie of schemas/cookies.ts without its entry (a unit
 * test checks it too). Durations follow worker/lib/cookies/cookies.ts and the token lifetimes.
 */
const FACTS: Record<CookieName, Facts> = {
  [COOKIE_NAMES.access]: {
    purpose: 'Keeps you signed in to your account between pages.',
    duration: '15 minutes',
  },
  [COOKIE_NAMES.refresh]: {
    purpose: 'Renews your sign-in so you are not signed out while shopping.',
    duration: 'Up to 30 days',
  },
  [COOKIE_NAMES.sessionKind]: {
    purpose: 'Tells whether you are shopping as a guest or signed in.',
    duration: 'Up to 30 days',
  },
  [COOKIE_NAMES.basket]: { purpose: 'Remembers your basket.', duration: '30 days' },
  [COOKIE_NAMES.memberBasket]: {
    purpose: 'Keeps your basket for you when you sign out, so it is there when you sign back in.',
    duration: '30 days',
  },
  [COOKIE_NAMES.basketSummary]: {
    purpose: 'Shows the number of items and the total of your basket in the header.',
    duration: '30 days',
  },
  [COOKIE_NAMES.restorableStrategyOtp]: {
    purpose: 'Holds a sign-in by one-time code while you enter the code we sent.',
    duration: '10 minutes',
  },
  [COOKIE_NAMES.socialSignIn]: {
    purpose:
      'Holds a sign-in with Google, Apple or Facebook while you are on their page, so only the answer to your own request signs you in.',
    duration: '10 minutes',
  },
  [COOKIE_NAMES.socialLink]: {
    purpose:
      'Remembers a sign-in with Google, Apple or Facebook that will be linked to your account once you sign in to it.',
    duration: '10 minutes',
  },
  [COOKIE_NAMES.appVersion]: {
    purpose: 'Clears out saved shopping state after we release a change that makes it invalid.',
    duration: '1 year',
  },
  [COOKIE_NAMES.checkoutOrder]: {
    purpose: 'Links your payment to the order you are checking out.',
    duration: '1 hour',
  },
  [COOKIE_NAMES.threeDSecurePending]: {
    purpose: 'Marks a card security check (3-D Secure) in progress during payment.',
    duration: '1 hour',
  },
  [COOKIE_NAMES.location]: {
    purpose: 'Remembers the postcode or address you searched, to show the stores that serve it.',
    duration: '30 days',
  },
  [COOKIE_NAMES.deepLink]: {
    purpose: 'Opens the store or department a link you followed once you have found your store.',
    duration: '1 hour',
  },
  [COOKIE_NAMES.lastOrder]: {
    purpose: 'Takes you back to the store you last ordered from.',
    duration: '90 days',
  },
  [COOKIE_NAMES.slotReferrer]: {
    purpose: 'Returns you to your basket or checkout after you change your time slot.',
    duration: '30 minutes',
  },
  [COOKIE_NAMES.flash]: {
    purpose: 'Shows a message (such as "Signed out") on the page you are sent to next.',
    duration: '1 minute',
  },
  [COOKIE_NAMES.device]: {
    purpose:
      'A random number for this browser, sent when you register or order, to stop refer-a-friend rewards being claimed on the referrer’s own browser.',
    duration: '1 year',
  },
  [COOKIE_NAMES.d1Bookmark]: {
    purpose:
      'Remembers where your last change (such as adding to your basket) was saved, so the next page shows it.',
    duration: '1 hour',
  },
  [COOKIE_NAMES.staffAccess]: {
    purpose: 'Store staff only: keeps staff signed in to the store console.',
    duration: '15 minutes',
  },
  [COOKIE_NAMES.staffRefresh]: {
    purpose: 'Store staff only: renews a staff sign-in.',
    duration: 'Up to 30 days',
  },
  [COOKIE_NAMES.staffChallenge]: {
    purpose: 'Store staff only: holds a staff sign-in while the emailed code is entered.',
    duration: '10 minutes',
  },
}

/** The inventory, in the order of schemas/cookies.ts. */
export const COOKIE_INVENTORY: ReadonlyArray<CookieInventoryEntry> = (
  Object.values(COOKIE_NAMES) as Array<CookieName>
).map((name) => ({ name, ...FACTS[name], category: 'strictly-necessary', party: 'first' }))

/**
 * What else a page may load from another site, and why it needs no consent either: none of them
 * stores anything in the shopper's browser for the storefront.
 */
export const THIRD_PARTY_SERVICES: ReadonlyArray<{ name: string; where: string; note: string }> = [
  {
    name: 'Cloudflare Turnstile',
    where: 'Applying a coupon or sending the contact form, when switched on',
    note: 'Checks that a person, not a robot, is applying a coupon or writing to us. It sets no cookies.',
  },
  {
    name: 'Card payment provider',
    where: 'The card payment step only',
    note: 'Takes your card details in its own secure frame or page so we never see them; it may use its own cookies there to prevent fraud.',
  },
  {
    name: 'Google, Apple or Facebook sign-in',
    where: 'Only when you choose "Continue with" one of them',
    note: 'You sign in on their own site, under their own cookie policy; they send us only your name, email and an id for your account there.',
  },
  {
    name: 'Map tiles',
    where: 'Order tracking only, when a map provider is configured',
    note: 'Map images of the area around your delivery; the images set no cookies.',
  },
]

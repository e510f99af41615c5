import { COOKIE_NAMES, type CookieName } from './cookies.ts'
import { formatDuration, GB_LOCALE, type ShopLocale } from './locale.ts'
import { fillMessage } from './message-format.ts'
import { MESSAGES } from './messages.ts'

/**
 * Every cookie the storefront sets, what it is for and how long it lasts: the facts behind the
 * cookie policy page and ADR 023 (PECR regulation 6). Each is strictly necessary for something the
 * shopper asked for, so the site asks no consent and shows no banner; a cookie that is not must
 * not be added without a consent notice that blocks it until the shopper agrees.
 */

export const COOKIE_CATEGORIES = ['strictly-necessary'] as const
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number]

/** How long the browser keeps a cookie: '15 minutes', 'Up to 30 days' (a sign-in renewed). */
export interface CookieDuration {
  amount: number
  unit: 'minute' | 'hour' | 'day' | 'year'
  /** The longest it may last (a sign-in kept only while it is renewed). */
  upTo?: true
}

export interface CookieInventoryEntry {
  name: CookieName
  /** What it is for: a catalogue message's English, said in the brand's language by the page. */
  purpose: string
  duration: CookieDuration
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
    purpose: MESSAGES.pageCookieAccess,
    duration: { amount: 15, unit: 'minute' },
  },
  [COOKIE_NAMES.refresh]: {
    purpose: MESSAGES.pageCookieRefresh,
    duration: { amount: 30, unit: 'day', upTo: true },
  },
  [COOKIE_NAMES.sessionKind]: {
    purpose: MESSAGES.pageCookieSessionKind,
    duration: { amount: 30, unit: 'day', upTo: true },
  },
  [COOKIE_NAMES.basket]: {
    purpose: MESSAGES.pageCookieBasket,
    duration: { amount: 30, unit: 'day' },
  },
  [COOKIE_NAMES.memberBasket]: {
    purpose: MESSAGES.pageCookieMemberBasket,
    duration: { amount: 30, unit: 'day' },
  },
  [COOKIE_NAMES.basketSummary]: {
    purpose: MESSAGES.pageCookieBasketSummary,
    duration: { amount: 30, unit: 'day' },
  },
  [COOKIE_NAMES.restorableStrategyOtp]: {
    purpose: MESSAGES.pageCookieOtp,
    duration: { amount: 10, unit: 'minute' },
  },
  [COOKIE_NAMES.socialSignIn]: {
    purpose: MESSAGES.pageCookieSocialSignIn,
    duration: { amount: 10, unit: 'minute' },
  },
  [COOKIE_NAMES.socialLink]: {
    purpose: MESSAGES.pageCookieSocialLink,
    duration: { amount: 10, unit: 'minute' },
  },
  [COOKIE_NAMES.appVersion]: {
    purpose: MESSAGES.pageCookieAppVersion,
    duration: { amount: 1, unit: 'year' },
  },
  [COOKIE_NAMES.checkoutOrder]: {
    purpose: MESSAGES.pageCookieCheckoutOrder,
    duration: { amount: 1, unit: 'hour' },
  },
  [COOKIE_NAMES.threeDSecurePending]: {
    purpose: MESSAGES.pageCookieThreeDSecure,
    duration: { amount: 1, unit: 'hour' },
  },
  [COOKIE_NAMES.location]: {
    purpose: MESSAGES.pageCookieLocation,
    duration: { amount: 30, unit: 'day' },
  },
  [COOKIE_NAMES.deepLink]: {
    purpose: MESSAGES.pageCookieDeepLink,
    duration: { amount: 1, unit: 'hour' },
  },
  [COOKIE_NAMES.lastOrder]: {
    purpose: MESSAGES.pageCookieLastOrder,
    duration: { amount: 90, unit: 'day' },
  },
  [COOKIE_NAMES.slotReferrer]: {
    purpose: MESSAGES.pageCookieSlotReferrer,
    duration: { amount: 30, unit: 'minute' },
  },
  [COOKIE_NAMES.flash]: {
    purpose: MESSAGES.pageCookieFlash,
    duration: { amount: 1, unit: 'minute' },
  },
  [COOKIE_NAMES.device]: {
    purpose: MESSAGES.pageCookieDevice,
    duration: { amount: 1, unit: 'year' },
  },
  [COOKIE_NAMES.d1Bookmark]: {
    purpose: MESSAGES.pageCookieD1Bookmark,
    duration: { amount: 1, unit: 'hour' },
  },
  [COOKIE_NAMES.staffAccess]: {
    purpose: MESSAGES.pageCookieStaffAccess,
    duration: { amount: 15, unit: 'minute' },
  },
  [COOKIE_NAMES.staffRefresh]: {
    purpose: MESSAGES.pageCookieStaffRefresh,
    duration: { amount: 30, unit: 'day', upTo: true },
  },
  [COOKIE_NAMES.staffChallenge]: {
    purpose: MESSAGES.pageCookieStaffChallenge,
    duration: { amount: 10, unit: 'minute' },
  },
}

/** The inventory, in the order of schemas/cookies.ts. */
export const COOKIE_INVENTORY: ReadonlyArray<CookieInventoryEntry> = (
  Object.values(COOKIE_NAMES) as Array<CookieName>
).map((name) => ({ name, ...FACTS[name], category: 'strictly-necessary', party: 'first' }))

/**
 * How long a cookie lasts in the shop's language: the number and unit by Intl ('30 days',
 * '30 dagen'), 'Up to' from the catalogue (the page's `say`).
 */
export function cookieDurationLabel(
  duration: CookieDuration,
  shop: ShopLocale = GB_LOCALE,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): string {
  const length = formatDuration(duration.amount, duration.unit, shop)
  return duration.upTo ? say(MESSAGES.pageCookieUpTo, length) : length
}

/**
 * What else a page may load from another site, and why it needs no consent either: none of them
 * stores anything in the shopper's browser for the storefront. Each field is a catalogue
 * message's English, said in the brand's language by the page.
 */
export const THIRD_PARTY_SERVICES: ReadonlyArray<{ name: string; where: string; note: string }> = [
  {
    name: MESSAGES.pageServiceTurnstile,
    where: MESSAGES.pageServiceTurnstileWhere,
    note: MESSAGES.pageServiceTurnstileNote,
  },
  {
    name: MESSAGES.pageServiceCards,
    where: MESSAGES.pageServiceCardsWhere,
    note: MESSAGES.pageServiceCardsNote,
  },
  {
    name: MESSAGES.pageServiceSocial,
    where: MESSAGES.pageServiceSocialWhere,
    note: MESSAGES.pageServiceSocialNote,
  },
  {
    name: MESSAGES.pageServiceMaps,
    where: MESSAGES.pageServiceMapsWhere,
    note: MESSAGES.pageServiceMapsNote,
  },
]

import type { Context } from 'hono'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'
import type { FlashTone } from '../../../schemas/flash.ts'

/** The messages a redirect may carry to the next page (only these: the cookie holds a key). */
export const FLASH_MESSAGES = {
  loginRequired: MESSAGES.loginRequired,
  favouritesSignIn: MESSAGES.favouritesSignIn,
  favouriteAdded: MESSAGES.favouriteAdded,
  favouriteRemoved: MESSAGES.favouriteRemoved,
  sessionExpired: MESSAGES.sessionExpired,
  stayInTouchSuccess: MESSAGES.stayInTouchSuccess,
  emailInvalid: MESSAGES.emailInvalid,
  systemError: MESSAGES.systemError,
  deviceLocationNoMatch: MESSAGES.deviceLocationNoMatch,
  storeClosedCheckout: MESSAGES.storeClosedCheckout,
  minimumSpendCheckout: MESSAGES.minimumSpendCheckout,
  signedIn: MESSAGES.signedIn,
  // Signed in to the account a social sign-in waited for, which is now linked (issue 36.1).
  socialLinkedGoogle: formatMessage('socialLinked', 'Google'),
  socialLinkedApple: formatMessage('socialLinked', 'Apple'),
  socialLinkedFacebook: formatMessage('socialLinked', 'Facebook'),
  registered: MESSAGES.registered,
  registeredReferralRefused: MESSAGES.registeredReferralRefused,
  signedOut: MESSAGES.signedOut,
  slotRequiredDelivery: formatMessage('slotRequiredShown', 'delivery'),
  slotRequiredCollection: formatMessage('slotRequiredShown', 'collection'),
  slotExpired: MESSAGES.slotExpired,
  checkoutBasketEmpty: MESSAGES.checkoutBasketEmpty,
  checkoutItemsUnavailable: MESSAGES.checkoutItemsUnavailable,
  checkoutDetailsFirst: MESSAGES.checkoutDetailsFirst,
  checkoutBillingFirst: MESSAGES.checkoutBillingFirst,
  alreadySignedIn: MESSAGES.alreadySignedIn,
  lastStoreRestored: MESSAGES.lastStoreRestored,
  // The basket page's substitutes form without JavaScript.
  substitutesSaved: MESSAGES.substitutesSaved,
  substitutesUpdateFailed: MESSAGES.substitutesUpdateFailed,
  // The basket page's − / + and Remove without JavaScript (a malformed form).
  updateQuantityFailed: MESSAGES.updateQuantityFailed,
  removeItemFailed: MESSAGES.removeItemFailed,
  accountForgotten: MESSAGES.accountForgotten,
  // The store console's redirects (ADR 018).
  staffInvitationAccepted: MESSAGES.staffInvitationAccepted,
  storeOrderUpdated: MESSAGES.storeOrderUpdated,
  storePaused: MESSAGES.storePaused,
  storeResumed: MESSAGES.storeResumed,
  staffNotAllowed: MESSAGES.staffNotAllowed,
  // The payment step's store credit switch without JavaScript (ADR 020).
  storeCreditUsed: MESSAGES.storeCreditUsed,
  storeCreditKept: MESSAGES.storeCreditKept,
  storeCreditUpdateFailed: MESSAGES.storeCreditUpdateFailed,
  // Marketing links (ADR 025).
  deepLinkFailed: MESSAGES.deepLinkFailed,
  deepLinkBasketKept: MESSAGES.deepLinkBasketKept,
  // The operator console (ADR 027).
  operatorChangesSaved: MESSAGES.operatorChangesSaved,
  archivedOrderRestored: MESSAGES.archivedOrderRestored,
  storeCreated: MESSAGES.storeCreated,
  catalogueImportApplied: MESSAGES.catalogueImportApplied,
  catalogueImageSaved: MESSAGES.catalogueImageSaved,
  // The operator console's brands (ADR 028).
  brandCreated: MESSAGES.brandCreated,
  brandLive: MESSAGES.brandLive,
  brandOffline: MESSAGES.brandOffline,
  domainAdded: MESSAGES.domainAdded,
  domainRemoved: MESSAGES.domainRemoved,
  domainChecked: MESSAGES.domainChecked,
  // The operator console's promotions (ADR 027).
  promoDealSaved: MESSAGES.promoDealSaved,
  promoBannerSaved: MESSAGES.promoBannerSaved,
  promoCouponSaved: MESSAGES.promoCouponSaved,
  // The operator console's failed tasks (ADR 037).
  effectRetried: MESSAGES.effectRetried,
  refundRetrySettled: MESSAGES.refundRetrySettled,
  refundRetryRefused: MESSAGES.refundRetryRefused,
  refundRetryUnsettled: MESSAGES.refundRetryUnsettled,
  // Money not settled at its gateway (issue 37).
  moneyRetrySettled: MESSAGES.moneyRetrySettled,
  moneyRetryRefused: MESSAGES.moneyRetryRefused,
  moneyRetryUnsettled: MESSAGES.moneyRetryUnsettled,
  // The operator console's content (ADR 027).
  contentFaqSaved: MESSAGES.contentFaqSaved,
  contentPageSaved: MESSAGES.contentPageSaved,
  contentRedirectSaved: MESSAGES.contentRedirectSaved,
  contentRedirectDeleted: MESSAGES.contentRedirectDeleted,
  // The operator console's staff (issue 35 item 6).
  staffInvited: MESSAGES.staffInvited,
  staffInvitationResent: MESSAGES.staffInvitationResent,
  staffRolesSaved: MESSAGES.staffRolesSaved,
  staffDeactivated: MESSAGES.staffDeactivated,
  staffPasswordChanged: MESSAGES.staffPasswordChanged,
  staffSignedOutEverywhere: MESSAGES.staffSignedOutEverywhere,
} as const

export type FlashKey = keyof typeof FLASH_MESSAGES

/** Longest detail a flash carries (a basket line's description, a refusal's message). */
const FLASH_DETAIL_MAX_LENGTH = 300

/**
 * Messages that name what happened (the add-to-basket forms without JavaScript): the cookie holds
 * the key and the detail the worker wrote, which React renders as text.
 */
export const FLASH_DETAIL_MESSAGES = {
  basketAdded: (line: string) => formatMessage('addedToBasket', line),
  // The backend's refusal (an item limit, the age, another store's basket) in its own words.
  basketAddRefused: (message: string) => message,
  // A member's basket after sign-in (worker/pages/account/member-session-start.ts): merged, or back.
  basketFollowed: (message: string) => message,
  basketFollowNotice: (message: string) => message,
  // The basket page's − / + and Remove without JavaScript: what changed, or the refusal.
  basketQuantityChanged: (line: string) => formatMessage('basketQuantityChanged', line),
  basketLineRemoved: (line: string) => formatMessage('basketLineRemoved', line),
  basketChangeRefused: (message: string) => message,
} as const satisfies Record<string, (detail: string) => string>

export type FlashDetailKey = keyof typeof FLASH_DETAIL_MESSAGES

function isFlashDetailKey(value: string): value is FlashDetailKey {
  return Object.hasOwn(FLASH_DETAIL_MESSAGES, value)
}

function isFlashKey(value: string | undefined): value is FlashKey {
  return value !== undefined && Object.hasOwn(FLASH_MESSAGES, value)
}

/** Carries a message to the next page the browser renders (e.g. after a guard's redirect). */
export function setFlash(c: Context, key: FlashKey): void {
  writeCookie(c, COOKIE_NAMES.flash, key)
}

/** Carries a message naming what happened to the next page (see FLASH_DETAIL_MESSAGES). */
export function setFlashWith(c: Context, key: FlashDetailKey, detail: string): void {
  writeCookie(c, COOKIE_NAMES.flash, `${key}:${detail.slice(0, FLASH_DETAIL_MAX_LENGTH)}`)
}

/**
 * The flashes that confirm something the visitor did went through: shown with a tick, the others
 * (a guard's reason, a refusal, a warning) with the alert sign. A confirmation under a warning
 * sign made staff look twice at every saved change.
 */
const SUCCESS_FLASHES: ReadonlySet<FlashKey | FlashDetailKey> = new Set([
  'stayInTouchSuccess',
  'favouriteAdded',
  'favouriteRemoved',
  'signedIn',
  'socialLinkedGoogle',
  'socialLinkedApple',
  'socialLinkedFacebook',
  'registered',
  'signedOut',
  'substitutesSaved',
  'accountForgotten',
  'staffInvitationAccepted',
  'storeOrderUpdated',
  'storePaused',
  'storeResumed',
  'storeCreditUsed',
  'storeCreditKept',
  'operatorChangesSaved',
  'archivedOrderRestored',
  'storeCreated',
  'catalogueImportApplied',
  'catalogueImageSaved',
  'brandCreated',
  'brandLive',
  'brandOffline',
  'domainAdded',
  'domainRemoved',
  'domainChecked',
  'promoDealSaved',
  'promoBannerSaved',
  'promoCouponSaved',
  'effectRetried',
  'refundRetrySettled',
  'refundRetryRefused',
  'refundRetryUnsettled',
  'moneyRetrySettled',
  'moneyRetryRefused',
  'moneyRetryUnsettled',
  'contentFaqSaved',
  'contentPageSaved',
  'contentRedirectSaved',
  'contentRedirectDeleted',
  'staffInvited',
  'staffInvitationResent',
  'staffRolesSaved',
  'staffDeactivated',
  'staffPasswordChanged',
  'staffSignedOutEverywhere',
  'basketAdded',
  'basketFollowed',
  'basketQuantityChanged',
  'basketLineRemoved',
] satisfies ReadonlyArray<FlashKey | FlashDetailKey>)

/** A flash as a page shows it: its words and whether it confirms or warns. */
export interface Flash {
  message: string
  tone: FlashTone
}

/** The pending flash, if any; reading it clears the cookie so it shows once. */
export function takeFlash(c: Context): Flash | null {
  const value = readCookie(c, COOKIE_NAMES.flash)
  if (value === undefined) return null
  clearCookie(c, COOKIE_NAMES.flash)
  const toneOf = (key: FlashKey | FlashDetailKey): FlashTone =>
    SUCCESS_FLASHES.has(key) ? 'success' : 'notice'
  if (isFlashKey(value)) return { message: FLASH_MESSAGES[value], tone: toneOf(value) }
  const colon = value.indexOf(':')
  const key = colon > 0 ? value.slice(0, colon) : ''
  const detail = value.slice(colon + 1).trim()
  if (!isFlashDetailKey(key) || detail === '' || detail.length > FLASH_DETAIL_MAX_LENGTH)
    return null
  return { message: FLASH_DETAIL_MESSAGES[key](detail), tone: toneOf(key) }
}

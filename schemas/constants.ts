/** Business constants and limits of spec §9, in one place. */
export const DEFAULT_COUNTRY_CODE = 'GB'
export const DEFAULT_LOCALE = 'en_GB'
export const DEFAULT_CURRENCY = 'GBP'
export const DEFAULT_TIME_ZONE = 'Europe/London'
export const AUTOCOMPLETE_DEBOUNCE_MS = 400
export const POSTCODE_MAX_LENGTH = 8
export const SEARCH_TERM_MIN_LENGTH = 2
export const DEFAULT_PAGE_SIZE = 24
export const DEFAULT_PAGE = 1
export const LONG_REQUEST_TIMEOUT_MS = 4000
export const SLOT_RESERVATION_MINUTES = 15
export const SLOT_COUNTDOWN_WARNING_MINUTES = [5, 4, 3, 2] as const
export const ORDER_STATUS_CODES = [20, 40, 60, 80, 100] as const
export const CACHE_MAX_AGE_SECONDS = 15
export const CACHE_S_MAXAGE_SECONDS = 60
export const PUBLIC_CACHE_CONTROL = `max-age=${CACHE_MAX_AGE_SECONDS}, s-maxage=${CACHE_S_MAXAGE_SECONDS}`
export const PRIVATE_CACHE_CONTROL = 'private, no-store'
/**
 * Spec §4 Sessions: the shape of the state a browser keeps for us (cookies such as the location,
 * deep link, basket summary, slot referrer, last order). Bump it when that shape changes: a browser
 * holding another version has that state cleared on its next page (worker/middleware/app-session-version.ts).
 */
export const APP_SESSION_VERSION = '1'
export const REFERRAL_REWARD_PENCE = 500
export const DATE_FORMATS = {
  isoDate: 'yyyy-MM-dd',
  time: 'HH:mm',
  dayMonth: 'dd MMM',
  dayMonthYear: 'dd MMM yyyy',
  shortTime: 'h:mmaaa',
} as const
export const CARD_BRANDS = ['visa', 'mastercard', 'discover', 'jcb'] as const
export const PAYMENT_METHODS = ['paymentCard', 'applePay', 'googlePay', 'paymentCash'] as const
export const FULFILMENT_METHODS = ['delivery', 'collection'] as const
export const DEFAULT_FULFILMENT_METHOD = 'delivery'
export const FULFILMENT_TIMINGS = ['asap', 'future'] as const
export const SOCIAL_CHANNELS = ['facebook', 'twitter', 'instagram'] as const
export const APP_STORES = ['ios', 'android'] as const
export const IMAGE_DENSITIES = ['mdpi_1x', 'xhdpi_2x', 'xxhdpi_3x'] as const
export const WHITE_LABEL_SECTIONS = [
  'store',
  'checkout',
  'home',
  'pages',
  'faq',
  'contact',
  'branding-pages',
  'login',
  'register',
  'forgot-password',
  'reset-password',
] as const

/**
 * Process order's refusal reason when the basket's total is no longer the total the paying page
 * showed (its expectedTotal): the basket changed in another tab (issue 13 §4).
 */
export const TOTAL_CHANGED_REASON = 'total_changed'

/**
 * The 403's details.reason when a call names a member's basket without that member's access
 * token (issue 14 §6): the storefront forgets such a basket cookie and starts a new basket.
 */
export const BASKET_OF_ANOTHER_MEMBER_REASON = 'basket_of_another_member'

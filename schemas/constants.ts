/** Business constants and limits of spec §9, in one place. */
export const DEFAULT_COUNTRY_CODE = 'GB'
export const DEFAULT_LOCALE = 'en_GB'
export const DEFAULT_CURRENCY = 'GBP'
export const DEFAULT_TIME_ZONE = 'Europe/London'
export const AUTOCOMPLETE_DEBOUNCE_MS = 400
export const POSTCODE_MAX_LENGTH = 8
/** The longest postcode any country's box takes (issue 43): a US ZIP+4, '12345-6789'. */
export const LONGEST_POSTCODE = 10
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
/** How an order reaches the shopper: the one name of the type, wherever it is used. */
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number]
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
 * showed (its expectedTotal): the basket changed in another tab.
 */
export const TOTAL_CHANGED_REASON = 'total_changed'

/**
 * The period of the Workers Rate Limiting bindings (wrangler.toml [[ratelimits]] simple.period):
 * the longest a shopper refused by one waits, so the Retry-After of their 429 answers.
 */
export const RATE_LIMIT_PERIOD_SECONDS = 60

/**
 * Password guessing (ADR 009; OWASP ASVS 5.0 V6.3, NIST SP 800-63B §5.2.2): every failed password
 * check of one account (per business, per email, known or not) is kept in D1 for this long…
 */
export const LOGIN_FAILURE_WINDOW_SECONDS = 60 * 60
/** …and no more than this many failures are ever allowed within it (ASVS: at most 100 an hour). */
export const LOGIN_FAILURES_PER_WINDOW_MAX = 100
/**
 * The escalating wait after the latest failure, by how many failures the last hour holds: the
 * first four are free, then 1, 5 and 15 minutes. Trying again at every allowed instant gets at
 * most 20 wrong passwords into any rolling hour (test/unit/auth/login-attempts.test.ts), so the
 * cap above is only a backstop. Sorted by `failures`, ascending.
 */
export const LOGIN_FAILURE_WAITS = [
  { failures: 5, waitSeconds: 60 },
  { failures: 10, waitSeconds: 5 * 60 },
  { failures: 20, waitSeconds: 15 * 60 },
] as const

/** The refusal reason (error details.reason) of a password check refused while locked. */
export const PASSWORD_ATTEMPTS_LOCKED_REASON = 'password_attempts_locked'

/*
 * Request body limits. One reader (worker/lib/request-body.ts) applies them to every
 * body the worker reads: Content-Length first, then by counting while it streams, so nothing over
 * the limit is buffered; over it the answer is 413 payload_too_large.
 */
/**
 * Any JSON body. The largest the API takes are a wallet payment (appleTokenData or googleTokenData
 * up to 20,000 characters) and a basket update of 100 lines (about 6 KB): 64 KiB is three times
 * the first.
 */
export const JSON_BODY_MAX_BYTES = 64 * 1024
/**
 * How deeply a JSON body may nest objects and arrays; deeper is a 422 before anything walks it.
 * The deepest body the API takes has 4 levels (`{ menuItem: { choices: [{ … }] } }`).
 */
export const JSON_BODY_MAX_DEPTH = 32
/**
 * An HTML form post (sign-in, checkout, footer forms) and any multipart body other than the
 * contact form. The largest is the card gateway's answer: one hppResponse field of up to 20,000
 * base64 characters, up to three times that once URL-encoded.
 */
export const FORM_BODY_MAX_BYTES = 64 * 1024
/**
 * How much of a refused or unread body is read and dropped (never kept) before the answer, so the
 * client gets it on a connection it can go on using (worker/lib/request-body.ts); past it the body
 * is cancelled. Above the largest body any call takes (the contact form's), so an honest mistake,
 * a too-big attachment, always gets its 413 cleanly.
 */
export const REFUSED_BODY_DRAIN_MAX_BYTES = 32 * 1024 * 1024
/**
 * The contact form (spec §5: multipart, files under files[]; ADR 022): at most this many
 * attachments (a photo of the damage, the receipt, the label: three covers a complaint)…
 */
export const CONTACT_ATTACHMENTS_MAX_COUNT = 3
/** …of at most this size each (a phone photo is 2 to 4 MB, a scanned page under 1 MB)… */
export const CONTACT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024
/**
 * …and at most this much together: what one request may hand the business's support inbox and
 * keep in R2, and what the Worker buffers for one request (well under its 128 MB).
 */
export const CONTACT_ATTACHMENTS_TOTAL_MAX_BYTES = 10 * 1024 * 1024
/** …so its whole body: the attachments, the form's fields and the multipart framing. */
export const CONTACT_BODY_MAX_BYTES = CONTACT_ATTACHMENTS_TOTAL_MAX_BYTES + FORM_BODY_MAX_BYTES
/**
 * What an attachment may be, as its first bytes show it (file-type), never as its name or the
 * browser's type says: images a phone takes or shares, and PDF (ADR 022).
 */
export const CONTACT_ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const
/** The longest subject and message of a contact request. */
export const CONTACT_SUBJECT_MAX_LENGTH = 150
export const CONTACT_MESSAGE_MAX_LENGTH = 5000
/** Recent contact requests the development view lists. */
export const DEV_CONTACT_REQUESTS_LIMIT = 20

/**
 * The 403's details.reason when a call names a member's basket without that member's access
 * token (ADR 012): the storefront forgets such a basket cookie and starts a new basket.
 */
export const BASKET_OF_ANOTHER_MEMBER_REASON = 'basket_of_another_member'

/** A staff invitation link works for 7 days (ADR 009 addendum); a new invitation retires the older. */
export const STAFF_INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60
/** Where an invitation email's link lands on the brand's host (the console's accept page). */
export const STAFF_INVITATION_PATH = '/store/invitation/'

/**
 * Minutes a store has to accept a paid order before its managers are alerted (ADR 017); at twice
 * the window the cron rejects it. A store may set its own (stores.order_accept_window_minutes).
 */
export const ORDER_ACCEPT_WINDOW_MINUTES = 10
/** The board shows finished orders for this long after their last change. */
export const ORDER_BOARD_FINISHED_HOURS = 24

/** Member orders list: orders per page by default, and the most a page may ask for (spec §7). */
export const MEMBER_ORDERS_PAGE_SIZE = 10
export const MEMBER_ORDERS_MAX_LIMIT = 50
/** A member may change their review of an order for this many days after writing it. */
export const REVIEW_EDIT_DAYS = 14
/**
 * The store's GroceryStore JSON-LD carries aggregateRating only from this many reviews of
 * delivered orders: below it one or two opinions make the average, which search engines would
 * show as if it were the store's reputation (Google's review snippet rules ask for ratings that
 * represent the business). Pages still show the average and the count from the first review.
 */
export const STORE_RATING_MIN_REVIEWS = 5

/**
 * Store credit (ADR 020). An unpaid order (a draft never paid, a payment that finally failed)
 * holds the credit it would spend for this long after its last change, then gives it back.
 */
export const UNPAID_ORDER_CREDIT_HOLD_HOURS = 24
/** The most goodwill credit a manager may give in one go, in pence (every business). */
export const GOODWILL_CREDIT_MAX_PENCE = 5000
/** Entries GET /member/credit answers, newest first. */
export const CREDIT_HISTORY_LIMIT = 50

/** Where the storefront starts a social sign-in and takes the provider's answer (ADR 026). */
export const SOCIAL_SIGN_IN_PATH = '/auth/social'

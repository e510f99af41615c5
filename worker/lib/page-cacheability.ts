import { parse } from 'hono/utils/cookie'
import type { RouteName } from '../../client/lib/routes.ts'
import { APP_SESSION_VERSION } from '../../schemas/constants.ts'
import { COOKIE_NAMES } from '../../schemas/cookies.ts'

/*
 * THE decision of what the edge page cache may serve and keep (ADR 042): which pages are public
 * kinds, which requests are anonymous, which answers may be kept. Pure, so it is unit-tested.
 */

/** The public page kinds of issue 39: the same page for every anonymous shopper of a host. */
export type PublicPageKind =
  | 'home'
  | 'results'
  | 'store'
  | 'category'
  | 'item'
  | 'deal'
  | 'search'
  | 'faqs'
  | 'content'
  | 'landing'
  | 'sitemap'

/** The routes of the route table that are public page kinds; every other route is never cached. */
export const PUBLIC_PAGE_ROUTES: Readonly<Partial<Record<RouteName, PublicPageKind>>> = {
  index: 'home',
  faq: 'faqs',
  'store-all': 'results',
  'stores-near-by': 'results',
  'stores-storeSlug': 'store',
  'stores-storeSlug-category-categorySlug': 'category',
  'stores-storeSlug-category-categorySlug-menuItem-menuItemSlug': 'item',
  'stores-storeSlug-deals': 'deal',
  'stores-storeSlug-deal-dealSlug': 'deal',
  'stores-storeSlug-search-searchTerm': 'search',
  'stores-storeSlug-search-searchTerm-deals': 'search',
  'stores-storeSlug-search-searchTerm-categories': 'search',
  'stores-storeSlug-search-searchTerm-menu-items': 'search',
  terms: 'content',
  'privacy-policy': 'content',
  'cookie-policy': 'content',
  'about-us': 'content',
  'delivery-information': 'content',
  'grocery-delivery-place': 'landing',
}

/**
 * Cookies that leave a public page as it is for everyone: the app version (when current), the
 * device id, and the basket's token and header summary (the header's basket is an island that
 * reads the summary in the browser; no public page reads the basket on the server).
 */
const NEUTRAL_COOKIES: ReadonlySet<string> = new Set([
  COOKIE_NAMES.appVersion,
  COOKIE_NAMES.device,
  COOKIE_NAMES.basket,
  COOKIE_NAMES.memberBasket,
  COOKIE_NAMES.basketSummary,
  // A D1 bookmark (ADR 046) makes reads as new as the shopper's last write; no public page
  // shows anything a shopper writes.
  COOKIE_NAMES.d1Bookmark,
])

/** The last-order record changes one page only: home may send the shopper on to that store. */
const NEUTRAL_EXCEPT_HOME: ReadonlySet<string> = new Set([COOKIE_NAMES.lastOrder])

const STOREFRONT_COOKIE_PREFIX = 'sf_'

export type CacheDecision = { cacheable: true } | { cacheable: false; reason: string }

/**
 * Whether a request for a page of `kind` may be answered from (and fill) the page cache: a GET or
 * HEAD of a public kind, carrying no storefront cookie that changes the page. A session (member
 * or guest), a flash, a saved location, a pending deep link or sign-in, any cookie this list does
 * not know, or an old app version (whose state the next page clears) makes it personal.
 *
 * @example pageCacheDecision('GET', 'sf_app_version=1', 'category') // { cacheable: true }
 */
export function pageCacheDecision(
  method: string,
  cookieHeader: string | undefined,
  kind: PublicPageKind | undefined
): CacheDecision {
  if (method !== 'GET' && method !== 'HEAD') return { cacheable: false, reason: 'method' }
  if (!kind) return { cacheable: false, reason: 'not a public page' }
  const cookies = cookieHeader ? parse(cookieHeader) : {}
  const ours = Object.keys(cookies).filter((name) => name.startsWith(STOREFRONT_COOKIE_PREFIX))
  if (ours.length === 0) return { cacheable: true }
  if (cookies[COOKIE_NAMES.appVersion] !== APP_SESSION_VERSION) {
    return { cacheable: false, reason: 'app version' }
  }
  const personal = ours.find(
    (name) => !NEUTRAL_COOKIES.has(name) && !(kind !== 'home' && NEUTRAL_EXCEPT_HOME.has(name))
  )
  return personal ? { cacheable: false, reason: `cookie ${personal}` } : { cacheable: true }
}

/**
 * Whether a page's answer may be kept for everyone: a 200 the page itself called public (its
 * Cache-Control is not private or no-store) that sets no cookie. A page that found something
 * personal after all (a flash it took, a `?changeStore` home) answers private and is not kept.
 */
export function storableAnswer(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  if (cacheControl === '' || /private|no-store|no-cache/.test(cacheControl)) return false
  return response.headers.getSetCookie().length === 0
}

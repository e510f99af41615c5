import { cacheKey } from './kv-cache.ts'

/** A public answer the proxy keeps in KV: the same for every shopper of a brand. */
export interface PublicCacheRule {
  /** The scope part of the KV key. */
  scope: string
  /** Seconds an entry is served from KV. */
  ttlSeconds: number
  /** Inputs that do not change the answer, left out of the key so shoppers share entries. */
  ignoredInputs?: ReadonlyArray<string>
  /** Inputs that make the answer personal: a call carrying any of them is never cached. */
  uncachedWith?: ReadonlyArray<string>
}

// Store answers carry availability (open/closed now), so they are kept briefly.
const STORE_ANSWER_TTL_SECONDS = 60
const CATALOGUE_TTL_SECONDS = 60
const SEO_TTL_SECONDS = 300
// A device id identifies the shopper's device, not the question.
const STORE_SEARCH_IGNORED_INPUTS = ['deviceId'] as const

/**
 * Backend paths (method + path) whose 200 answers are public and cached in KV, keyed by business
 * and inputs. Every other answer is private, no-store.
 */
export const PUBLIC_CACHE_RULES: Readonly<Record<string, PublicCacheRule>> = {
  'GET /countries': { scope: 'countries', ttlSeconds: 300 },
  'GET /countries/billing': { scope: 'countries-billing', ttlSeconds: 300 },
  'POST /white-label/settings': { scope: 'white-label-settings', ttlSeconds: 60 },
  // The business's referral offer (ADR 021); verify and the reward read the scheme live.
  // Home, header and footer blocks (spec §7): every page's chrome reads them.
  'GET /content/blocks': { scope: 'content-blocks', ttlSeconds: 60 },
  'GET /referrals/offer': { scope: 'referral-offer', ttlSeconds: 60 },
  'POST /stores/search': {
    scope: 'store-search',
    ttlSeconds: STORE_ANSWER_TTL_SECONDS,
    ignoredInputs: STORE_SEARCH_IGNORED_INPUTS,
  },
  'POST /stores/nearby': {
    scope: 'store-nearby',
    ttlSeconds: STORE_ANSWER_TTL_SECONDS,
    ignoredInputs: STORE_SEARCH_IGNORED_INPUTS,
  },
  'POST /stores/details': {
    scope: 'store-details',
    ttlSeconds: STORE_ANSWER_TTL_SECONDS,
    ignoredInputs: STORE_SEARCH_IGNORED_INPUTS,
  },
  'POST /stores/directory': { scope: 'store-directory', ttlSeconds: STORE_ANSWER_TTL_SECONDS },
  // Catalogue answers carry store prices and stock; fulfilmentDate and every other input is in
  // the key. Banner counting, recommendations (a basket) and previous purchases are private.
  'POST /catalogue/category-tree': { scope: 'category-tree', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/category': { scope: 'category', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/menu-item': { scope: 'menu-item', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/menu-items': { scope: 'menu-items', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/search': { scope: 'catalogue-search', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/deals': { scope: 'deals', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/deal': { scope: 'deal', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/banners': { scope: 'banners', ttlSeconds: CATALOGUE_TTL_SECONDS },
  'POST /catalogue/banner': { scope: 'banner', ttlSeconds: CATALOGUE_TTL_SECONDS },
  // Content pages, old slugs and head overrides change when an operator edits them (ADR 024).
  'GET /seo/page': { scope: 'seo-page', ttlSeconds: SEO_TTL_SECONDS },
  'GET /seo/redirect': { scope: 'seo-redirect', ttlSeconds: SEO_TTL_SECONDS },
  'GET /seo/metadata': { scope: 'seo-metadata', ttlSeconds: SEO_TTL_SECONDS },
  'GET /seo/district': { scope: 'seo-district', ttlSeconds: SEO_TTL_SECONDS },
}

/**
 * Answers a page keeps in KV but the proxy passes on private: the store home asks for its
 * suggestions without a basket, so the answer is the store's for every shopper, while a browser's
 * call through /api may name its basket (whose lines the suggestions leave out).
 */
export const PAGE_ONLY_CACHE_RULES: Readonly<Record<string, PublicCacheRule>> = {
  'POST /stores/recommended-items': {
    scope: 'recommended-items',
    ttlSeconds: CATALOGUE_TTL_SECONDS,
    uncachedWith: ['basketToken'],
  },
}

/** What the pages' backend client may keep: every public answer and the pages' own. */
export const PAGE_CACHE_RULES: Readonly<Record<string, PublicCacheRule>> = {
  ...PUBLIC_CACHE_RULES,
  ...PAGE_ONLY_CACHE_RULES,
}

/**
 * Backend paths that are per brand: the proxy sets brandId from the request's host, as it sets
 * businessId for every call. Every call carrying a basket token (basket, slots, checkout,
 * payments; worker/lib/cookies/basket.ts) is per brand too (docs/decisions/012).
 */
export const BRAND_SCOPED_PATHS: ReadonlySet<string> = new Set([
  '/white-label/settings',
  '/content/stay-in-touch',
  '/content/faqs',
  '/content/blocks',
  '/location/interest',
  '/seo/sitemap',
  '/seo/page',
  '/seo/metadata',
  '/catalogue/banners',
  // An order is its brand's: another brand's host does not find it by its number.
  '/stores/order-status',
  // The member's orders are listed, read, reordered and reviewed on their brand's host only.
  '/member/dashboard',
  '/member/orders',
  '/member/orders/order',
  '/member/orders/reorder',
  '/member/reviews/add',
])

/**
 * A public answer's rule and KV key, or null when the call is not publicly cacheable under
 * `rules` (the proxy's PUBLIC_CACHE_RULES unless given; pages pass PAGE_CACHE_RULES).
 */
export async function publicCacheEntry(
  method: string,
  path: string,
  businessId: number,
  inputs: Record<string, unknown>,
  rules: Readonly<Record<string, PublicCacheRule>> = PUBLIC_CACHE_RULES
): Promise<{ rule: PublicCacheRule; key: string } | null> {
  const rule = rules[`${method} ${path}`]
  if (!rule) return null
  if (rule.uncachedWith?.some((name) => inputs[name] !== undefined && inputs[name] !== null)) {
    return null
  }
  const key = await cacheKey({
    scope: rule.scope,
    businessId,
    storeId: typeof inputs.storeId === 'number' ? inputs.storeId : null,
    fulfilmentMethod: typeof inputs.fulfilmentMethod === 'string' ? inputs.fulfilmentMethod : null,
    // The tenant is already in the key; ignored inputs would only split shared entries.
    inputs: {
      ...inputs,
      businessId: undefined,
      ...Object.fromEntries((rule.ignoredInputs ?? []).map((name) => [name, undefined])),
    },
  })
  return { rule, key }
}

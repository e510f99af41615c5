import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { STORE_SEARCH_ERROR_QUERY } from '../../../client/lib/store-search.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import {
  type DeepLinkActionResult,
  DeepLinkActionResultSchema,
} from '../../../schemas/marketing.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketToken, rememberBasket } from '../../lib/cookies/basket.ts'
import type { PendingDeepLink } from '../../lib/cookies/deep-link.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'

/*
 * The storefront's side of the deep-link action (ADR 025): a marketing link is sent to the
 * backend's POST /marketing/deep-link-action with the shopper's postcode and basket, and its
 * answer decides where the shopper goes.
 */

/** The incompatible-store prompt (a page with two forms: works without JavaScript). */
export const DEEP_LINK_CONFIRM_PATH = '/deep-link/confirm'

/** Where the search box shows 'You need to search for stores with a postcode!'. */
export const STORE_SEARCH_REQUIRED_PATH = `${routePath('index', undefined, {
  [STORE_SEARCH_ERROR_QUERY]: 'storeSearchRequired',
})}#store-search`

/** What the shopper's link comes to. */
export type DeepLinkOutcome =
  | { kind: 'go'; path: string }
  /** STORE_SEARCH_REQUIRED: search first; the link waits (pending) and resumes after. */
  | { kind: 'search' }
  /** INCOMPATIBLE_STORE: ask before emptying the basket; the link waits for the answer. */
  | { kind: 'confirm' }
  /** UNRECOVERABLE_ERROR, or the backend could not be asked. */
  | { kind: 'failed' }

/** The page a resolved link opens. */
export function deepLinkPath(result: Extract<DeepLinkActionResult, { ok: true }>): string {
  const storeSlug = result.storeSlug
  if (result.basketToken) return routePath('basket')
  if (result.itemSlug && result.categorySlug) {
    return routePath('stores-storeSlug-category-categorySlug-menuItem-menuItemSlug', {
      storeSlug,
      categorySlug: result.categorySlug,
      menuItemSlug: result.itemSlug,
    })
  }
  if (result.dealSlug) {
    return routePath('stores-storeSlug-deal-dealSlug', { storeSlug, dealSlug: result.dealSlug })
  }
  return routePath(
    'stores-storeSlug',
    { storeSlug },
    result.categoryId === undefined ? undefined : { category: String(result.categoryId) }
  )
}

/** The outcome of an answer (pure). */
export function outcomeOf(result: DeepLinkActionResult): DeepLinkOutcome {
  if (result.ok) return { kind: 'go', path: deepLinkPath(result) }
  switch (result.errorCode) {
    case 'STORE_SEARCH_REQUIRED':
      return { kind: 'search' }
    case 'INCOMPATIBLE_STORE':
      return { kind: 'confirm' }
    case 'UNRECOVERABLE_ERROR':
      return { kind: 'failed' }
  }
}

/** Puts the basket the link restored or emptied in the cookies (token and header summary). */
async function refreshBasket(c: Context<AppEnv>, basketToken: string): Promise<void> {
  try {
    const basket = await c.var.backend.post('/basket', {
      body: { businessId: c.var.brand.businessId, brandId: c.var.brand.id, basketToken },
      token: readAccessToken(c),
      schema: BasketSchema,
    })
    rememberBasket(c, { ...basket, basketToken })
  } catch (error) {
    // The link still opens: the header's count catches up on the next basket call.
    logError(error, { requestId: c.var.requestId, event: 'basket refresh after deep link' }, 'warn')
  }
}

/**
 * Asks the backend about a link, for this shopper: their postcode (`postcode`, else the saved
 * location's) and basket. A refusal it cannot answer (backend down) is 'failed'; too many
 * requests is rethrown (the 429 page).
 */
export async function decideDeepLink(
  c: Context<AppEnv>,
  link: PendingDeepLink,
  options: { postcode: string | null; clearStore: boolean }
): Promise<DeepLinkOutcome> {
  const basketToken = readBasketToken(c)
  let result: DeepLinkActionResult
  try {
    result = await c.var.backend.post('/marketing/deep-link-action', {
      body: {
        businessId: c.var.brand.businessId,
        brandId: c.var.brand.id,
        platform: link.platform ?? 'web',
        actionType: link.action,
        storeId: link.storeId,
        categoryId: link.categoryId,
        itemId: link.itemId,
        dealId: link.dealId,
        sharedBasketToken: link.basketToken,
        campaignId: link.campaignId,
        clearStore: options.clearStore,
        postcode: options.postcode ?? undefined,
        basketToken,
      },
      token: readAccessToken(c),
      schema: DeepLinkActionResultSchema,
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'rate_limited') throw error
    logError(error, { requestId: c.var.requestId, event: 'deep-link action failed' }, 'warn')
    return { kind: 'failed' }
  }
  if (result.ok && result.basketToken) await refreshBasket(c, result.basketToken)
  else if (result.ok && result.basketCleared && basketToken) await refreshBasket(c, basketToken)
  return outcomeOf(result)
}

import type {
  DeepLinkActionRequest,
  DeepLinkActionResult,
  DeepLinkErrorCode,
} from '../../../schemas/marketing.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { randomToken } from '../../lib/crypto.ts'
import { hashBasketToken } from '../basket-ref-repo.ts'
import { clearBasket } from '../basket/calls.ts'
import type { BasketCall } from '../basket/change-steps.ts'
import { marketingUserOf } from './audience.ts'
import { createMarketingService } from './adapters.ts'
import type { MarketingRun } from './effects.ts'
import {
  categorySoldAtStore,
  findActiveDealSlug,
  findLinkStore,
  findMarketingBasket,
  itemSoldAtStore,
} from './repo.ts'

/*
 * Spec §7 Other "Deep-link action": a marketing link's action checked against the data, where it
 * goes, and the campaign attribution. Refusals answer a code (spec §8) the storefront or app acts
 * on: STORE_SEARCH_REQUIRED (search first, then resume), INCOMPATIBLE_STORE (ask before emptying
 * the basket), UNRECOVERABLE_ERROR (the link names nothing it can open).
 */

type Refusal = Extract<DeepLinkActionResult, { ok: false }>
type Destination = Omit<Extract<DeepLinkActionResult, { ok: true }>, 'ok' | 'basketCleared'>

const REFUSAL_MESSAGES: Readonly<Record<DeepLinkErrorCode, string>> = {
  STORE_SEARCH_REQUIRED: MESSAGES.storeSearchRequired,
  INCOMPATIBLE_STORE: MESSAGES.incompatibleStore,
  UNRECOVERABLE_ERROR: MESSAGES.deepLinkFailed,
}

function refuse(errorCode: DeepLinkErrorCode): Refusal {
  return { ok: false, errorCode, message: REFUSAL_MESSAGES[errorCode] }
}

/** The store, category, item or deal the link opens, or why it cannot (nothing is changed). */
async function destinationOf(
  db: D1Database,
  request: DeepLinkActionRequest
): Promise<{ storeId: number; destination: Destination } | Refusal> {
  const { businessId, actionType } = request
  if (actionType === 'basket') {
    if (!request.sharedBasketToken) return refuse('UNRECOVERABLE_ERROR')
    const shared = await findMarketingBasket(
      db,
      businessId,
      await hashBasketToken(request.sharedBasketToken)
    )
    const otherBrand =
      request.brandId !== undefined && shared?.brandId != null && shared.brandId !== request.brandId
    if (!shared || shared.status !== 'active' || shared.storeId === null || otherBrand) {
      return refuse('UNRECOVERABLE_ERROR')
    }
    const store = await findLinkStore(db, businessId, shared.storeId)
    if (!store) return refuse('UNRECOVERABLE_ERROR')
    return {
      storeId: shared.storeId,
      destination: { storeSlug: store.slug, basketToken: request.sharedBasketToken },
    }
  }
  if (request.storeId === undefined) return refuse('UNRECOVERABLE_ERROR')
  const storeId = request.storeId
  const store = await findLinkStore(db, businessId, storeId)
  if (!store) return refuse('UNRECOVERABLE_ERROR')
  switch (actionType) {
    case 'store':
      return { storeId, destination: { storeSlug: store.slug } }
    case 'category': {
      const { categoryId } = request
      if (categoryId === undefined) return refuse('UNRECOVERABLE_ERROR')
      if (!(await categorySoldAtStore(db, businessId, storeId, categoryId))) {
        return refuse('UNRECOVERABLE_ERROR')
      }
      return { storeId, destination: { storeSlug: store.slug, categoryId } }
    }
    case 'item': {
      if (request.itemId === undefined) return refuse('UNRECOVERABLE_ERROR')
      const item = await itemSoldAtStore(db, businessId, storeId, request.itemId)
      if (!item) return refuse('UNRECOVERABLE_ERROR')
      return {
        storeId,
        destination: {
          storeSlug: store.slug,
          itemSlug: item.slug,
          categorySlug: item.categorySlug,
        },
      }
    }
    case 'deal': {
      const dealSlug =
        request.dealId === undefined
          ? null
          : await findActiveDealSlug(db, businessId, request.dealId)
      if (dealSlug === null) return refuse('UNRECOVERABLE_ERROR')
      return { storeId, destination: { storeSlug: store.slug, dealSlug } }
    }
  }
}

/**
 * Decides a deep link: where it goes, or a refusal code. With clearStore, a basket of another
 * store is emptied (it is the only change the call makes). A resolved link with a campaignId is
 * attributed through the marketing port, in the background.
 */
export async function deepLinkAction(
  run: MarketingRun,
  basketCall: BasketCall,
  request: DeepLinkActionRequest
): Promise<DeepLinkActionResult> {
  const db = run.env.DB
  const found = await destinationOf(db, request)
  if ('ok' in found) return found
  const restoring = request.actionType === 'basket'
  if (!restoring && !request.postcode) return refuse('STORE_SEARCH_REQUIRED')

  const own = request.basketToken
    ? await findMarketingBasket(db, request.businessId, await hashBasketToken(request.basketToken))
    : null
  const ownHolds = own !== null && own.status === 'active' && own.lineCount > 0
  const conflicts = restoring
    ? ownHolds && own.id !== (await sharedBasketId(db, request))
    : ownHolds && own.storeId !== found.storeId
  let basketCleared = false
  if (conflicts) {
    if (!request.clearStore) return refuse('INCOMPATIBLE_STORE')
    // A restored basket replaces the shopper's: theirs is left as it is, not emptied.
    if (!restoring && request.basketToken) {
      await clearBasket(basketCall, {
        businessId: request.businessId,
        brandId: request.brandId,
        basketToken: request.basketToken,
      })
      basketCleared = true
    }
  }
  await attribute(run, request, own?.id ?? null, own?.customerId ?? null, found.storeId)
  return { ok: true, ...found.destination, basketCleared }
}

async function sharedBasketId(
  db: D1Database,
  request: DeepLinkActionRequest
): Promise<number | null> {
  if (!request.sharedBasketToken) return null
  const shared = await findMarketingBasket(
    db,
    request.businessId,
    await hashBasketToken(request.sharedBasketToken)
  )
  return shared?.id ?? null
}

/** Tells the attribution (marketing) service the link was opened, for its campaign. */
function attribute(
  run: MarketingRun,
  request: DeepLinkActionRequest,
  basketId: number | null,
  customerId: number | null,
  storeId: number
): Promise<void> {
  if (!request.campaignId) return Promise.resolve()
  const campaignId = request.campaignId
  const work = (async () => {
    const user = (await marketingUserOf(run.env, {
      businessId: request.businessId,
      customerId,
      basketId,
    })) ?? { userId: `anon-${randomToken(12)}` }
    await (run.service ?? createMarketingService(run.env, () => run.now)).track({
      businessId: request.businessId,
      brandId: request.brandId ?? null,
      user,
      eventName: 'deepLinkOpened',
      createdAt: run.now,
      campaignId,
      dataFields: {
        platform: request.platform,
        actionType: request.actionType,
        storeId,
        clearStore: request.clearStore,
      },
    })
  })()
  return run.defer(work, 'marketing deep link attribution')
}

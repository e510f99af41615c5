import type { Context } from 'hono'
import {
  DeepLinkActionRequestSchema,
  DeepLinkActionResultSchema,
  MarketingIdentifierRequestSchema,
  MarketingIdentifierSchema,
} from '../../../schemas/marketing.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { now } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import { signedInMember } from '../basket/access.ts'
import type { BasketCall } from '../basket/change-steps.ts'
import { hashBasketToken } from '../basket-ref-repo.ts'
import type { BackendEnv } from '../env.ts'
import { createDomain } from '../route-registry.ts'
import { marketingIdOf } from './audience.ts'
import { deepLinkAction } from './deep-link.ts'
import { findMarketingBasket } from './repo.ts'
import { marketingRunOf } from './run.ts'

/** The marketing service (spec §7 Other, ADR 025): the marketing identifier and deep links. */
export const marketing = createDomain('Marketing')

marketing.post(
  '/marketing/identifier',
  {
    summary: "The anonymous marketing id of the shopper's session (spec §7 sessionToken)",
    description:
      "The session is the shopper's basket: sessionToken is its token. The id is stable for " +
      'that basket, differs per business and cannot be turned back into the token. A token ' +
      `that names no basket of the business (or of another brand) answers not_found '${MESSAGES.basketNotFound}'.`,
    body: MarketingIdentifierRequestSchema,
    response: MarketingIdentifierSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const basket = await findMarketingBasket(
      c.env.DB,
      body.businessId,
      await hashBasketToken(body.sessionToken)
    )
    const otherBrand =
      body.brandId !== undefined && basket?.brandId != null && basket.brandId !== body.brandId
    if (!basket || otherBrand) throw new AppError('not_found', MESSAGES.basketNotFound)
    return { marketingId: await marketingIdOf(c.env.SESSION_SECRET, body.businessId, basket.id) }
  }
)

const basketCallOf = (
  c: Context<BackendEnv>,
  businessId: number,
  brandId?: number
): BasketCall => ({
  db: c.env.DB,
  now: now(c.env),
  newBasketOwner: async () => ({
    brandId: brandId ?? null,
    customerId: await signedInMember(c, businessId),
  }),
})

marketing.post(
  '/marketing/deep-link-action',
  {
    summary: 'Check a marketing link against the data: where it goes, or why it cannot',
    description:
      'actionType store (storeId), category (storeId, categoryId: sold at the store), item ' +
      '(storeId, itemId: sold there), deal (storeId, dealId: active) or basket ' +
      '(sharedBasketToken: an active basket of the business, restored). Answers ok with the ' +
      'store slug and what to open, or ok false with errorCode and message: ' +
      `STORE_SEARCH_REQUIRED '${MESSAGES.storeSearchRequired}' (no postcode yet; not for ` +
      `basket), INCOMPATIBLE_STORE '${MESSAGES.incompatibleStore}' (the shopper's basket ` +
      'holds another store’s items and clearStore is not true; with clearStore it is emptied), ' +
      `UNRECOVERABLE_ERROR '${MESSAGES.deepLinkFailed}' (nothing it names can be opened). ` +
      'A resolved link with campaignId is reported to the marketing service (deepLinkOpened).',
    body: DeepLinkActionRequestSchema,
    response: DeepLinkActionResultSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) =>
    deepLinkAction(marketingRunOf(c), basketCallOf(c, body.businessId, body.brandId), body)
)

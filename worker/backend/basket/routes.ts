import type { Context } from 'hono'
import {
  AddBasketItemRequestSchema,
  AddMealDealRequestSchema,
  ApplyCouponRequestSchema,
  BasketSchema,
  ClaimBasketRequestSchema,
  ClearBasketRequestSchema,
  BasketFollowSchema,
  FollowBasketRequestSchema,
  CouponResultSchema,
  GetOrCreateBasketRequestSchema,
  RemoveBasketItemRequestSchema,
  RemoveCouponRequestSchema,
  RemoveMealDealRequestSchema,
  UpdateBasketItemRequestSchema,
  UpdateBasketRequestSchema,
  UpdateSubstitutesRequestSchema,
  SimilarItemsRequestSchema,
  SimilarItemsSchema,
  SIMILAR_ITEMS_LIMIT,
  UpdateTipRequestSchema,
  UpdateBasketCreditRequestSchema,
  SlotPageSchema,
} from '../../../schemas/basket.ts'
import { TimeSlotListRequestSchema } from '../../../schemas/slots.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { authenticate } from '../auth/authenticate.ts'
import type { BackendEnv } from '../env.ts'
import { signedInMember } from './access.ts'
import { createDomain } from '../route-registry.ts'
import type { BasketCall } from './change-steps.ts'
import { applyCoupon, removeCoupon } from './coupons.ts'
import { followMemberBasket } from './follow.ts'
import { slotPage } from './slot-page.ts'
import {
  addBasketItem,
  addMealDeal,
  claimBasket,
  clearBasket,
  getOrCreateBasket,
  removeBasketItem,
  removeMealDeal,
  updateBasket,
  updateBasketItem,
  updateSubstitutes,
  similarItems,
  updateTip,
  updateBasketCredit,
} from './calls.ts'
import { createRobotChecker } from '../robot-check.ts'
import { now } from '../../lib/clock.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { executionContext, runInBackground } from '../../lib/background.ts'

/** Basket (spec §7): lines, meal deals, coupon and tip, priced and totalled on the server. */
export const basket = createDomain('Basket', { edge: { basketToken: 'answers' } })

const ANSWER =
  'Answers the whole basket: lines and meal deals at the store prices of now, automatic deals, ' +
  'coupon and totals. Every change increases version.'
const SCOPE = `A basketToken that names no active basket of the business answers not_found ('${MESSAGES.basketNotFound}').`
const LIMITS =
  `Limits answer conflict with details.reason: '${MESSAGES.itemLimitReached}' (item_limit), ` +
  `'${MESSAGES.basketLimitReached}' (basket_limit), '${MESSAGES.basketLimitExceeded}' ` +
  '(basket_limit_exceeded), each message followed by the limit, which details.limit also holds.'
const ADD =
  'Without a (known) basketToken a basket is created and its token returned. A basket at ' +
  `another store holding anything answers conflict '${MESSAGES.basketOverwrite}' ` +
  '(details.reason basket_store_conflict, details.storeSlug) unless overwrite is true, which ' +
  `empties it and releases its slot. A closed store answers conflict '${MESSAGES.storeClosed}'; ` +
  `an item not sold or out of stock conflict '${MESSAGES.itemUnavailable}'. ${LIMITS}`

/**
 * A basket call: a basket it creates is the calling brand's and, signed in, the member's; the
 * outbox rows a change writes (an add's cart event, ADR 037) go to the queue after its commit.
 */
const call = (
  c: Context<BackendEnv>,
  body: { businessId: number; brandId?: number | undefined }
): BasketCall => ({
  db: c.env.DB,
  guarded: c.get('guardedBasket'),
  now: now(c.env),
  newBasketOwner: async () => ({
    brandId: body.brandId ?? null,
    customerId: await signedInMember(c, body.businessId),
  }),
  // After the answer (ADR 065): the shopper does not wait for the queue; the cron's sweep hands
  // on what this does not.
  dispatchEffects: (keys) =>
    runInBackground(executionContext(c), () => dispatchEffects(c.env, keys, now(c.env)), {
      requestId: c.var.requestId,
      event: 'effects not dispatched',
    }),
})

basket.post(
  '/basket',
  {
    edge: { location: 'fulfilment' },
    summary: 'Get the basket named by basketToken, or create an empty one',
    description:
      'A token naming an active basket of the business answers it; otherwise (none, unknown, ' +
      'checked out) a new basket is created at storeId with a new basketToken.',
    body: GetOrCreateBasketRequestSchema,
    response: BasketSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => getOrCreateBasket(call(c, body), body)
)

basket.post(
  '/basket/time-slots',
  {
    edge: { basketToken: 'carries' },
    summary: 'The time-slots pages in one call: the slot list and the basket’s slot-price facts',
    description:
      'The slot list as POST /time-slots answers it, and with a basketToken naming an active ' +
      'basket its method, store and the totals a slot’s price depends on (itemCount, subtotal, ' +
      'dealDiscount, deliveryFee), priced as the basket answer is; basket is null without one. ' +
      'Read in one batch after the basket guard.',
    body: TimeSlotListRequestSchema,
    response: SlotPageSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => slotPage(c.env.DB, c.get('guardedBasket'), body, now(c.env))
)

basket.post(
  '/basket/clear',
  {
    summary: 'Empty the basket: lines, meal deals, coupon, tip and held slot',
    description: `${ANSWER} ${SCOPE}`,
    body: ClearBasketRequestSchema,
    response: BasketSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => clearBasket(call(c, body), body)
)

basket.post(
  '/basket/update',
  {
    edge: { location: 'fulfilment' },
    summary: 'Switch the fulfilment method and/or change quantities (0 removes)',
    description: `A method change releases a held slot. ${LIMITS} ${ANSWER} ${SCOPE}`,
    body: UpdateBasketRequestSchema,
    response: BasketSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => updateBasket(call(c, body), body)
)

basket.post(
  '/basket/items/add',
  {
    edge: { location: 'fulfilment' },
    summary: 'Add an item with its option choices (same item and choices merge into one line)',
    description: `${ADD} ${ANSWER}`,
    body: AddBasketItemRequestSchema,
    response: BasketSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => addBasketItem(call(c, body), body)
)

basket.post(
  '/basket/items/update',
  {
    summary: "Change a line's quantity and, optionally, its choices",
    description: `${LIMITS} ${ANSWER} ${SCOPE}`,
    body: UpdateBasketItemRequestSchema,
    response: BasketSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => updateBasketItem(call(c, body), body)
)

basket.post(
  '/basket/items/remove',
  {
    summary: 'Remove a line',
    description: `${ANSWER} ${SCOPE}`,
    body: RemoveBasketItemRequestSchema,
    response: BasketSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => removeBasketItem(call(c, body), body)
)

basket.post(
  '/basket/meal-deals/add',
  {
    edge: { location: 'fulfilment' },
    summary: 'Add a meal deal with its choices per section, priced as the deal plus premiums',
    description: `${ADD} ${ANSWER}`,
    body: AddMealDealRequestSchema,
    response: BasketSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => addMealDeal(call(c, body), body)
)

basket.post(
  '/basket/meal-deals/remove',
  {
    summary: 'Remove a meal deal',
    description: `${ANSWER} ${SCOPE}`,
    body: RemoveMealDealRequestSchema,
    response: BasketSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => removeMealDeal(call(c, body), body)
)

basket.post(
  '/basket/coupon/apply',
  {
    summary: 'Apply a coupon after a robot check (verifyToken)',
    description:
      'A refused coupon (robot check, unknown, not started, ended, method, minimum spend, ' +
      'redemptions) answers 200 with errorCode, errorText and errorDisplay and the basket ' +
      'unchanged (spec §5 Coupon response). Members-only and first-order coupons on a guest ' +
      `basket are applied with needsReapply. ${SCOPE}`,
    body: ApplyCouponRequestSchema,
    response: CouponResultSchema,
    errors: ['not_found'],
  },
  ({ body }, c) =>
    applyCoupon(
      call(c, body),
      body,
      createRobotChecker(c.env),
      c.req.header('cf-connecting-ip') ?? null
    )
)

basket.post(
  '/basket/coupon/remove',
  {
    summary: 'Remove the coupon',
    description: `${ANSWER} ${SCOPE}`,
    body: RemoveCouponRequestSchema,
    response: BasketSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => removeCoupon(call(c, body), body)
)

basket.post(
  '/basket/tip',
  {
    summary: 'Set the driver tip (pence; counted for delivery only)',
    description: `${ANSWER} ${SCOPE}`,
    body: UpdateTipRequestSchema,
    response: BasketSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => updateTip(call(c, body), body)
)

basket.post(
  '/basket/credit',
  {
    summary: "Pay with the member's store credit, or not (on by default)",
    description:
      'Sets useCredit; totals.creditApplied is then min(balance, total before credit) and ' +
      'totals.total what is left to pay. A guest basket has no credit (creditAvailable null). ' +
      `${ANSWER} ${SCOPE}`,
    body: UpdateBasketCreditRequestSchema,
    response: BasketSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => updateBasketCredit(call(c, body), body)
)

basket.post(
  '/basket/substitutes',
  {
    summary: 'Choose best match, a replacement or no substitute for a line, a meal deal, or all',
    description:
      'Sets the substitution choice (best_match by default; replacement with replacementItemId, ' +
      'one of POST /basket/similar-items, for one line; none) of basketLineId, of ' +
      'basketMealDealId, or of every line and meal deal when neither is named; the older ' +
      "allowSubstitutes true/false means best_match/none. A member's choice is remembered for " +
      'the item. The store console may not substitute a line whose choice is none. Totals do ' +
      "not change. A line or meal deal that is not this basket's answers not_found " +
      `'${MESSAGES.substitutesUpdateFailed}'; a replacement not among the similar items ` +
      `validation_error '${MESSAGES.substituteNotSimilar}', nothing changed. ${ANSWER} ${SCOPE}`,
    body: UpdateSubstitutesRequestSchema,
    response: BasketSchema,
    errors: ['validation_error', 'not_found'],
  },
  ({ body }, c) => updateSubstitutes(call(c, body), body)
)

basket.post(
  '/basket/similar-items',
  {
    summary: "Items a line's replacement may be chosen from",
    description:
      `Up to ${SIMILAR_ITEMS_LIMIT} items of the line's subcategory, sold and in stock at the ` +
      "basket's store, nearest price first. A line that is not this basket's answers " +
      `not_found. ${SCOPE}`,
    body: SimilarItemsRequestSchema,
    response: SimilarItemsSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => similarItems(call(c, body), body)
)

basket.post(
  '/basket/claim',
  {
    summary: "Make a guest basket the signed-in member's (after every member sign-in)",
    description:
      "Needs a member bearer token. Sets the basket's member when it has none; the member's " +
      `own basket answers unchanged. A guest token answers forbidden '${MESSAGES.loginRequired}'; ` +
      `a basket of another member forbidden '${MESSAGES.basketOfAnotherMember}', nothing ` +
      `changed. ${ANSWER} ${SCOPE}`,
    body: ClaimBasketRequestSchema,
    response: BasketSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await authenticate(c, { businessId: body.businessId })
    if (caller.kind !== 'member' || caller.customerId === undefined) {
      throw new AppError('forbidden', MESSAGES.loginRequired)
    }
    return claimBasket(call(c, body), body, caller.customerId)
  }
)

basket.post(
  '/basket/follow',
  {
    summary: "Bring the member's basket to this browser (on every member sign-in)",
    description:
      "Needs a member bearer token. The member's newest active basket (of the calling brand) " +
      'comes to this browser with a basketToken of its own; the basket the browser held ' +
      '(basketToken, optional) is merged into it and closed: at the same store its lines add ' +
      "to the member's, as far as the item and basket limits allow; at another store they are " +
      "left out (outcome other_store). A member's basket holding nothing moves to the browser " +
      "basket's store. Without a basket of the member's the browser's basket becomes theirs " +
      '(outcome kept). added and dropped count the items moved and left out. A guest token ' +
      `answers forbidden '${MESSAGES.loginRequired}'.`,
    body: FollowBasketRequestSchema,
    response: BasketFollowSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await authenticate(c, { businessId: body.businessId })
    if (caller.kind !== 'member' || caller.customerId === undefined) {
      throw new AppError('forbidden', MESSAGES.loginRequired)
    }
    return followMemberBasket(call(c, body), body, caller.customerId)
  }
)

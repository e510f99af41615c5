import { WeighingSchema } from './weighing.ts'
import { z } from 'zod'
import { FULFILMENT_METHODS, FULFILMENT_TIMINGS, LONGEST_POSTCODE } from './constants.ts'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema, MoneySchema } from './common.ts'
import { ImageSetSchema, OptionChoiceSchema } from './catalogue.ts'
import { formatMessage, MESSAGES } from './messages.ts'
import { formatMoney } from './money.ts'
import { SlotReservationSchema, TimeSlotListSchema } from './slots.ts'
import { TEXT_MAX_LENGTH, tooLongMessage } from './text-limits.ts'
import { STORE_AVAILABILITY_STATES } from './stores.ts'

/**
 * Basket calls of spec §7 (Basket) and the basket answer (spec §3 Basket). Every amount is pence
 * and computed on the server: a client sends ids, quantities and choices, never a price.
 *
 * The basketToken is an opaque bearer secret for one basket. In the browser it lives only in the
 * httpOnly `sf_basket` cookie: the proxy puts it into request bodies and takes it out of answers
 * (worker/lib/cookies/basket.ts), so browser code never reads it.
 */

/** An opaque basket token: 43 url-safe base64 characters (32 random bytes) when we issue it. */
export const BasketTokenSchema = z
  .string({ error: MESSAGES.validationError })
  .trim()
  .min(16, { error: MESSAGES.validationError })
  .max(200, { error: MESSAGES.validationError })

const MethodSchema = z.enum(FULFILMENT_METHODS)

/** Spec §5 Quantity: a whole number from 1; a missing or bad one gets 'Please enter the quantity.' */
export const BasketQuantitySchema = z.coerce
  .number({ error: MESSAGES.quantityRequired })
  .int({ error: MESSAGES.quantityRequired })
  .min(1, { error: MESSAGES.quantityRequired })
  .max(999, { error: MESSAGES.validationError })

/** A quantity change: 0 removes the line. */
const NewQuantitySchema = z.coerce
  .number({ error: MESSAGES.quantityRequired })
  .int({ error: MESSAGES.quantityRequired })
  .min(0, { error: MESSAGES.quantityRequired })
  .max(999, { error: MESSAGES.validationError })

/** The most a shopper can tip the driver, in pence (spec §9: tip limits not shown). */
export const MAX_TIP_PENCE = 5000

// --- Requests ---------------------------------------------------------------------------------

/**
 * Spec §3 Basket payload fulfilmentLocation: where the shopper searched from. It chooses the
 * delivery zone, so the zone's fee and minimum spend apply. The proxy fills it from the shopper's
 * location cookie when a basket call does not carry one.
 */
export type FulfilmentLocation = z.infer<typeof FulfilmentLocationSchema>
export const FulfilmentLocationSchema = z.object({
  postcode: z.string().trim().max(LONGEST_POSTCODE).optional(),
  latitude: z.coerce.number({ error: MESSAGES.validationError }).min(-90).max(90),
  longitude: z.coerce.number({ error: MESSAGES.validationError }).min(-180).max(180),
})

const BasketScopeSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  basketToken: BasketTokenSchema,
})

/**
 * Get or create: a token naming an active basket of the business answers that basket; otherwise
 * (no token, unknown, checked out) a new empty basket is created at storeId (when given) with a new
 * token. storeId/fulfilmentMethod given with an existing basket do not change it.
 */
export const GetOrCreateBasketRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  basketToken: BasketTokenSchema.optional(),
  storeId: IdSchema.optional(),
  fulfilmentMethod: MethodSchema.optional(),
  fulfilmentLocation: FulfilmentLocationSchema.optional(),
})

export const ClearBasketRequestSchema = BasketScopeSchema

/** One quantity change of a line (basketLineId) or of a meal deal (basketMealDealId). */
export const BasketQuantityUpdateSchema = z
  .object({
    basketLineId: IdSchema.optional(),
    basketMealDealId: IdSchema.optional(),
    quantity: NewQuantitySchema,
  })
  .refine(
    (update) => (update.basketLineId === undefined) !== (update.basketMealDealId === undefined),
    {
      error: MESSAGES.validationError,
      path: ['basketLineId'],
    }
  )

/** Spec §7 Update (fulfilmentMethod, basketToken, updates): switch method and/or change quantities. */
export const UpdateBasketRequestSchema = BasketScopeSchema.extend({
  fulfilmentMethod: MethodSchema.optional(),
  fulfilmentLocation: FulfilmentLocationSchema.optional(),
  updates: z.array(BasketQuantityUpdateSchema).max(100).default([]),
})

/** The menuItem of an add: which item, how many, which option values (schemas/item-options.ts). */
export const BasketMenuItemSchema = z.object({
  itemId: IdSchema,
  quantity: BasketQuantitySchema.default(1),
  choices: z.array(OptionChoiceSchema).max(100).default([]),
  /** The shopper confirmed the age of an age-restricted item (spec §5); required for those. */
  ageConfirmed: z.boolean().default(false),
})

/**
 * Spec §7 Add item (menuItem). Without a basketToken a basket is created. A basket at another store
 * that has lines is only replaced with `overwrite: true`; otherwise the answer is a conflict whose
 * message is 'You are about to overwrite your basket. Are you sure you would like to proceed?' and
 * whose details.reason is 'basket_store_conflict'.
 */
export const AddBasketItemRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  basketToken: BasketTokenSchema.optional(),
  storeId: IdSchema,
  fulfilmentMethod: MethodSchema.optional(),
  fulfilmentLocation: FulfilmentLocationSchema.optional(),
  menuItem: BasketMenuItemSchema,
  overwrite: z.boolean().default(false),
})

/** Spec §7 Update item (basketLineId, menuItem): a new quantity and, optionally, new choices. */
export const UpdateBasketItemRequestSchema = BasketScopeSchema.extend({
  basketLineId: IdSchema,
  menuItem: z.object({
    quantity: BasketQuantitySchema,
    choices: z.array(OptionChoiceSchema).max(100).optional(),
  }),
})

export const RemoveBasketItemRequestSchema = BasketScopeSchema.extend({ basketLineId: IdSchema })

/** POST /basket/credit: pay with the member's store credit or not (ADR 020). */
export const UpdateBasketCreditRequestSchema = BasketScopeSchema.extend({
  useCredit: z.boolean({ error: MESSAGES.validationError }),
})

/**
 * A line's substitution choice (issue 42): best_match (the store chooses, the default),
 * replacement (the shopper chose one similar item) or none (no substitute). A meal deal has only
 * best_match or none. Stored as allow_substitutes (none: off) and the replacement's id, so the old
 * switch's answers keep their meaning: on is best_match, off is none.
 */
export const SUBSTITUTION_CHOICES = ['best_match', 'replacement', 'none'] as const
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number]
export const SubstitutionChoiceSchema = z.enum(SUBSTITUTION_CHOICES, {
  error: MESSAGES.validationError,
})

/** The item the shopper chose as a line's replacement. */
export type SubstituteReplacement = z.infer<typeof SubstituteReplacementSchema>
export const SubstituteReplacementSchema = z.object({
  itemId: z.int(),
  name: z.string(),
  size: z.string().nullable(),
})

/**
 * The shopper's substitution choice: for one line (basketLineId), one meal deal
 * (basketMealDealId), or, naming neither, every line and meal deal of the basket (the "for all
 * items" switch). Either `substitution` (replacement needs basketLineId and replacementItemId,
 * one of the line's similar items) or the older `allowSubstitutes` (true: best_match, false:
 * none). The store may not substitute a line whose choice is none.
 */
export const UpdateSubstitutesRequestSchema = BasketScopeSchema.extend({
  basketLineId: IdSchema.optional(),
  basketMealDealId: IdSchema.optional(),
  allowSubstitutes: z.boolean({ error: MESSAGES.validationError }).optional(),
  substitution: SubstitutionChoiceSchema.optional(),
  replacementItemId: IdSchema.optional(),
})
  .refine((body) => body.basketLineId === undefined || body.basketMealDealId === undefined, {
    error: MESSAGES.validationError,
    path: ['basketMealDealId'],
  })
  .refine((body) => (body.allowSubstitutes === undefined) !== (body.substitution === undefined), {
    error: MESSAGES.validationError,
    path: ['substitution'],
  })
  .refine(
    (body) =>
      (body.substitution === 'replacement') ===
        (body.replacementItemId !== undefined && body.basketLineId !== undefined) &&
      (body.replacementItemId === undefined || body.substitution === 'replacement'),
    { error: MESSAGES.validationError, path: ['replacementItemId'] }
  )

/** The choice a request asks for, with the older allowSubstitutes read as best_match or none. */
export function requestedSubstitution(body: {
  allowSubstitutes?: boolean | undefined
  substitution?: SubstitutionChoice | undefined
}): SubstitutionChoice {
  if (body.substitution !== undefined) return body.substitution
  return body.allowSubstitutes === false ? 'none' : 'best_match'
}

/** Up to this many similar items are offered as a line's replacement. */
export const SIMILAR_ITEMS_LIMIT = 6

/** POST /basket/similar-items: the items a line's replacement may be chosen from. */
export const SimilarItemsRequestSchema = BasketScopeSchema.extend({ basketLineId: IdSchema })

/** One similar item: same subcategory, sold and in stock at the basket's store. */
export type SimilarItem = z.infer<typeof SimilarItemSchema>
export const SimilarItemSchema = z.object({
  itemId: z.int(),
  name: z.string(),
  size: z.string().nullable(),
  price: MoneySchema,
})

/** Nearest price first (then name), at most SIMILAR_ITEMS_LIMIT. */
export type SimilarItems = z.infer<typeof SimilarItemsSchema>
export const SimilarItemsSchema = z.object({
  basketLineId: z.int(),
  items: z.array(SimilarItemSchema),
})

/** One item chosen in a section of a meal deal. */
export const MealDealChoiceSchema = z.object({ sectionId: IdSchema, itemId: IdSchema })

/** Adds a meal deal (a deal of kind meal_deal) with one or more items per section. */
export const AddMealDealRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  basketToken: BasketTokenSchema.optional(),
  storeId: IdSchema,
  fulfilmentMethod: MethodSchema.optional(),
  fulfilmentLocation: FulfilmentLocationSchema.optional(),
  dealId: IdSchema,
  quantity: BasketQuantitySchema.default(1),
  choices: z.array(MealDealChoiceSchema).min(1).max(20),
  ageConfirmed: z.boolean().default(false),
  overwrite: z.boolean().default(false),
})

export const RemoveMealDealRequestSchema = BasketScopeSchema.extend({ basketMealDealId: IdSchema })

/** Spec §7 Apply coupon (coupon, verifyToken as a robot-check token). */
export const ApplyCouponRequestSchema = BasketScopeSchema.extend({
  coupon: z
    .string({ error: MESSAGES.validationError })
    .trim()
    .min(1, { error: MESSAGES.validationError })
    .max(TEXT_MAX_LENGTH.coupon, {
      error: tooLongMessage('Coupon code', TEXT_MAX_LENGTH.coupon),
    }),
  verifyToken: z
    .string({ error: MESSAGES.validationError })
    .trim()
    .min(1, { error: MESSAGES.validationError })
    .max(2048, { error: MESSAGES.validationError }),
})

export const RemoveCouponRequestSchema = BasketScopeSchema

/** Spec §7 Update tip (tip as a number, pence). Tips apply to delivery only. */
export const UpdateTipRequestSchema = BasketScopeSchema.extend({
  tip: z.coerce
    .number({ error: MESSAGES.tipInvalid })
    .int({ error: MESSAGES.tipInvalid })
    .min(0, { error: MESSAGES.tipInvalid })
    .max(MAX_TIP_PENCE, { error: formatMessage('tipTooHigh', formatMoney(MAX_TIP_PENCE)) }),
})

/**
 * A guest basket becomes the signed-in member's (spec §7 Basket, ADR 012): the caller's member bearer token
 * names the member; a basket of another member is refused.
 */
export const ClaimBasketRequestSchema = BasketScopeSchema

// --- Answers ----------------------------------------------------------------------------------

export type BasketLineChoice = z.infer<typeof BasketLineChoiceSchema>
export const BasketLineChoiceSchema = z.object({
  optionId: z.int(),
  valueId: z.int(),
  optionName: z.string(),
  valueName: z.string(),
  quantity: z.int().positive(),
  /** What these instances add to the unit price (free instances make it less than quantity × cost). */
  extraCost: MoneySchema,
})

/**
 * A line of the basket at the store's current price. `available` false (out of stock, not sold
 * any more) keeps the line but leaves it out of the totals, with message 'Item is no longer
 * available.'; `priceChanged` marks a unit price that differs from the one when it was added.
 */
export type BasketLine = z.infer<typeof BasketLineSchema>
export const BasketLineSchema = z.object({
  basketLineId: z.int(),
  itemId: z.int(),
  slug: z.string(),
  categorySlug: z.string(),
  name: z.string(),
  size: z.string().nullable(),
  images: ImageSetSchema,
  quantity: z.int().positive(),
  unitPrice: MoneySchema,
  lineTotal: MoneySchema,
  /** A weighed item (ADR 039): unitPrice and lineTotal are estimates until the order is picked. */
  weighing: WeighingSchema.nullable(),
  choices: z.array(BasketLineChoiceSchema),
  maxQuantity: z.int().nullable(),
  ageRestriction: z.int().nullable(),
  available: z.boolean(),
  priceChanged: z.boolean(),
  message: z.string().nullable(),
  /** The shopper lets the store substitute this line when it is out of stock (default true). */
  allowSubstitutes: z.boolean(),
  /** The line's substitution choice (allowSubstitutes is false exactly when it is none). */
  substitution: SubstitutionChoiceSchema,
  /** The chosen replacement when substitution is replacement, else null. */
  replacement: SubstituteReplacementSchema.nullable(),
})

export type BasketMealDeal = z.infer<typeof BasketMealDealSchema>
export const BasketMealDealSchema = z.object({
  basketMealDealId: z.int(),
  dealId: z.int(),
  slug: z.string(),
  name: z.string(),
  quantity: z.int().positive(),
  /** The deal price plus the chosen items' premiums. */
  unitPrice: MoneySchema,
  lineTotal: MoneySchema,
  choices: z.array(
    z.object({
      sectionId: z.int(),
      sectionName: z.string(),
      itemId: z.int(),
      name: z.string(),
      extraCost: MoneySchema,
    })
  ),
  available: z.boolean(),
  priceChanged: z.boolean(),
  message: z.string().nullable(),
  /** The shopper lets the store substitute this meal deal's items (default true). */
  allowSubstitutes: z.boolean(),
})

/** Whether every line and meal deal of the basket allows substitutes (the "for all items" switch). */
export function allSubstitutesAllowed(basket: {
  lines: ReadonlyArray<{ allowSubstitutes: boolean }>
  mealDeals: ReadonlyArray<{ allowSubstitutes: boolean }>
}): boolean {
  return [...basket.lines, ...basket.mealDeals].every((line) => line.allowSubstitutes)
}

/** A deal applied automatically (multibuy, percent_off, amount_off) and what it takes off. */
export type BasketDealDiscount = z.infer<typeof BasketDealDiscountSchema>
export const BasketDealDiscountSchema = z.object({
  dealId: z.int(),
  slug: z.string(),
  name: z.string(),
  discount: MoneySchema,
})

/**
 * The applied coupon. `needsReapply` (spec §4): it needs the shopper to sign in (members only,
 * first order only) and takes nothing off until it is applied again after sign-in.
 */
export type BasketCoupon = z.infer<typeof BasketCouponSchema>
export const BasketCouponSchema = z.object({
  code: z.string(),
  description: z.string().nullable(),
  discount: MoneySchema,
  needsReapply: z.boolean(),
  /** Why it currently takes nothing off (e.g. the basket fell under its minimum spend), if so. */
  message: z.string().nullable(),
})

/**
 * total = subtotal − dealDiscount − couponDiscount + deliveryFee + serviceFee + tip (never below 0).
 * subtotal: the available lines and meal deals. deliveryFee is 0 for collection, and when the
 * subtotal reaches freeDeliveryThreshold or a free-delivery coupon applies.
 * minimumSpendShortfall = max(0, minimumSpend − (subtotal − dealDiscount)).
 */
export type BasketTotals = z.infer<typeof BasketTotalsSchema>
export const BasketTotalsSchema = z.object({
  /** Sum of quantities of available lines and meal deals. */
  itemCount: z.int().nonnegative(),
  subtotal: MoneySchema,
  dealDiscount: MoneySchema,
  couponDiscount: MoneySchema,
  deliveryFee: MoneySchema,
  serviceFee: MoneySchema,
  tip: MoneySchema,
  /** What is left to pay, after store credit (creditApplied). */
  total: MoneySchema,
  minimumSpend: MoneySchema,
  minimumSpendShortfall: MoneySchema,
  freeDeliveryThreshold: MoneySchema.nullable(),
  /** The member's store credit balance (ADR 020); null for a guest basket. */
  creditAvailable: MoneySchema.nullable(),
  /** Credit spent on this basket: min(balance, total before credit) when useCredit, else 0. */
  creditApplied: MoneySchema,
  /** The shopper's choice to pay with their credit (on by default). */
  useCredit: z.boolean(),
})

/** What the basket and slot pages need of the basket's store. */
export type BasketStore = z.infer<typeof BasketStoreSchema>
export const BasketStoreSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** Spec §4: 'closed' makes the basket unavailable ('Unable to view basket as the store is closed'). */
  availability: z.enum(STORE_AVAILABILITY_STATES),
  deliveryEnabled: z.boolean(),
  collectionEnabled: z.boolean(),
  asapEnabled: z.boolean(),
  daysInAdvance: z.int().nonnegative(),
  /** Most items (sum of quantities) the basket may hold; null = no limit. */
  maxBasketItems: z.int().nullable(),
})

export type Basket = z.infer<typeof BasketSchema>
export const BasketSchema = z.object({
  /** The proxy moves this into the httpOnly cookie and removes it before the browser sees it. */
  basketToken: z.string().optional(),
  store: BasketStoreSchema.nullable(),
  fulfilmentMethod: MethodSchema,
  fulfilmentTiming: z.enum(FULFILMENT_TIMINGS),
  lines: z.array(BasketLineSchema),
  mealDeals: z.array(BasketMealDealSchema),
  deals: z.array(BasketDealDiscountSchema),
  coupon: BasketCouponSchema.nullable(),
  totals: BasketTotalsSchema,
  /** The slot held or confirmed for this basket (spec §4 Slot reservation), if any. */
  slot: SlotReservationSchema.nullable(),
  /** Shopper-facing notices, e.g. 'Please check your basket as promotions/prices may have changed.' */
  notices: z.array(z.string()),
  /** Increases on every change (checkout tells when the basket moved under it). */
  version: z.int().positive(),
})

/**
 * Spec §5 Coupon response: a failure carries errorCode/errorText (and errorDisplay, the text to
 * show) even though the call itself succeeded (200); the basket is then unchanged.
 */
export type CouponResult = z.infer<typeof CouponResultSchema>
export const CouponResultSchema = z.object({
  basket: BasketSchema,
  errorCode: z.string().optional(),
  errorText: z.string().optional(),
  errorDisplay: z.string().optional(),
})

/**
 * The header basket: what the `sf_basket_summary` cookie and the basket-changed event carry.
 * `total` is what the items cost (subtotal less automatic deals), as shop headers show it; fees,
 * tip and coupon belong to the basket page. Built by basketSummary (client/lib/basket-summary.ts).
 */
export type BasketSummary = z.infer<typeof BasketSummarySchema>
export const BasketSummarySchema = z.object({
  itemCount: z.int().nonnegative(),
  total: MoneySchema,
  storeSlug: z.string().nullable(),
})

/**
 * The robot-check token the local checker accepts (ROBOT_CHECK_PROVIDER=local, the default). With
 * Turnstile configured, the basket page renders the widget and sends the token it issues.
 */
export const LOCAL_ROBOT_CHECK_TOKEN = 'local-robot-check-passed'

/**
 * How the basket page gets the robot-check token a coupon needs (ROBOT_CHECK_PROVIDER): the local
 * checker's fixed token, or a Cloudflare Turnstile widget with the brand's site key.
 */
export type RobotCheckConfig =
  { provider: 'local'; token: string } | { provider: 'turnstile'; siteKey: string }

/**
 * On every member sign-in (issue 35 item 13): the member's basket comes to this browser, with
 * the basket the browser held before (basketToken, optional) merged into it. Needs a member
 * bearer token.
 */
export const FollowBasketRequestSchema = BasketScopeSchema.extend({
  basketToken: BasketTokenSchema.optional(),
})

/**
 * What a sign-in did with the baskets: none (no basket either side), kept (the browser's basket
 * is the member's now), restored (the member's basket came to this browser; the browser's held
 * nothing), merged (the browser's lines went into the member's basket, `dropped` of them not, for
 * its limits), other_store (the browser's lines were for another store and were left out).
 */
export const BASKET_FOLLOW_OUTCOMES = ['none', 'kept', 'restored', 'merged', 'other_store'] as const
export type BasketFollowOutcome = (typeof BASKET_FOLLOW_OUTCOMES)[number]

export type BasketFollow = z.infer<typeof BasketFollowSchema>
export const BasketFollowSchema = z.object({
  outcome: z.enum(BASKET_FOLLOW_OUTCOMES),
  /** Items (quantities) moved from the browser's basket. */
  added: z.int().nonnegative(),
  /** Items of the browser's basket left out (another store, or over a limit): always said. */
  dropped: z.int().nonnegative(),
  /** The basket this browser goes on with (its token when the browser needs a new one). */
  basket: BasketSchema.nullable(),
})

/**
 * What the time-slots pages need of the basket (ADR 068): its method and what each slot will
 * cost it (schemas/slot-price.ts), and the header's summary; priced by the basket's own code.
 */
export type SlotPageBasket = z.infer<typeof SlotPageBasketSchema>
export const SlotPageBasketSchema = z.object({
  fulfilmentMethod: MethodSchema,
  store: z.object({ slug: z.string() }).nullable(),
  totals: BasketTotalsSchema.pick({
    itemCount: true,
    subtotal: true,
    dealDiscount: true,
    deliveryFee: true,
  }),
})

/**
 * The time-slots pages' one call (ADR 068): the slot list (as POST /time-slots answers it) and,
 * with a basketToken naming an active basket, that basket's slot-price facts; null without one.
 */
export type SlotPage = z.infer<typeof SlotPageSchema>
export const SlotPageSchema = z.object({
  slots: TimeSlotListSchema,
  basket: SlotPageBasketSchema.nullable(),
})

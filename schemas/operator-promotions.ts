import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'
import { MESSAGES } from './messages.ts'

/**
 * The operator console's promotions (ADR 027): deals and meal deals, banners and coupons. Money
 * is in pence (ADR 005). Dates are wall-clock times of the business's time zone
 * ('YYYY-MM-DDTHH:MM', what a datetime-local input sends); the backend stores the instant.
 * Validation mirrors the tables' CHECKs (migration 0005) with a message per field.
 */

export const DEAL_KINDS = ['multibuy', 'meal_deal', 'percent_off', 'amount_off'] as const
export const COUPON_KINDS = ['percent', 'amount', 'free_delivery'] as const
export const BANNER_LINK_TYPES = ['none', 'category', 'deal', 'menu_item', 'url'] as const
export const FULFILMENT_METHODS = ['delivery', 'collection'] as const

/** The most sections a meal deal has (main, snack, drink); the form shows as many. */
export const DEAL_SECTIONS_MAX = 3

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const PromoSlugSchema = z
  .string()
  .trim()
  .max(120, MESSAGES.promoSlugInvalid)
  .regex(SLUG, MESSAGES.promoSlugInvalid)

const Name = z.string().trim().min(1, MESSAGES.promoNameRequired).max(160)
const Optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null))
const Count = z.int(MESSAGES.promoWholeNumber).min(0, MESSAGES.promoWholeNumber).max(1000)
const Pence = z
  .int(MESSAGES.promoAmountRequired)
  .min(1, MESSAGES.promoAmountRequired)
  .max(1_000_000)
const Colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.promoColourInvalid)
  .nullable()
/** A wall-clock time in the business's zone, or null for "no start" / "no end". */
export const LocalDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, MESSAGES.promoDateTimeInvalid)
  .nullable()

/** An image or link the shop shows: a path on this site or an https address, never script. */
export const SafeHrefSchema = z
  .string()
  .trim()
  .max(500, MESSAGES.promoLinkUrlInvalid)
  .refine(
    (value) => /^\/(?![/\\])[^\s]*$/.test(value) || /^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(value),
    MESSAGES.promoLinkUrlInvalid
  )

// --- Deals ---------------------------------------------------------------------------------------

export const DealSectionItemSchema = z.object({
  menuItemId: IdSchema,
  /** A premium on top of the deal price, in pence (meal deals, e.g. 50 for +50p). */
  extraCost: z.int().min(0).max(100_000).default(0),
})

export type DealSectionInput = z.infer<typeof DealSectionInputSchema>
export const DealSectionInputSchema = z
  .object({
    name: z.string().trim().min(1, MESSAGES.promoSectionNameRequired).max(80),
    minimumSelected: Count,
    maximumSelected: z.int(MESSAGES.promoWholeNumber).min(1, MESSAGES.promoWholeNumber).max(1000),
    /** Every item of this category (and its sub-categories) joins the section. */
    categoryId: IdSchema.nullable().default(null),
    items: z.array(DealSectionItemSchema).max(500).default([]),
  })
  .check((ctx) => {
    const section = ctx.value
    if (section.minimumSelected > section.maximumSelected) {
      ctx.issues.push({
        code: 'custom',
        input: section,
        path: ['maximumSelected'],
        message: MESSAGES.promoSectionMinMax.replace('%s', section.name),
      })
    }
    if (section.categoryId === null && section.items.length === 0) {
      ctx.issues.push({
        code: 'custom',
        input: section,
        path: ['items'],
        message: MESSAGES.promoSectionItemsRequired.replace('%s', section.name),
      })
    }
  })

const DealFields = z.object({
  slug: PromoSlugSchema,
  name: Name,
  description: Optional(500),
  kind: z.enum(DEAL_KINDS),
  quantityRequired: z.int().nullable().default(null),
  price: z.int().nullable().default(null),
  discountPercent: z.int().nullable().default(null),
  discountAmount: z.int().nullable().default(null),
  badgeText: Optional(40),
  badgeColor: Colour.default(null),
  badgeBackgroundColor: Colour.default(null),
  imageUrl: SafeHrefSchema.nullable().default(null),
  startsAt: LocalDateTimeSchema.default(null),
  endsAt: LocalDateTimeSchema.default(null),
  position: Count.default(0),
  isActive: z.boolean().default(true),
  sections: z
    .array(DealSectionInputSchema)
    .min(1, MESSAGES.promoSectionsRequired)
    .max(DEAL_SECTIONS_MAX),
})

/** The kind's own numbers: what the CHECK on deals requires of each kind. */
function checkDealKind(ctx: z.core.ParsePayload<z.infer<typeof DealFields>>): void {
  const deal = ctx.value
  const need = (field: string, ok: boolean, message: string) => {
    if (!ok) ctx.issues.push({ code: 'custom', input: deal, path: [field], message })
  }
  if (deal.kind === 'multibuy') {
    need('quantityRequired', (deal.quantityRequired ?? 0) >= 2, MESSAGES.promoQuantityRequired)
  }
  if (deal.kind === 'multibuy' || deal.kind === 'meal_deal') {
    need('price', (deal.price ?? 0) > 0, MESSAGES.promoPriceRequired)
  }
  if (deal.kind === 'percent_off') {
    const percent = deal.discountPercent ?? 0
    need('discountPercent', percent >= 1 && percent <= 100, MESSAGES.promoPercentRequired)
  }
  if (deal.kind === 'amount_off') {
    need('discountAmount', (deal.discountAmount ?? 0) > 0, MESSAGES.promoAmountRequired)
  }
}

/** POST /staff/operator/promotions/deals/save: creates (no dealId) or replaces a deal. */
export type DealSaveRequest = z.infer<typeof DealSaveRequestSchema>
export const DealSaveRequestSchema = DealFields.extend({
  businessId: BusinessIdSchema,
  dealId: IdSchema.optional(),
}).check(checkDealKind)

export type OperatorDeal = z.infer<typeof OperatorDealSchema>
export const OperatorDealSchema = DealFields.omit({ sections: true }).extend({
  dealId: z.int().positive(),
  /** The stored instants (UTC), beside the wall-clock times above. */
  startsAtUtc: z.string().nullable(),
  endsAtUtc: z.string().nullable(),
  sections: z.array(
    z.object({
      name: z.string(),
      minimumSelected: z.int(),
      maximumSelected: z.int(),
      categoryId: z.int().nullable(),
      items: z.array(
        z.object({
          menuItemId: z.int().positive(),
          extraCost: z.int(),
          slug: z.string(),
          name: z.string(),
        })
      ),
    })
  ),
})

export const DealSummarySchema = z.object({
  dealId: z.int().positive(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(DEAL_KINDS),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  itemCount: z.int().nonnegative(),
})
export const DealListSchema = z.object({ deals: z.array(DealSummarySchema), timeZone: z.string() })

export const DealRequestSchema = z.object({ businessId: BusinessIdSchema, dealId: IdSchema })

// --- Banners -------------------------------------------------------------------------------------

const BannerFields = z.object({
  slug: PromoSlugSchema,
  title: z.string().trim().min(1, MESSAGES.promoBannerTitleRequired).max(120),
  subtitle: Optional(200),
  imageUrl: SafeHrefSchema,
  imageWidth: z.int().positive().default(1200),
  imageHeight: z.int().positive().default(400),
  linkType: z.enum(BANNER_LINK_TYPES).default('none'),
  linkCategoryId: IdSchema.nullable().default(null),
  linkDealId: IdSchema.nullable().default(null),
  linkMenuItemId: IdSchema.nullable().default(null),
  linkUrl: SafeHrefSchema.nullable().default(null),
  /** Null: every brand, every store, the store home page, either method. */
  brandId: IdSchema.nullable().default(null),
  storeId: IdSchema.nullable().default(null),
  categoryId: IdSchema.nullable().default(null),
  fulfilmentMethod: z.enum(FULFILMENT_METHODS).nullable().default(null),
  startsAt: LocalDateTimeSchema.default(null),
  endsAt: LocalDateTimeSchema.default(null),
  position: Count.default(0),
  isActive: z.boolean().default(true),
})

const LINK_FIELD = {
  category: 'linkCategoryId',
  deal: 'linkDealId',
  menu_item: 'linkMenuItemId',
  url: 'linkUrl',
} as const

/** POST /staff/operator/promotions/banners/save: creates (no bannerId) or replaces a banner. */
export type BannerSaveRequest = z.infer<typeof BannerSaveRequestSchema>
export const BannerSaveRequestSchema = BannerFields.extend({
  businessId: BusinessIdSchema,
  bannerId: IdSchema.optional(),
}).check((ctx) => {
  const banner = ctx.value
  if (banner.linkType === 'none') return
  const field = LINK_FIELD[banner.linkType]
  if (banner[field] === null) {
    ctx.issues.push({
      code: 'custom',
      input: banner,
      path: [field],
      message:
        banner.linkType === 'url' ? MESSAGES.promoLinkUrlInvalid : MESSAGES.promoLinkTargetRequired,
    })
  }
})

export type OperatorBanner = z.infer<typeof OperatorBannerSchema>
export const OperatorBannerSchema = BannerFields.extend({
  bannerId: z.int().positive(),
  startsAtUtc: z.string().nullable(),
  endsAtUtc: z.string().nullable(),
})

export const BannerSummarySchema = z.object({
  bannerId: z.int().positive(),
  slug: z.string(),
  title: z.string(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Where it shows, in words: 'All stores, store home'. */
  placement: z.string(),
  impressions: z.int().nonnegative(),
  clicks: z.int().nonnegative(),
})
export const BannerListSchema = z.object({
  banners: z.array(BannerSummarySchema),
  timeZone: z.string(),
})

export const BannerRequestSchema = z.object({ businessId: BusinessIdSchema, bannerId: IdSchema })

// --- Coupons -------------------------------------------------------------------------------------

const CouponFields = z.object({
  /** Stored upper case (shoppers' input is upper-cased before lookup). */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,30}$/, MESSAGES.promoCouponCodeInvalid)
    .transform((code) => code.toUpperCase()),
  description: Optional(200),
  kind: z.enum(COUPON_KINDS),
  /** Percent (1–100) for 'percent', pence for 'amount', 0 for 'free_delivery'. */
  value: z.int().min(0).max(1_000_000).default(0),
  minimumSpend: z.int().min(0).max(1_000_000).default(0),
  maximumDiscount: Pence.nullable().default(null),
  fulfilmentMethod: z.enum(FULFILMENT_METHODS).nullable().default(null),
  membersOnly: z.boolean().default(false),
  firstOrderOnly: z.boolean().default(false),
  startsAt: LocalDateTimeSchema.default(null),
  endsAt: LocalDateTimeSchema.default(null),
  maxRedemptions: z
    .int(MESSAGES.promoWholeNumber)
    .min(1, MESSAGES.promoWholeNumber)
    .nullable()
    .default(null),
  maxRedemptionsPerCustomer: z
    .int(MESSAGES.promoWholeNumber)
    .min(1, MESSAGES.promoWholeNumber)
    .nullable()
    .default(null),
  isActive: z.boolean().default(true),
})

/** POST /staff/operator/promotions/coupons/save: creates (no couponId) or replaces a coupon. */
export type CouponSaveRequest = z.infer<typeof CouponSaveRequestSchema>
export const CouponSaveRequestSchema = CouponFields.extend({
  businessId: BusinessIdSchema,
  couponId: IdSchema.optional(),
}).check((ctx) => {
  const coupon = ctx.value
  const refuse = (message: string) =>
    ctx.issues.push({ code: 'custom', input: coupon, path: ['value'], message })
  if (coupon.kind === 'percent' && (coupon.value < 1 || coupon.value > 100)) {
    refuse(MESSAGES.promoCouponValuePercent)
  }
  if (coupon.kind === 'amount' && coupon.value < 1) refuse(MESSAGES.promoCouponValueAmount)
})

export type OperatorCoupon = z.infer<typeof OperatorCouponSchema>
export const OperatorCouponSchema = CouponFields.extend({
  couponId: z.int().positive(),
  redemptionCount: z.int().nonnegative(),
  startsAtUtc: z.string().nullable(),
  endsAtUtc: z.string().nullable(),
})
export const CouponListSchema = z.object({
  coupons: z.array(OperatorCouponSchema),
  timeZone: z.string(),
})

export const CouponRequestSchema = z.object({ businessId: BusinessIdSchema, couponId: IdSchema })

// --- What the forms choose from ------------------------------------------------------------------

export const PromotionsListRequestSchema = z.object({ businessId: BusinessIdSchema })

const Choice = z.object({ id: z.int().positive(), name: z.string() })
export type PromotionChoices = z.infer<typeof PromotionChoicesSchema>
export const PromotionChoicesSchema = z.object({
  brands: z.array(Choice),
  stores: z.array(Choice),
  categories: z.array(Choice),
  deals: z.array(Choice),
})

/** Items by words of their name or slug, by exact slugs (a section's list as typed), or by id. */
export const PromotionItemsRequestSchema = z.object({
  businessId: BusinessIdSchema,
  query: z.string().trim().max(80).default(''),
  slugs: z.array(z.string().trim().max(160)).max(500).default([]),
  ids: z.array(IdSchema).max(50).default([]),
})
export const PromotionItemSchema = z.object({
  menuItemId: z.int().positive(),
  slug: z.string(),
  name: z.string(),
  categoryName: z.string(),
})
export const PromotionItemsSchema = z.object({ items: z.array(PromotionItemSchema) })

/** POST /staff/operator/promotions/images (multipart): a deal's or banner's picture. */
export const PromotionImageRequestSchema = z.object({
  businessId: BusinessIdSchema,
  purpose: z.enum(['deal', 'banner']),
  image: z.array(z.file().meta({ type: 'string', format: 'binary' })).default([]),
})
export const PromotionImageSchema = z.object({
  url: z.string(),
  width: z.int().positive(),
  height: z.int().positive(),
})

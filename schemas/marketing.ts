import { z } from 'zod'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema } from './common.ts'

/*
 * The marketing service (ADR 025, spec §7 Other): the anonymous marketing identifier of a
 * shopper's session, the deep-link action call and the development log of marketing calls.
 */

/** Iterable's endpoints, as the local log names them. */
export const MARKETING_EVENT_KINDS = ['user_update', 'event', 'purchase', 'cart_update'] as const
export type MarketingEventKind = (typeof MARKETING_EVENT_KINDS)[number]

/** How many calls /dev/marketing lists, newest first. */
export const MARKETING_LOG_LIMIT = 100

/** Spec §7 "Marketing service identifier (sessionToken)": the session is the shopper's basket. */
export const MarketingIdentifierRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  /** The shopper's session token: their basket token (the one thing a guest session has). */
  sessionToken: z.string().trim().min(1).max(200),
})

export type MarketingIdentifier = z.infer<typeof MarketingIdentifierSchema>
export const MarketingIdentifierSchema = z.object({
  /** Stable for the session, derived from it, never the token itself. */
  marketingId: z.string(),
})

export const DEEP_LINK_PLATFORMS = ['web', 'ios', 'android'] as const
/** What a marketing link opens (spec §4 Deep link). */
export const DEEP_LINK_ACTIONS = ['store', 'category', 'item', 'deal', 'basket'] as const
export type DeepLinkActionType = (typeof DEEP_LINK_ACTIONS)[number]

/** Spec §7 Other "Deep-link action". */
export type DeepLinkActionRequest = z.infer<typeof DeepLinkActionRequestSchema>
export const DeepLinkActionRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  platform: z.enum(DEEP_LINK_PLATFORMS),
  actionType: z.enum(DEEP_LINK_ACTIONS),
  storeId: IdSchema.optional(),
  categoryId: IdSchema.optional(),
  itemId: IdSchema.optional(),
  dealId: IdSchema.optional(),
  /** actionType 'basket': the shared basket to restore. */
  sharedBasketToken: z.string().trim().min(1).max(200).optional(),
  campaignId: z.string().trim().min(1).max(100).optional(),
  /** Whether the shopper agreed to empty a basket of another store. */
  clearStore: z.boolean().default(false),
  /** The shopper's searched postcode, if any: store actions need one. */
  postcode: z.string().trim().min(1).max(12).optional(),
  /** The shopper's own basket (their session), if any. */
  basketToken: z.string().trim().min(1).max(200).optional(),
})

export const DEEP_LINK_ERROR_CODES = [
  'STORE_SEARCH_REQUIRED',
  'INCOMPATIBLE_STORE',
  'UNRECOVERABLE_ERROR',
] as const
export type DeepLinkErrorCode = (typeof DEEP_LINK_ERROR_CODES)[number]

/** Where the link goes; like the coupon answer, a refusal is a 200 with errorCode and message. */
export type DeepLinkActionResult = z.infer<typeof DeepLinkActionResultSchema>
export const DeepLinkActionResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    storeSlug: z.string(),
    categoryId: IdSchema.optional(),
    itemSlug: z.string().optional(),
    categorySlug: z.string().optional(),
    dealSlug: z.string().optional(),
    /** actionType 'basket': the restored basket's token, for the storefront's basket cookie. */
    basketToken: z.string().optional(),
    /** Whether the shopper's basket of another store was emptied (clearStore). */
    basketCleared: z.boolean(),
  }),
  z.object({
    ok: z.literal(false),
    errorCode: z.enum(DEEP_LINK_ERROR_CODES),
    message: z.string(),
  }),
])

export const MarketingLogQuerySchema = z.object({ businessId: BusinessIdSchema })

export type MarketingLogEntry = z.infer<typeof MarketingLogEntrySchema>
export const MarketingLogEntrySchema = z.object({
  id: IdSchema,
  kind: z.enum(MARKETING_EVENT_KINDS),
  eventName: z.string().nullable(),
  userKey: z.string(),
  /** The body Iterable would receive, as JSON text. */
  payload: z.string(),
  createdAt: z.string(),
})

export type MarketingLog = z.infer<typeof MarketingLogSchema>
export const MarketingLogSchema = z.object({ events: z.array(MarketingLogEntrySchema) })

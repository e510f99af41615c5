import { AddedTaxSchema } from './added-tax.ts'
import { VatBreakdownSchema } from './vat-breakdown.ts'
import { OrderChangesSchema } from './order-changes.ts'
import { NamedDiscountsSchema } from './named-discounts.ts'
import { z } from 'zod'
import { BasketSchema } from './basket.ts'
import { CheckoutAddressSchema, PaidWithSchema } from './checkout-answers.ts'
import {
  BusinessIdSchema,
  CallingBrandIdSchema,
  IdSchema,
  MoneySchema,
  ShopperWordsSchema,
} from './common.ts'
import {
  FULFILMENT_METHODS,
  MEMBER_ORDERS_MAX_LIMIT,
  MEMBER_ORDERS_PAGE_SIZE,
  PAYMENT_METHODS,
} from './constants.ts'
import { formatMessage, MESSAGES } from './messages.ts'
import { StoreOrderLineSchema, StoreOrderStatusSchema } from './store-orders.ts'

/**
 * The member's own orders (spec §7 Member: orders list, one order, reorder, review add). Every
 * call is a member call (requireMember): another member's order answers 404, as if absent. The
 * order a shopper sees is named by its business order id (spec §3: 'NSM-7K2M9QXA').
 */

/** A real calendar day as YYYY-MM-DD ('2026-02-30' is not one). Never throws, whatever the text. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/** A calendar date as a member types it in the filter (the business's local day). */
const DateSchema = z
  .string({ error: MESSAGES.memberOrderDateInvalid })
  .trim()
  .refine(isCalendarDate, { error: MESSAGES.memberOrderDateInvalid })

/** The order number the shopper sees (brand prefix, a dash, letters and digits). */
export const BusinessOrderIdSchema = z
  .string({ error: MESSAGES.orderNotFound })
  .trim()
  .min(1, { error: MESSAGES.orderNotFound })
  .max(40, { error: MESSAGES.orderNotFound })
  .regex(/^[A-Za-z0-9-]+$/, { error: MESSAGES.orderNotFound })

/** Spec §3 Orders list filter: dateFrom, dateTo, status, page, limit. */
export const MemberOrdersRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    brandId: CallingBrandIdSchema,
    dateFrom: DateSchema.optional(),
    dateTo: DateSchema.optional(),
    status: StoreOrderStatusSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MEMBER_ORDERS_MAX_LIMIT)
      .default(MEMBER_ORDERS_PAGE_SIZE),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    error: MESSAGES.memberOrderDateRange,
    path: ['dateTo'],
  })
export type MemberOrdersRequest = z.output<typeof MemberOrdersRequestSchema>

/** One order of the list, newest first. */
export const MemberOrderSummarySchema = z.object({
  orderId: z.string(),
  status: StoreOrderStatusSchema,
  statusCode: z.int().nullable(),
  statusLabel: ShopperWordsSchema,
  fulfilmentMethod: z.enum(FULFILMENT_METHODS),
  placedAt: z.string(),
  store: z.object({ id: z.int(), slug: z.string(), name: z.string() }),
  itemsCount: z.int().nonnegative(),
  total: MoneySchema,
  /** Spec §4: tracking is offered in the four in-progress states before Delivered. */
  trackingOffered: z.boolean(),
  /** Delivered and not reviewed yet. */
  reviewable: z.boolean(),
  /** Moved to the archive (ADR 050): its receipt is downloaded from there. */
  archived: z.boolean().default(false),
})
export type MemberOrderSummary = z.infer<typeof MemberOrderSummarySchema>

export const MemberOrderListSchema = z.object({
  orders: z.array(MemberOrderSummarySchema),
  /** Orders matching the filter, over every page. */
  total: z.int().nonnegative(),
  page: z.int().positive(),
  limit: z.int().positive(),
  pages: z.int().nonnegative(),
})
export type MemberOrderList = z.infer<typeof MemberOrderListSchema>

/** Spec §7 One order (businessOrderId, basketToken); the basket token is not needed to read it. */
export const MemberOrderRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  businessOrderId: BusinessOrderIdSchema,
})

/** Every Order field of spec §3, as the shopper sees them (pence). */
export const MemberOrderMoneySchema = z.object({
  subtotal: MoneySchema,
  discountTotal: MoneySchema,
  deliveryCost: MoneySchema,
  serviceFee: MoneySchema,
  deliveryTip: MoneySchema,
  /** Store credit the order spent (ADR 020): shown as 'Store credit −£5.00'; total is net of it. */
  creditApplied: MoneySchema,
  tipRefund: MoneySchema,
  refund: MoneySchema,
  originalTotal: MoneySchema,
  /** Signed: what picking changed (substitutions, short lines). */
  totalAdjustment: z.int(),
  total: MoneySchema,
  currency: z.string(),
})

export const MemberOrderHistoryEntrySchema = z.object({
  at: z.string(),
  status: StoreOrderStatusSchema,
  label: ShopperWordsSchema,
  /** The store's reason where it gave one (a rejection, a cancellation). */
  reason: z.string().nullable(),
})

export const MemberOrderRefundSchema = z.object({
  amount: MoneySchema,
  reason: z.string(),
  at: z.string(),
})

export const MemberReviewSchema = z.object({
  starRating: z.int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** Until then the member may change it (REVIEW_EDIT_DAYS). */
  editableUntil: z.string(),
  editable: z.boolean(),
})
export type MemberReview = z.infer<typeof MemberReviewSchema>

export const MemberOrderTrackingSchema = z.object({
  /** Spec §4 tracking message for the state the order is in, in the business's language. */
  message: ShopperWordsSchema,
  /** The driver's last position while en route, when the device shared one. */
  driver: z
    .object({ latitude: z.number(), longitude: z.number(), updatedAt: z.string() })
    .nullable(),
})

export const MemberOrderDetailSchema = MemberOrderSummarySchema.extend({
  fulfilmentTiming: z.enum(['asap', 'future']),
  slot: z
    .object({ date: z.string(), startsAt: z.string(), endsAt: z.string().nullable() })
    .nullable(),
  lines: z.array(StoreOrderLineSchema),
  money: MemberOrderMoneySchema,
  /** The deals, coupon and store credit by name, re-priced after picking (issue 35 item 19). */
  discounts: NamedDiscountsSchema,
  /**
   * What came back and how, and what is still to come (schemas/money-summary.ts): the rows after
   * the charge, and the ending's sentence (null while the order has not ended).
   */
  moneyBack: z.object({
    rows: z.array(z.object({ key: z.string(), label: ShopperWordsSchema, amount: z.int() })),
    message: ShopperWordsSchema.nullable(),
  }),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paidWith: PaidWithSchema.nullable(),
  deliveryAddress: CheckoutAddressSchema.nullable(),
  /** Collection orders: where to collect. */
  collectionStore: z
    .object({
      name: z.string(),
      address: z.object({
        addressLine1: z.string().nullable(),
        addressLine2: z.string().nullable(),
        town: z.string().nullable(),
        county: z.string().nullable(),
        postcode: z.string().nullable(),
      }),
    })
    .nullable(),
  history: z.array(MemberOrderHistoryEntrySchema),
  refunds: z.array(MemberOrderRefundSchema),
  /** Present while tracking is offered (spec §4). */
  tracking: MemberOrderTrackingSchema.nullable(),
  review: MemberReviewSchema.nullable(),
  /** Once picked, what picking changed and whether a substitute can still be sent back (issue 42). */
  changes: OrderChangesSchema.nullable(),
  /** The VAT by rate (ADR 051), or null where the order has none to show. */
  vat: VatBreakdownSchema.nullable(),
  /** Tax added at checkout (ADR 055), as placed; null where prices included VAT. */
  addedTax: AddedTaxSchema.nullable().default(null),
})
export type MemberOrderDetail = z.infer<typeof MemberOrderDetailSchema>

/** Spec §7 Reorder (businessOrderId, fulfilmentMethod, basketToken). */
export const ReorderRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  businessOrderId: BusinessOrderIdSchema,
  fulfilmentMethod: z.enum(FULFILMENT_METHODS),
  basketToken: z.string().max(200).optional(),
  /** The member said yes to replacing a basket of another store. */
  overwrite: z.boolean().default(false),
})

export const ReorderLineOutcomeSchema = z.object({
  /** The order's line. */
  lineId: IdSchema,
  name: z.string(),
  quantity: z.int().positive(),
})

export const ReorderResultSchema = z.object({
  /** The basket after the adds (its token when a new one was made); null when nothing was added. */
  basket: BasketSchema.nullable(),
  added: z.array(ReorderLineOutcomeSchema),
  /** What could not be added at today's prices and availability, with why. */
  notAdded: z.array(ReorderLineOutcomeSchema.extend({ reason: z.string() })),
})
export type ReorderResult = z.infer<typeof ReorderResultSchema>

export const REVIEW_COMMENT_MAX_LENGTH = 1000

/** Spec §7 Review add (starRating, comment, orderId); orderId is the business order id. */
export const ReviewRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  orderId: BusinessOrderIdSchema,
  starRating: z.coerce
    .number({ error: MESSAGES.ratingRequired })
    .int({ error: MESSAGES.ratingRequired })
    .min(1, { error: MESSAGES.ratingRequired })
    .max(5, { error: MESSAGES.ratingRequired }),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, {
      error: formatMessage('reviewCommentTooLong', REVIEW_COMMENT_MAX_LENGTH),
    })
    .nullish()
    .transform((value) => (value ? value : null)),
})
export type ReviewRequest = z.output<typeof ReviewRequestSchema>

/** The member dashboard's call: who they are and their newest order. */
export const MemberDashboardRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
})

export const MemberDashboardSchema = z.object({
  firstName: z.string(),
  /** The newest placed order of the calling brand; null before the first. */
  latestOrder: MemberOrderSummarySchema.nullable(),
})
export type MemberDashboard = z.infer<typeof MemberDashboardSchema>

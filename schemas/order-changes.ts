import { z } from 'zod'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema } from './common.ts'

/*
 * What picking changed in an order, as the shopper reviews it (issue 42, ADR 043): substitutes
 * (what was ordered, what the shopper chose, what was supplied) and shortages. A substitute can be
 * sent back until the order leaves the store, or handed back at the door; its charge is refunded.
 */

/** Statuses in which the shopper may still reject a substitute: picked, not yet left the store. */
export const REVIEW_REJECT_STATUSES = ['picked'] as const
/** The status in which the driver records a substitute handed back at the door. */
export const DOOR_REJECT_STATUSES = ['en_route'] as const

export const SubstituteRejectionSchema = z.enum(['review', 'door'])
export type SubstituteRejection = z.infer<typeof SubstituteRejectionSchema>

export const OrderChangeSchema = z.object({
  lineId: IdSchema,
  kind: z.enum(['substituted', 'short', 'out_of_stock']),
  /** The line as ordered. */
  ordered: z.object({ name: z.string(), quantity: z.int().positive() }),
  /** The replacement the shopper chose for it, when they chose one. */
  chosen: z.string().nullable(),
  /** What the store supplied: the substitute, or the units it found (null: none). */
  supplied: z.object({ name: z.string(), quantity: z.int().nonnegative() }).nullable(),
  /** What the line costs now, before any rejection (pence). */
  chargedPrice: z.int().nonnegative(),
  /** Set once the substitute was sent back (at review or at the door). */
  rejected: SubstituteRejectionSchema.nullable(),
  /** What its rejection gave back (pence; 0 until rejected). */
  refunded: z.int().nonnegative(),
})
export type OrderChange = z.infer<typeof OrderChangeSchema>

export const OrderChangesSchema = z.object({
  lines: z.array(OrderChangeSchema),
  /** Whether a substitute can still be rejected (the order has not left the store). */
  canReject: z.boolean(),
  /** Paid in cash at the door: a rejected line is not paid for, rather than refunded. */
  cash: z.boolean(),
})
export type OrderChanges = z.infer<typeof OrderChangesSchema>

/** POST /member/orders/reject-substitute: the member's own order. */
export const MemberRejectSubstituteRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  businessOrderId: z.string().trim().min(1).max(40),
  lineId: IdSchema,
})
export type MemberRejectSubstituteRequest = z.infer<typeof MemberRejectSubstituteRequestSchema>

/** POST /tracking/order/reject-substitute: whoever may track the order (a guest's signed link). */
export const TrackingRejectSubstituteRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  orderNumber: z.string().trim().min(1).max(40),
  token: z.string().trim().min(1).max(400).optional(),
  basketToken: z.string().trim().min(1).max(200).optional(),
  lineId: IdSchema,
})
export type TrackingRejectSubstituteRequest = z.infer<typeof TrackingRejectSubstituteRequestSchema>

/** What a rejection came to: the line's refund and the order's changes as they now are. */
export const RejectSubstituteResultSchema = z.object({
  refunded: z.int().nonnegative(),
  changes: OrderChangesSchema,
})
export type RejectSubstituteResult = z.infer<typeof RejectSubstituteResultSchema>

/** POST /staff/deliveries/hand-back: the assigned driver records a substitute handed back. */
export const DoorHandBackRequestSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
  orderId: IdSchema,
  lineId: IdSchema,
})
export type DoorHandBackRequest = z.output<typeof DoorHandBackRequestSchema>

import { z } from 'zod'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema } from './common.ts'
import { BusinessOrderIdSchema } from './member-orders.ts'
import { MESSAGES } from './messages.ts'
import { PaymentRedirectSchema } from './checkout-answers.ts'
import { SlotDateSchema, SlotTimeSchema } from './slots.ts'
import { TrackingRequestSchema } from './tracking.ts'

/**
 * Changing a placed order until its cut-off (issue 42, ADR 048): the member names the order by
 * its business order id and says the new quantity of each line they change (0 removes it).
 * The order is priced again by the basket's own pricing with the terms it was placed with.
 */

export const AmendWindowRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  businessOrderId: BusinessOrderIdSchema,
})

/** Whether the order may be changed now, and until when (null: until the store starts picking). */
export const AmendWindowSchema = z.object({
  open: z.boolean(),
  until: z.iso.datetime().nullable(),
  /** The order's amend version: an amend sends it back. */
  version: z.int().min(0),
})
export type AmendWindow = z.infer<typeof AmendWindowSchema>

export const AmendLineChangeSchema = z.object({
  lineId: IdSchema,
  quantity: z.int().min(0).max(99),
})

/** An item of the store added to the order, at today's price, by the basket's rules. */
export const AmendAdditionSchema = z.object({
  itemId: IdSchema,
  quantity: z.int().min(1).max(99),
  /** An age-restricted item needs the shopper's confirmation, as in the basket. */
  ageConfirmed: z.boolean().default(false),
})
export type AmendAddition = z.infer<typeof AmendAdditionSchema>

/**
 * Another slot of the order's store and method (its local date and start, as the checkout's slot
 * list gives them), by the checkout's slot rules and capacity.
 */
export const AmendSlotSchema = z.object({
  timeSlotDate: SlotDateSchema,
  timeSlotTime: SlotTimeSchema,
})
export type AmendSlot = z.infer<typeof AmendSlotSchema>

const AmendReturnUrlSchema = z
  .url({ protocol: /^https?$/, error: MESSAGES.validationError })
  .max(500)

/** What an amend changes, the same for a member and a guest's signed link. */
const AmendChangesSchema = z.object({
  /** The order's amend version the shopper's screen showed: an older one lost a race. */
  version: z.int().min(0),
  changes: z.array(AmendLineChangeSchema).max(100).default([]),
  additions: z.array(AmendAdditionSchema).max(20).default([]),
  /** Move the order to this slot (ADR 054); absent: the slot stays. */
  slot: AmendSlotSchema.optional(),
  /**
   * Where the shopper comes back from paying the difference (ADR 059), on a host of the
   * business. Absent: a change the card does not cover is refused (amendNeedsPayment).
   */
  paymentUrls: z
    .object({
      successUrl: AmendReturnUrlSchema,
      failureUrl: AmendReturnUrlSchema,
      cancelUrl: AmendReturnUrlSchema,
    })
    .optional(),
})
export type AmendChanges = z.infer<typeof AmendChangesSchema>

const somethingChanged = {
  check: (body: AmendChanges) =>
    body.changes.length + body.additions.length > 0 || body.slot !== undefined,
  params: { error: MESSAGES.amendNothing, path: ['changes'] },
}

export const AmendOrderRequestSchema = AmendWindowRequestSchema.extend(
  AmendChangesSchema.shape
).refine(somethingChanged.check, somethingChanged.params)

/** A guest (or whoever may track the order) by the tracking call's own proof: the signed link. */
export const TrackingAmendWindowRequestSchema = TrackingRequestSchema
export const TrackingAmendOrderRequestSchema = TrackingRequestSchema.extend(
  AmendChangesSchema.shape
).refine(somethingChanged.check, somethingChanged.params)
export type AmendOrderRequest = z.infer<typeof AmendOrderRequestSchema>

export const AmendResultSchema = z.object({
  version: z.int().min(0),
  /** The order's total now (unchanged while a change waits for its payment). */
  total: z.int().min(0),
  /** What goes back to the card (0: none, a cash order, or a hold captured lower later). */
  refunded: z.int().min(0),
  /**
   * The change waits for the difference to be authorised (ADR 059): the order is as it was until
   * the shopper pays `amount` on the hosted card page (`redirect`); then its total is `total`.
   */
  payment: z
    .object({ amount: z.int().min(1), total: z.int().min(0), redirect: PaymentRedirectSchema })
    .nullable()
    .default(null),
})
export type AmendResult = z.infer<typeof AmendResultSchema>

/** Where the hosted card page posts a top-up's signed answer, on the brand's host (ADR 059). */
export const AMEND_HPP_RESPONSE_PATH = '/amend/payment/hpp-response'

/** The hosted card page's signed answer to a top-up, as posted to the amend's own address. */
export const AmendTopUpAnswerRequestSchema = z.object({
  businessId: BusinessIdSchema,
  hppResponse: z.string().min(2).max(20_000),
})

export const AmendTopUpAnswerSchema = z.object({
  /** applied: the change is made and paid; not_taken: nothing changed and nothing is charged. */
  outcome: z.enum(['applied', 'not_taken']),
  /** Where the shopper goes now: the amend page's success, failure or cancel address. */
  nextUrl: z.string().nullable(),
})
export type AmendTopUpAnswer = z.infer<typeof AmendTopUpAnswerSchema>

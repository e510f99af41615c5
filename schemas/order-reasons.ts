import { z } from 'zod'
import { BusinessIdSchema } from './common.ts'
import { formatMessage } from './messages.ts'

/**
 * The preset reasons a store gives when it rejects or cancels an order (issue 44): the console's
 * forms offer them, with "Other" and the store's own words. The reason chosen is the order's
 * closing reason, which the shopper is shown on the order page and in the email.
 */

/** The form's value for "Other": the reason is then the free text. */
export const OTHER_REASON = 'other'

export const PRESET_REASONS = {
  reject: [
    'We are too busy to prepare your order in time.',
    'Some of your items are out of stock.',
    'The store is closing early today.',
    'We cannot deliver to your address right now.',
  ],
  cancel: [
    'Some of your items are out of stock.',
    'We cannot deliver in your chosen slot.',
    'The store had to close unexpectedly.',
    'You asked us to cancel the order.',
  ],
} as const satisfies Record<'reject' | 'cancel', ReadonlyArray<string>>

export type PresetReasonAction = keyof typeof PRESET_REASONS

/** A business's reject and cancel lists: its own (operator console), else PRESET_REASONS. */
export type OrderReasonLists = Readonly<Record<PresetReasonAction, ReadonlyArray<string>>>

export const ORDER_REASONS_MAX = 8
export const ORDER_REASON_MAX_LENGTH = 160

const LISTS_INVALID = formatMessage(
  'orderReasonsInvalid',
  String(ORDER_REASONS_MAX),
  String(ORDER_REASON_MAX_LENGTH)
)
const ReasonListSchema = z
  .array(z.string().trim().min(1, LISTS_INVALID).max(ORDER_REASON_MAX_LENGTH, LISTS_INVALID))
  .min(1, LISTS_INVALID)
  .max(ORDER_REASONS_MAX, LISTS_INVALID)
  .refine((reasons) => new Set(reasons).size === reasons.length, LISTS_INVALID)

export const OrderReasonListsSchema = z.object({
  reject: ReasonListSchema,
  cancel: ReasonListSchema,
})

/** POST /staff/order-reasons: any member of staff of the business reads its lists. */
export const OrderReasonsRequestSchema = z.object({ businessId: BusinessIdSchema })

/** POST /staff/operator/order-reasons/update: an operator replaces both lists (audited). */
export const OrderReasonsUpdateSchema = OrderReasonListsSchema.extend({
  businessId: BusinessIdSchema,
})

export function hasPresetReasons(type: string): type is PresetReasonAction {
  return Object.hasOwn(PRESET_REASONS, type)
}

/**
 * The reason a reject or cancel form gives: a preset of that action's list (the business's), else
 * (Other, or no choice) the free text; a preset not on the list gives '' so the schema refuses it.
 */
export function reasonOfChoice(
  type: PresetReasonAction,
  choice: string,
  text: string,
  lists: OrderReasonLists = PRESET_REASONS
): string {
  if (choice === '' || choice === OTHER_REASON) return text.trim()
  return lists[type].includes(choice) ? choice : ''
}

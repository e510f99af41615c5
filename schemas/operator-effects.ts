import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/*
 * The operator console's failed tasks (ADR 037): effects of committed changes (an email, a
 * marketing event, a board notice, a refund) the EFFECTS queue gave up on after every retry.
 */

/** What each kind of effect is, in an operator's words. */
export const EFFECT_KIND_LABELS: Readonly<Record<string, string>> = {
  order_placed_email: 'Order confirmation email',
  order_placed_purchase: 'Purchase event for marketing',
  order_placed_board: 'New order notice to the store boards',
  order_action_settle: 'Money, credit and loyalty after a store action',
  order_action_email: 'Order update email to the shopper',
  order_action_notice: 'Order update notice to the store boards and tracking',
  checkout_started_event: 'Checkout started event for marketing',
  basket_cart_changed: 'Basket change event for marketing',
  referral_reward_email: 'Referral reward email',
  order_amend_refund: 'Card refund after the shopper changed their order',
  order_amend_notice: 'Order change notice to the store boards and tracking',
  order_substitute_refund: 'Refund, email and board notice for a rejected substitute',
}

/** A kind not in the list (a newer release's) is still shown, by its code. */
export function effectKindLabel(kind: string): string {
  return EFFECT_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ')
}

// What an effect's key starts with, in an operator's words, for effects not about an order.
const KEY_SUBJECTS: Readonly<Record<string, string>> = {
  basket: 'Basket',
  referral: 'Referral',
  checkout: 'Checkout',
}

/**
 * What a failed task is for, as the operator looks it up: the order by its number when there is
 * one, else what its key names (`basket:12:v3:cart` → "Basket 12"), else "—".
 */
export function effectSubject(effect: { key: string; orderNumber: string | null }): string {
  if (effect.orderNumber) return `Order ${effect.orderNumber}`
  const [prefix = '', id = ''] = effect.key.split(':')
  const subject = KEY_SUBJECTS[prefix]
  return subject && id !== '' ? `${subject} ${id}` : '—'
}

export type FailedEffect = z.infer<typeof FailedEffectSchema>
export const FailedEffectSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  /** The order it is for, by the number shoppers and staff know, if it is for one. */
  orderNumber: z.string().nullable(),
  /** What it is for in an operator's words (effectSubject): "Order 1042", "Basket 12". */
  about: z.string(),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  createdAt: z.string(),
})

export const OperatorEffectsRequestSchema = z.object({ businessId: BusinessIdSchema })

export const OperatorEffectsSchema = z.object({ effects: z.array(FailedEffectSchema) })

export const OperatorEffectRetrySchema = z.object({
  businessId: BusinessIdSchema,
  effectId: IdSchema,
})

export const OperatorEffectRetriedSchema = z.object({ retried: z.literal(true) })

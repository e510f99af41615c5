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
}

/** A kind not in the list (a newer release's) is still shown, by its code. */
export function effectKindLabel(kind: string): string {
  return EFFECT_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ')
}

export type FailedEffect = z.infer<typeof FailedEffectSchema>
export const FailedEffectSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  /** The order it is for, by the number shoppers and staff know, if it is for one. */
  orderNumber: z.string().nullable(),
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

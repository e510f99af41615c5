import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/*
 * Money not settled at its gateway (issue 37): the operators' page of every money effect the
 * gateway has not confirmed, each with its last answer, its age and a "Try again" that goes
 * through the same reconciliation as the cron (claimed, so never a second refund).
 */

/**
 * What kind of money effect: a refund or a store action's void (pending or unknown), an
 * authorisation whose void is owed (a payment not kept), a capture whose answer was lost.
 */
export const MONEY_EFFECT_KINDS = ['refund', 'void', 'owed_void', 'capture'] as const
export type MoneyEffectKind = (typeof MONEY_EFFECT_KINDS)[number]

export type UnsettledMoney = z.infer<typeof UnsettledMoneySchema>
export const UnsettledMoneySchema = z.object({
  kind: z.enum(MONEY_EFFECT_KINDS),
  /** The refund's id (refund, void) or the payment's (owed void, capture). */
  id: IdSchema,
  orderNumber: z.string(),
  /** Minor units. */
  amount: z.number().int().min(0),
  status: z.string(),
  gateway: z.string(),
  /** The gateway's last answer (code and message), if it gave one. */
  lastAnswer: z.string().nullable(),
  /** How many times it has been asked about (or tried again). */
  looks: z.number().int().min(0),
  /** Since when it has waited (ISO). */
  since: z.string(),
})

export const OperatorMoneySchema = z.object({ effects: z.array(UnsettledMoneySchema) })

export const OperatorMoneyRetrySchema = z.object({
  businessId: BusinessIdSchema,
  kind: z.enum(MONEY_EFFECT_KINDS),
  id: IdSchema,
})

/** settled: the gateway confirmed; refused: its last word; unsettled: still no answer. */
export const OperatorMoneyRetriedSchema = z.object({
  outcome: z.enum(['settled', 'refused', 'unsettled']),
})
export type MoneyRetryOutcome = z.infer<typeof OperatorMoneyRetriedSchema>['outcome']

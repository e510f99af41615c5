import { z } from 'zod'
import { fieldNames } from '../../../../schemas/forms/field-names.ts'

/*
 * The store console's order page forms (ADR 018): the action forms (accept, reject, cancel, mark a
 * line, refund, assign a driver...) and "Give store credit" (ADR 020). Their views in this folder
 * (OrderActions.tsx, GiveCreditForm.tsx) take their field names from these schemas;
 * order-form.ts and credit-form.ts parse a post with them (ADR 057).
 * Values stay strings here: the action call's own schema (StoreOrderActionSchema) refuses a bad
 * one with its message, and a missing field stays out so that it can.
 */

/**
 * Every field an order action form may post. A partial refund adds one `refund-<lineId>` field
 * per line (the quantity to refund), kept by the catch-all.
 */
export const StoreOrderFormSchema = z
  .object({
    action: z.string().optional(),
    expectedStatus: z.string().optional(),
    idempotencyKey: z.string().optional(),
    /** A slot order's accept: the instant it is to be ready for (the slot's start). */
    readyAt: z.string().optional(),
    /** Any other accept: ready in so many minutes. */
    readyInMinutes: z.string().optional(),
    reason: z.string().optional(),
    /** The reject and cancel forms' preset reason (or Other, with `reason`). */
    reasonChoice: z.string().optional(),
    cashReturn: z.string().optional(),
    driverId: z.string().optional(),
    lineId: z.string().optional(),
    lineVersion: z.string().optional(),
    mark: z.string().optional(),
    pickedQuantity: z.string().optional(),
    pickedGrams: z.string().optional(),
    substituteItemId: z.string().optional(),
    substituteQuantity: z.string().optional(),
  })
  .catchall(z.string())

export const STORE_ORDER_FIELDS = fieldNames(StoreOrderFormSchema)

/** The fields every action form posts besides its own. */
export const ACTION_FIELDS = {
  action: STORE_ORDER_FIELDS.action,
  expectedStatus: STORE_ORDER_FIELDS.expectedStatus,
  idempotencyKey: STORE_ORDER_FIELDS.idempotencyKey,
} as const

/** The order page's query for a line's substitute search (a GET form: works without JS). */
export const SUBSTITUTE_QUERY = { line: 'substituteFor', term: 'q' } as const

/** The console action that gives the order's customer store credit (ADR 020). */
export const GIVE_CREDIT_ACTION = 'give_credit'

/** Why credit is given: goodwill, or a refund paid as credit rather than to the card. */
export const GIVEN_CREDIT_KINDS = ['goodwill', 'refund_as_credit'] as const
export type GivenCreditKind = (typeof GIVEN_CREDIT_KINDS)[number]

/**
 * The "Give store credit" form: an amount in pounds, a kind, a reason. Each field is read
 * leniently (a wrong kind is no kind) so the parser can say what is wrong at each field.
 */
export const GiveCreditFormSchema = z.object({
  amount: z.string().catch(''),
  kind: z.enum(GIVEN_CREDIT_KINDS).optional().catch(undefined),
  reason: z.string().trim().catch(''),
})

export const GIVE_CREDIT_FIELDS = fieldNames(GiveCreditFormSchema)

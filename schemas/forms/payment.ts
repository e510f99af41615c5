import { z } from 'zod'
import {
  ATTEMPT_FIELD,
  CASH_CONFIRMED_FIELD,
  PAYMENT_SOURCE_FIELD,
  SHOWN_TOTAL_FIELD,
  USE_CREDIT_FIELD,
} from './payment-fields.ts'
import { fieldNames } from './field-names.ts'

/** One card attempt's anchor: a UUID the page made, so a reload or a double submit replays. */
export const AttemptSchema = z.uuid()

/** A posted attempt: one that is not a UUID (or none) is no attempt; the handler makes one. */
export const PostedAttemptSchema = AttemptSchema.optional().catch(undefined)

/**
 * The total a page showed, in pence: up to nine digits, else not known (null), so the card step
 * charges only what the shopper saw. Read from a post and from the card steps' query alike.
 */
export const ShownTotalSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .nullable()
  .catch(null)

/*
 * The payment step's form without JavaScript (spec §7 Make payment): the PaymentForm island and
 * the payment components (PaymentChoiceList, CashConfirmation, PaidByCreditForm) take their names
 * from payment-fields.ts, which this schema is keyed on, and worker/pages/checkout/payment.tsx
 * reads a post with it. The source stays as typed: the handler matches it against the state's
 * own options and refuses one it does not offer with the spec's message.
 */
export const CheckoutPaymentFormSchema = z.object({
  [PAYMENT_SOURCE_FIELD]: z.string().catch(''),
  [CASH_CONFIRMED_FIELD]: z.string().catch(''),
  [ATTEMPT_FIELD]: PostedAttemptSchema,
  [SHOWN_TOTAL_FIELD]: ShownTotalSchema,
})

export const CHECKOUT_PAYMENT_FIELDS = fieldNames(CheckoutPaymentFormSchema)

export type CheckoutPaymentForm = z.output<typeof CheckoutPaymentFormSchema>

/*
 * The payment step's store credit switch without JavaScript (ADR 020): the StoreCreditSwitch
 * island names its box from payment-fields.ts, which this schema is keyed on, and
 * worker/pages/checkout/credit-form.ts reads a post with it. A ticked box ('1') uses the credit;
 * anything else keeps it.
 */
export const StoreCreditFormSchema = z.object({
  [USE_CREDIT_FIELD]: z
    .string()
    .optional()
    .catch(undefined)
    .transform((box) => box === '1'),
})

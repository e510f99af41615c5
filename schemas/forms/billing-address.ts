import { z } from 'zod'
import { SAVED_ADDRESS_FIELD } from './address-choice.ts'
import { addressLinesShape } from './address-lines.ts'
import { fieldNames } from './field-names.ts'
import { ATTEMPT_FIELD, SHOWN_TOTAL_FIELD } from './payment-fields.ts'
import { PostedAttemptSchema, ShownTotalSchema } from './payment.ts'

const typed = z.string().catch('')

/*
 * The card step's billing address (spec §3 Card payment form): CheckoutBillingAddressPage.tsx
 * takes its field names from this schema (the address lines are the shared AddressFields', which
 * a test holds to it) and worker/pages/checkout/card-form.tsx reads a post with it. Values stay
 * as typed (a missing field is blank): the billing call's schema refuses a bad address with the
 * spec's message.
 */
export const CheckoutBillingFormSchema = z.object({
  /** 'no' when 'A different address' is chosen; anything else (or nothing) is the delivery one. */
  sameAsDelivery: typed,
  ...addressLinesShape,
  /** A saved billing address's id, or NEW_ADDRESS (or nothing) for the typed one. */
  [SAVED_ADDRESS_FIELD]: typed,
  /** "Save this card for next time": 'yes' when ticked (members only). */
  saveCard: typed,
  [ATTEMPT_FIELD]: PostedAttemptSchema,
  [SHOWN_TOTAL_FIELD]: ShownTotalSchema,
})

export const CHECKOUT_BILLING_FIELDS = fieldNames(CheckoutBillingFormSchema)

export type CheckoutBillingForm = z.output<typeof CheckoutBillingFormSchema>

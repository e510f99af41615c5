import { z } from 'zod'
import {
  POSTCODE_FINDER_FIELDS,
  SAVE_ADDRESS_FIELDS,
  SAVED_ADDRESS_FIELD,
} from './address-choice.ts'
import { addressLinesShape } from './address-lines.ts'
import { fieldNames } from './field-names.ts'

const typed = z.string().catch('')
/** A button's name: posted (its value, maybe blank) only when that button was pressed. */
const pressed = z.string().optional().catch(undefined)

/*
 * Checkout's details step (spec §5 Details form): CheckoutDetailsPage.tsx and the parts it renders
 * take their field names from this schema and worker/pages/checkout/details.tsx reads a post with
 * it. The name, email, address and terms inputs are the shared components' (NameFields,
 * EmailField, AddressFields, TermsAgreement), which a test holds to it. Values stay as typed (a
 * missing field is blank): the checkout calls' schemas refuse a bad one with the spec's message,
 * and the handler says unticked terms.
 */
export const CheckoutDetailsFormSchema = z.object({
  firstName: typed,
  lastName: typed,
  email: typed,
  phoneNumber: typed,
  ...addressLinesShape,
  /** The delivery instructions (delivery only). */
  instructions: typed,
  /** The terms box: 'yes' when ticked. */
  terms: typed,
  /** A saved address's id, or NEW_ADDRESS (or nothing) for the typed one. */
  [SAVED_ADDRESS_FIELD]: typed,
  /** "Save this address": 'yes' when ticked (a member's typed address only). */
  [SAVE_ADDRESS_FIELDS.save]: typed,
  [SAVE_ADDRESS_FIELDS.name]: typed,
  /** The postcode finder: the postcode looked up, its Find button, the address picked. */
  [POSTCODE_FINDER_FIELDS.postcode]: typed,
  [POSTCODE_FINDER_FIELDS.find]: pressed,
  [POSTCODE_FINDER_FIELDS.pick]: pressed,
})

export const CHECKOUT_DETAILS_FIELDS = fieldNames(CheckoutDetailsFormSchema)

export type CheckoutDetailsForm = z.output<typeof CheckoutDetailsFormSchema>

/*
 * The field and query names checkout's pages post and the Worker reads (ADR 013: what both
 * sides read lives below both).
 */

/** The checkout sign-in's email hint: the sign-in link carries the email a guest typed. */
export const CHECKOUT_LOGIN_EMAIL_QUERY = 'email'

/** The form field carrying one card attempt's anchor, kept beside the card steps' schemas. */
export { ATTEMPT_FIELD } from '../../schemas/forms/payment-fields.ts'

/** The postcode finder's names, kept beside the checkout forms' schema. */
export { POSTCODE_FINDER_FIELDS } from '../../schemas/forms/address-choice.ts'

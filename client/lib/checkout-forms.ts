/*
 * The field and query names checkout's pages post and the Worker reads (ADR 013: what both
 * sides read lives below both).
 */

/** The checkout sign-in's email hint: the sign-in link carries the email a guest typed. */
export const CHECKOUT_LOGIN_EMAIL_QUERY = 'email'

/** The form field carrying one card attempt's idempotency anchor across the card steps. */
export const ATTEMPT_FIELD = 'attempt'

/** The form fields of the finder: the postcode looked up, and the buttons that find and pick. */
export const POSTCODE_FINDER_FIELDS = {
  postcode: 'lookupPostcode',
  find: 'findAddress',
  pick: 'pickAddress',
} as const

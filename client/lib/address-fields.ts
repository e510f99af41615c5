/*
 * The names of the address forms' fields, which the worker's form readers and the components
 * both use (ADR 013: shared constants live below both).
 */

/** The form names of spec §3 Address's fields, as the checkout forms post them. */
export const ADDRESS_FIELDS = [
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postcode',
] as const

/** The saved-address choice's names, kept beside the checkout forms' schema. */
export { NEW_ADDRESS, SAVED_ADDRESS_FIELD } from '../../schemas/forms/address-choice.ts'

/**
 * The longest text each shopper-typed field takes. The server's schema refuses more with
 * `tooLongMessage` (text-limits.ts) and the form's input carries the same number as its maxlength, so a
 * browser stops the shopper at the limit and an API caller hears what it is.
 */
export const TEXT_MAX_LENGTH = {
  name: 100,
  email: 254,
  phone: 32,
  newPassword: 128,
  presentedPassword: 1024,
  addressLine: 100,
  town: 60,
  county: 60,
  postcode: 10,
  instructions: 500,
  coupon: 40,
  searchTerm: 100,
  whereHeard: 200,
  /** A tip in pounds as typed: '£50.00'. */
  tip: 7,
  /** Up to 999 of a line. */
  quantity: 3,
} as const

import { z } from 'zod'
import { formatMessage } from './messages.ts'

/**
 * The longest text each shopper-typed field takes. The server's schema refuses more with
 * {@link tooLongMessage} and the form's input carries the same number as its maxlength, so a
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

/** '<Label> must be <max> characters or fewer.' */
export function tooLongMessage(label: string, max: number): string {
  return formatMessage('textTooLong', label, max)
}

/** Trimmed text of 1 to max characters: blank gets `requiredMessage`, too long says the limit. */
export function requiredText(label: string, max: number, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: tooLongMessage(label, max) })
}

/** Optional trimmed text of at most max characters; blank becomes null. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(label, max) })
    .nullish()
    .transform((value) => (value ? value : null))
}

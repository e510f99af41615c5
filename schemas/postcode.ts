// No zod here: islands import this module, and the check must stay a few hundred bytes.
import { isValid, toNormalised } from 'postcode'
import { POSTCODE_MAX_LENGTH } from './constants.ts'
import { formatMessage, MESSAGES } from './messages.ts'

/** The outcome of checking what a shopper typed into the postcode box. */
export type PostcodeCheck = { ok: true; postcode: string } | { ok: false; message: string }

/**
 * Checks a typed UK postcode the way the store search does (spec §5): empty → 'Please enter a valid
 * postcode'; not a postcode → '<typed> is not a valid postcode'; otherwise the normalised form
 * (upper case, one space before the inward code).
 *
 * @example checkUkPostcode(' m11ae ') // { ok: true, postcode: 'M1 1AE' }
 */
export function checkUkPostcode(input: string): PostcodeCheck {
  const typed = input.trim()
  if (typed === '') return { ok: false, message: MESSAGES.postcodeRequired }
  const normalised =
    typed.length <= POSTCODE_MAX_LENGTH && isValid(typed) ? toNormalised(typed) : null
  if (!normalised) return { ok: false, message: formatMessage('postcodeInvalid', typed) }
  return { ok: true, postcode: normalised }
}

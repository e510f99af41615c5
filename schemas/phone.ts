import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import { z } from 'zod'
import { MESSAGES } from './messages.ts'

/**
 * Spec §5 Mobile phone: the ONE helper that normalises a UK mobile number to E.164
 * (`07700 900123`, `+44 7700 900123`, `0044 7700-900123` → `+447700900123`). Null when the input is
 * not a UK mobile number (national numbers start 07 and have 11 digits).
 */
export function normaliseMobilePhone(input: string): string | null {
  // People type spaces, dashes, dots and brackets: `(07700) 900-123`.
  const compact = input.trim().replace(/[\s\-.()]/g, '')
  if (!/^\+?\d+$/.test(compact)) return null
  let national: string
  if (compact.startsWith('+44')) national = compact.slice(3)
  else if (compact.startsWith('0044')) national = compact.slice(4)
  else if (compact.startsWith('44') && compact.length === 12) national = compact.slice(2)
  else if (compact.startsWith('0')) national = compact.slice(1)
  else return null
  // A trunk 0 kept after the country code ('+44 (0)7700 900123') is common and harmless.
  if (national.startsWith('0')) national = national.slice(1)
  return /^7\d{9}$/.test(national) ? `+44${national}` : null
}

function toMobilePhone(value: string, ctx: z.RefinementCtx<string | undefined>): string {
  const phone = normaliseMobilePhone(value)
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.mobileInvalid })
    return z.NEVER
  }
  return phone
}

const PhoneTextSchema = z
  .string({ error: MESSAGES.mobileInvalid })
  .max(32, { error: MESSAGES.mobileInvalid })

/** A UK mobile number in, E.164 out; anything else gets 'Mobile phone number is invalid'. */
export const MobilePhoneSchema = PhoneTextSchema.transform(toMobilePhone)

/** Like {@link MobilePhoneSchema}, but absent or blank means no phone (undefined). */
export const OptionalMobilePhoneSchema = PhoneTextSchema.optional().transform((value, ctx) =>
  value === undefined || value.trim() === '' ? undefined : toMobilePhone(value, ctx)
)

/**
 * A UK telephone number a business answers (landline, mobile or non-geographic: a trunk 0 and
 * 10 more digits, or +44 and 10 digits), as typed with its spacing tidied; null when it is not one.
 * Kept as typed, not E.164: shoppers read a store's number ('0161 234 5678') on its page.
 */
export function normaliseUkPhone(input: string): string | null {
  const tidy = input.trim().replace(/\s+/g, ' ')
  const compact = tidy.replace(/[\s\-.()]/g, '')
  const national = compact.startsWith('+44')
    ? compact.slice(3).replace(/^0/, '')
    : compact.startsWith('0')
      ? compact.slice(1)
      : null
  return national !== null && /^[1-9]\d{9}$/.test(national) ? tidy : null
}

/** An optional UK phone number ({@link normaliseUkPhone}); blank is null. */
export const OptionalUkPhoneSchema = PhoneTextSchema.nullish().transform((value, ctx) => {
  if (value === undefined || value === null || value.trim() === '') return null
  const phone = normaliseUkPhone(value)
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.phoneInvalid })
    return z.NEVER
  }
  return phone
})

/**
 * A stored phone number as the shopper typed it in the UK: E.164 is how it is kept (and sent to
 * the SMS provider), not how people read their own number ('+447700900123' → '07700 900123').
 * A number of another country reads in its international form; anything unparsable as stored.
 */
export function displayPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, 'GB')
  if (!parsed) return stored
  return parsed.countryCallingCode === '44' ? parsed.formatNational() : parsed.formatInternational()
}

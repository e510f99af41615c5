import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import { z } from 'zod'
import { MESSAGES } from './messages.ts'

// People type spaces, dashes, dots and brackets: `(07700) 900-123`.
const compactPhone = (input: string): string => input.trim().replace(/[\s\-.()]/g, '')

/** compactPhone with an international 00 written as +: '0031 6 1234' → '+3161234'. */
export const compactInternational = (input: string): string =>
  compactPhone(input).replace(/^00/, '+')

/** A number as typed, its runs of spaces made one: what a store's page shows. */
export const tidyPhone = (input: string): string => input.trim().replace(/\s+/g, ' ')

/**
 * A number of another country in international form ('+31 6 12345678'), E.164 out, else null: by
 * its shape only (a country code and at most 15 digits), so the browser's bundles that carry this
 * schema carry no phone metadata. The backend holds the number to the business's country's
 * mobiles (schemas/phone-country.ts).
 */
function internationalNumber(input: string): string | null {
  const compact = compactInternational(input)
  if (compact.startsWith('+44')) return null
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null
}

/**
 * Spec §5 Mobile phone: the ONE helper that normalises a UK mobile number to E.164
 * (`07700 900123`, `+44 7700 900123`, `0044 7700-900123` → `+447700900123`). Null when the input is
 * not a UK mobile number (national numbers start 07 and have 11 digits). Other countries:
 * schemas/phone-country.ts.
 */
export function normaliseMobilePhone(input: string): string | null {
  const compact = compactPhone(input)
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

/**
 * What a schema can decide without knowing the business: a UK mobile, or a mobile of another
 * country written in international form. The backend then holds it to the business's country.
 */
function anyMobile(value: string): string | null {
  return normaliseMobilePhone(value) ?? internationalNumber(value)
}

function toMobilePhone(value: string, ctx: z.RefinementCtx<string | undefined>): string {
  const phone = anyMobile(value)
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.mobileInvalid })
    return z.NEVER
  }
  return phone
}

const PhoneTextSchema = z
  .string({ error: MESSAGES.mobileInvalid })
  .max(32, { error: MESSAGES.mobileInvalid })

/**
 * A mobile number in (a UK one as typed, another country's in international form: the storefront's
 * pages write a brand's national numbers so), E.164 out; anything else gets 'Mobile phone number
 * is invalid'. The backend refuses a number of another country than the business's the same way.
 */
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
  const tidy = tidyPhone(input)
  const compact = compactPhone(tidy)
  const national = compact.startsWith('+44')
    ? compact.slice(3).replace(/^0/, '')
    : compact.startsWith('0')
      ? compact.slice(1)
      : null
  return national !== null && /^[1-9]\d{9}$/.test(national) ? tidy : null
}

/**
 * An optional phone number a business answers, as typed with its spacing tidied; blank is null.
 * The schema holds it to a phone number's shape only (digits, an optional +, the usual separators);
 * the backend holds it to the business's country ({@link normaliseUkPhone} in the UK,
 * schemas/phone-country.ts elsewhere), which the schema does not know.
 */
export const OptionalBusinessPhoneSchema = PhoneTextSchema.nullish().transform((value, ctx) => {
  if (value === undefined || value === null || value.trim() === '') return null
  const tidy = tidyPhone(value)
  if (!/^\+?\d{6,15}$/.test(compactInternational(tidy))) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.phoneInvalid })
    return z.NEVER
  }
  return tidy
})

/**
 * A stored phone number as the shopper typed it in the shop's country: E.164 is how it is kept
 * (and sent to the SMS provider), not how people read their own number ('+447700900123' →
 * '07700 900123' in the UK, '+31612345678' → '06 12345678' in the Netherlands). A number of
 * another country reads in its international form; anything unparsable as stored.
 */
export function displayPhone(stored: string, country: string = 'GB'): string {
  const parsed = parsePhoneNumberFromString(stored, country as CountryCode)
  if (!parsed) return stored
  const home =
    parsed.country === country || (country === 'GB' && parsed.countryCallingCode === '44')
  return home ? parsed.formatNational() : parsed.formatInternational()
}

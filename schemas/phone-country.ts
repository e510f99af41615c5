// Mobile numbers per country (issue 43, ADR 045): libphonenumber-js's mobile metadata, which alone
// tells a mobile from a landline. The worker's side only (the backend and the pages): the browser
// keeps the smaller metadata of schemas/phone.ts, which is all it needs to show a number.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile'
import { parsePhoneNumberFromString as parseAnyNumber } from 'libphonenumber-js/min'
import { compactInternational, normaliseMobilePhone, normaliseUkPhone, tidyPhone } from './phone.ts'

/**
 * A mobile number of the shop's country in E.164: the UK's by its own rule (every UK number reads
 * as before), another country's national ('06 12345678' in NL) or international ('+31 6 12345678')
 * by libphonenumber-js. Null when the input is not a mobile number of that country.
 */
export function normaliseCountryMobile(input: string, country: string): string | null {
  if (country === 'GB') return normaliseMobilePhone(input)
  const compact = compactInternational(input)
  if (!/^\+?\d+$/.test(compact)) return null
  const parsed = parsePhoneNumberFromString(compact, country as CountryCode)
  return parsed?.isValid() && parsed.country === country ? parsed.number : null
}

/** Whether a stored E.164 number is a mobile number of the shop's country (the backend's check). */
export function isMobileOfCountry(phone: string, country: string): boolean {
  return normaliseCountryMobile(phone, country) === phone
}

/**
 * A form's phone as the brand's pages send it: a mobile number of the brand's country in E.164,
 * whichever way it was typed ('06 12345678' on a Dutch brand); anything else as typed, for the
 * schema to refuse with the spec's message. A UK number reads exactly as before.
 */
export function phoneForCountry(input: string, country: string): string {
  return normaliseCountryMobile(input, country) ?? input
}

/**
 * A phone number a business answers in its own country (a store's: landline, mobile or
 * non-geographic), kept as typed with its spacing tidied, since shoppers read it on the store's
 * page ('01 555 0101' in Dublin). The UK's by its own rule (every UK store reads as before);
 * another country's by libphonenumber-js's number lengths and leading digits. Null when it is not
 * a number of that country.
 */
export function normaliseBusinessPhone(input: string, country: string): string | null {
  if (country === 'GB') return normaliseUkPhone(input)
  const tidy = tidyPhone(input)
  const compact = compactInternational(tidy)
  if (!/^\+?\d+$/.test(compact)) return null
  const parsed = parseAnyNumber(compact, country as CountryCode)
  return parsed?.isValid() && parsed.country === country ? tidy : null
}

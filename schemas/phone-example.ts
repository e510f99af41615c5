// A mobile number to show as the example beside a phone field (issue 43): the UK's is Ofcom's
// drama range, as the spec's pages always showed it; another country's is libphonenumber-js's
// example mobile for it (4 KB of examples for every country, read with the small metadata that
// schemas/phone.ts already carries), written as its people write it.
import { getExampleNumber, type CountryCode } from 'libphonenumber-js/min'
import examples from 'libphonenumber-js/mobile/examples'

/** The UK's example mobile, as the UK pages have always shown it. */
export const UK_MOBILE_EXAMPLE = '07700 900123'

/**
 * The example mobile number of a country in its national format ('085 012 3456' in Ireland,
 * '06 12345678' in the Netherlands); null for a country the library has no example of.
 */
export function mobileExample(country: string): string | null {
  if (country === 'GB') return UK_MOBILE_EXAMPLE
  return getExampleNumber(country as CountryCode, examples)?.formatNational() ?? null
}

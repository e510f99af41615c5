// No zod here: the checkout and member pages render from it, and islands may import it.
import { DEFAULT_COUNTRY_CODE } from './constants.ts'
import { MESSAGES } from './messages.ts'
import { usStateCode } from './us-states.ts'

/** The address fields every country's form posts (spec §3 Address, as ADDRESS_FIELDS). */
export type AddressFieldName = 'addressLine1' | 'addressLine2' | 'town' | 'county' | 'postcode'

/** One input of a country's address form. */
export interface AddressFormField {
  name: AddressFieldName
  label: string
  autoComplete: string
  required: boolean
}

const line1: AddressFormField = {
  name: 'addressLine1',
  label: 'Address line 1',
  autoComplete: 'address-line1',
  required: true,
}
const line2: AddressFormField = {
  name: 'addressLine2',
  label: 'Address line 2',
  autoComplete: 'address-line2',
  required: false,
}
const town: AddressFormField = {
  name: 'town',
  label: 'Town or city',
  autoComplete: 'address-level2',
  required: true,
}
const county: AddressFormField = {
  name: 'county',
  label: 'County',
  autoComplete: 'address-level1',
  required: false,
}
const postcode: AddressFormField = {
  name: 'postcode',
  label: 'Postcode',
  autoComplete: 'postal-code',
  required: true,
}

/**
 * Each country's address form, in the order its addresses are written (ADR 052): the UK's
 * lines, town, county and postcode; Ireland's with its county and the Eircode last; the
 * Netherlands' postcode first, then street and house number and the city, no county (a Dutch
 * address is found by postcode and number); the US's lines, city, state and ZIP code. Another
 * country gets the UK's form.
 */
const FORMS: Readonly<Record<string, ReadonlyArray<AddressFormField>>> = {
  GB: [line1, line2, town, county, postcode],
  IE: [line1, line2, town, { ...county, required: true }, { ...postcode, label: 'Eircode' }],
  NL: [
    postcode,
    { ...line1, label: 'Street and house number' },
    { ...line2, label: 'Addition (floor, flat)' },
    { ...town, label: 'City' },
  ],
  US: [
    line1,
    line2,
    { ...town, label: 'City' },
    { ...county, label: 'State', required: true },
    { ...postcode, label: 'ZIP code' },
  ],
}

/** The address form of a country, the UK's for a country without its own. */
export function addressFormOf(
  country: string = DEFAULT_COUNTRY_CODE
): ReadonlyArray<AddressFormField> {
  return FORMS[country.toUpperCase()] ?? FORMS.GB ?? []
}

/**
 * Whether a country's addresses can be looked up by postcode or typed search: the UK's only
 * (its address providers); abroad the geocoder places a postcode by its area (ADR 052), which
 * finds no address, so the form is typed in full.
 */
export function hasAddressLookup(country: string = DEFAULT_COUNTRY_CODE): boolean {
  return country.toUpperCase() === 'GB'
}

/** One refusal of an address field. */
export interface AddressFieldError {
  field: AddressFieldName
  message: string
}

/**
 * What a country asks of an address beyond the fields every country checks (lines, town and the
 * postcode rule): Ireland a county (its addresses are written with one), the Netherlands a house
 * number in the street line (a Dutch address is its postcode and number), the US a state (its
 * USPS code or its name).
 *
 * @example addressErrorsFor({ addressLine1: 'Oudegracht', county: null }, 'NL')
 * // [{ field: 'addressLine1', message: 'Please enter the house number.' }]
 */
export function addressErrorsFor(
  address: { addressLine1: string; county: string | null | undefined },
  country: string
): Array<AddressFieldError> {
  switch (country.toUpperCase()) {
    case 'IE':
      return (address.county ?? '').trim() === ''
        ? [{ field: 'county', message: MESSAGES.countyRequired }]
        : []
    case 'NL':
      return /\d/.test(address.addressLine1)
        ? []
        : [{ field: 'addressLine1', message: MESSAGES.houseNumberRequired }]
    case 'US': {
      const state = (address.county ?? '').trim()
      if (state === '') return [{ field: 'county', message: MESSAGES.stateRequired }]
      return usStateCode(state) === null
        ? [{ field: 'county', message: MESSAGES.stateInvalid }]
        : []
    }
    default:
      return []
  }
}

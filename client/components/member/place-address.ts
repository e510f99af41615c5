import { MESSAGES } from '../../../schemas/messages.ts'
import type { Address } from '../../../schemas/location.ts'
import { ApiRequestError, postJson } from '../../lib/api.ts'
import { LOCATION_API } from '../../lib/api-paths.ts'

function isAddress(value: unknown): value is Address {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  const text = (key: string) => typeof record[key] === 'string'
  const optional = (key: string) => record[key] === null || text(key)
  return (
    text('addressLine1') &&
    optional('addressLine2') &&
    text('town') &&
    optional('county') &&
    text('postcode') &&
    text('country')
  )
}

/**
 * Spec §3 Place details' address for a chosen suggestion (checked by shape, so the island does
 * not load zod); a failed or malformed answer is 'Unable to get address info, try another
 * address.'.
 */
export async function fetchPlaceAddress(placeId: string): Promise<Address> {
  const payload = await postJson(LOCATION_API.placeDetails, { placeId }).catch(() => null)
  const address =
    typeof payload === 'object' && payload !== null && 'address' in payload ? payload.address : null
  if (!isAddress(address)) throw new ApiRequestError(502, MESSAGES.addressInfoFailed)
  return address
}

/**
 * An address form's inputs by field, as the forms name their ids (`<prefix>-<field>`: `address`
 * in AddressForm, `delivery` in checkout's details); a form without a field (country) skips it.
 */
export function fillAddressInputs(address: Address, prefix = 'address'): void {
  const values: Record<string, string> = {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? '',
    town: address.town,
    county: address.county ?? '',
    postcode: address.postcode,
    country: address.country,
  }
  for (const [field, value] of Object.entries(values)) {
    const input = document.getElementById(`${prefix}-${field}`)
    if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) input.value = value
  }
}

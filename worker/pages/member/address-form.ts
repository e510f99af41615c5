import type { FormValues } from '../../../client/lib/form-values.ts'
import { ADDRESS_FIELDS } from '../../../client/lib/address-fields.ts'
import type { Address } from '../../../schemas/location.ts'
import type { MemberAddress } from '../../../schemas/member-addresses.ts'

/** Every input of the address form (AddressForm) a refused post shows again. */
export const ADDRESS_FORM_FIELDS = [
  'type',
  'name',
  'firstName',
  'lastName',
  ...ADDRESS_FIELDS,
  'country',
  'isDefault',
] as const

/** The address form's post as the member address calls take it, for their schema to check. */
export function memberAddressFromForm(form: Readonly<Record<string, string>>) {
  return {
    type: form.type ?? '',
    name: form.name ?? '',
    firstName: form.firstName ?? '',
    lastName: form.lastName ?? '',
    addressLine1: form.addressLine1 ?? '',
    addressLine2: form.addressLine2 ?? '',
    town: form.town ?? '',
    county: form.county ?? '',
    postcode: form.postcode ?? '',
    country: form.country || 'GB',
    isDefault: form.isDefault === 'yes',
  }
}

/** An address (saved, or found by the postcode lookup) as the values of the address form. */
export function memberAddressValues(
  address: Address & Partial<Pick<MemberAddress, 'type' | 'name' | 'firstName' | 'lastName'>>
): FormValues {
  return {
    type: address.type ?? 'delivery',
    name: address.name ?? '',
    firstName: address.firstName ?? '',
    lastName: address.lastName ?? '',
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? '',
    town: address.town,
    county: address.county ?? '',
    postcode: address.postcode,
    country: address.country,
  }
}

import type { FormValues } from '../../../client/lib/form-values.ts'
import {
  MEMBER_ADDRESS_FIELDS,
  type MemberAddressForm,
} from '../../../schemas/forms/member-address.ts'
import type { Address } from '../../../schemas/location.ts'
import type { MemberAddress } from '../../../schemas/member-addresses.ts'

/** Every input of the address form (AddressForm) a refused post shows again. */
export const ADDRESS_FORM_FIELDS = Object.values(MEMBER_ADDRESS_FIELDS).filter(
  (field) => field !== MEMBER_ADDRESS_FIELDS.action && field !== MEMBER_ADDRESS_FIELDS.addressId
)

/** The address form's post as the member address calls take it, for their schema to check. */
export function memberAddressFromForm(form: MemberAddressForm) {
  const { action: _action, addressId: _addressId, ...address } = form
  return address
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

import { addressErrorsFor } from '../../../../schemas/address-form.ts'
import type { MemberAddress, MemberAddressFields } from '../../../../schemas/member-addresses.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { AppError } from '../../../lib/errors.ts'
import { logError } from '../../../lib/log.ts'
import type { Geocoder } from '../../location/geocoder.ts'
import { requireBusinessPostcode } from '../../location/postcode-rules-repo.ts'
import { listCountries } from '../repo.ts'
import {
  deleteMemberAddress,
  findMemberAddress,
  insertMemberAddress,
  listMemberAddresses,
  setMemberAddressDefault,
  updateMemberAddress,
  type AddressPoint,
} from './repo.ts'

/** A member address call: the database, the business and the member requireMember answered. */
export interface AddressCall {
  db: D1Database
  businessId: number
  customerId: number
}

function notFound(): AppError {
  return new AppError('not_found', MESSAGES.addressNotFound)
}

/**
 * The typed address made ready to keep: its country one the business offers (billing addresses:
 * one it takes for billing), its postcode normalised by the business's rule for that country.
 * Refusals are validation errors on the field at fault, with the spec's postcode messages.
 */
async function checkedFields(
  call: AddressCall,
  fields: MemberAddressFields
): Promise<MemberAddressFields> {
  const countries = await listCountries(call.db, call.businessId, fields.type === 'billing')
  if (!countries?.some(({ code }) => code === fields.country)) {
    const message = MESSAGES.addressCountryNotOffered
    throw new AppError('validation_error', message, { fields: [{ field: 'country', message }] })
  }
  const missing = addressErrorsFor(fields, fields.country)
  if (missing[0]) {
    throw new AppError('validation_error', missing[0].message, { fields: missing })
  }
  const postcode = await requireBusinessPostcode(
    call.db,
    call.businessId,
    fields.postcode,
    fields.country
  )
  return { ...fields, postcode }
}

/**
 * Where the address is, when the geocoder knows its postcode. An address is kept without a point
 * when the lookup finds nothing or the location service is down: checkout looks it up again when
 * it is used, so the member is never refused a save for the provider's sake.
 */
async function locate(
  geocoder: Geocoder,
  fields: MemberAddressFields
): Promise<AddressPoint | null> {
  try {
    const place = await geocoder.postcodeToCoordinates(fields.postcode, fields.country)
    return place ? { latitude: place.latitude, longitude: place.longitude } : null
  } catch (error) {
    logError(error, { lookup: 'member address postcode' })
    return null
  }
}

async function requireOwnAddress(call: AddressCall, addressId: number): Promise<MemberAddress> {
  const address = await findMemberAddress(call.db, call.customerId, addressId)
  if (!address) throw notFound()
  return address
}

export function listAddresses(
  call: AddressCall,
  type?: MemberAddress['type']
): Promise<Array<MemberAddress>> {
  return listMemberAddresses(call.db, call.customerId, type)
}

/** Spec §7 Address add: checked, located, kept; answers every address of the member. */
export async function addAddress(
  call: AddressCall,
  geocoder: Geocoder,
  typed: MemberAddressFields
): Promise<Array<MemberAddress>> {
  const fields = await checkedFields(call, typed)
  await insertMemberAddress(call.db, call.customerId, fields, await locate(geocoder, fields))
  return listAddresses(call)
}

/** Spec §7 Address update: another member's addressId is 404 and nothing changes. */
export async function updateAddress(
  call: AddressCall,
  geocoder: Geocoder,
  addressId: number,
  typed: MemberAddressFields
): Promise<Array<MemberAddress>> {
  await requireOwnAddress(call, addressId)
  const fields = await checkedFields(call, typed)
  const point = await locate(geocoder, fields)
  if (!(await updateMemberAddress(call.db, call.customerId, addressId, fields, point))) {
    throw notFound()
  }
  return listAddresses(call)
}

/** Spec §7 Address delete (addressId); a deleted default hands over to the newest of its type. */
export async function deleteAddress(
  call: AddressCall,
  addressId: number
): Promise<Array<MemberAddress>> {
  const address = await requireOwnAddress(call, addressId)
  if (!(await deleteMemberAddress(call.db, call.customerId, address))) throw notFound()
  return listAddresses(call)
}

/** Spec §7 Set default (addressId, isDefault): one default per type, moved in one batch. */
export async function setDefaultAddress(
  call: AddressCall,
  addressId: number,
  isDefault: boolean
): Promise<Array<MemberAddress>> {
  const address = await requireOwnAddress(call, addressId)
  if (!(await setMemberAddressDefault(call.db, call.customerId, address, isDefault))) {
    throw notFound()
  }
  return listAddresses(call)
}

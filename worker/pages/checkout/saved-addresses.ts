import type { Context } from 'hono'
import { NEW_ADDRESS } from '../../../client/lib/address-fields.ts'
import type { CheckoutAddress, CheckoutState } from '../../../schemas/checkout.ts'
import {
  AddMemberAddressRequestSchema,
  MemberAddressListSchema,
  type AddressType,
  type MemberAddress,
} from '../../../schemas/member-addresses.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'
import type { CheckoutCaller } from './checkout-state.ts'

/**
 * A member's saved addresses at checkout (spec §7 Member addresses): the delivery step offers the
 * delivery ones, the billing step the billing ones, each default first. The chosen one goes through
 * the same set-address call as a typed one, so the delivery area is checked the same way.
 */

/** The member's saved addresses of a type; none for a guest, or when they cannot be read. */
export async function loadSavedAddresses(
  c: Context<AppEnv>,
  caller: CheckoutCaller,
  state: CheckoutState,
  type: AddressType
): Promise<Array<MemberAddress>> {
  if (state.caller !== 'member') return []
  try {
    const { addresses } = await c.var.backend.get('/member/addresses', {
      query: { businessId: caller.scope.businessId, type },
      token: caller.token,
      schema: MemberAddressListSchema,
    })
    return addresses
  } catch (error) {
    // The typed address still works: checkout never stops for the saved list.
    logError(error, { read: 'checkout saved addresses' }, 'warn')
    return []
  }
}

/** The saved address the form chose (its SAVED_ADDRESS_FIELD), or null for a typed (new) one. */
export function chosenSavedAddress(
  id: string | undefined,
  saved: ReadonlyArray<MemberAddress>
): MemberAddress | null {
  return saved.find(({ addressId }) => String(addressId) === id) ?? null
}

/** A saved address as checkout takes it. */
export function checkoutAddressOf(address: MemberAddress) {
  return {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? '',
    town: address.town,
    county: address.county ?? '',
    postcode: address.postcode,
    country: address.country,
  }
}

function sameAddress(saved: MemberAddress, held: CheckoutAddress): boolean {
  const key = (line: string, postcode: string) =>
    `${line.trim().toLowerCase()}|${postcode.replace(/\s+/g, '').toUpperCase()}`
  return key(saved.addressLine1, saved.postcode) === key(held.addressLine1, held.postcode)
}

/**
 * Which choice the step shows first: the saved address checkout already holds, else (nothing
 * held yet) the default, else the first; a held address that is not saved stays the typed one.
 */
export function preselectedChoice(
  saved: ReadonlyArray<MemberAddress>,
  held: CheckoutAddress | null
): string {
  if (held) {
    return String(saved.find((address) => sameAddress(address, held))?.addressId ?? NEW_ADDRESS)
  }
  const first = saved.find(({ isDefault }) => isDefault) ?? saved[0]
  return first ? String(first.addressId) : NEW_ADDRESS
}

/**
 * "Save this address": keeps the typed address for the member under the name given (else
 * 'Home' / 'Billing'), with the order's contact names. Best effort: the order goes on when it
 * cannot be saved (the address was already accepted for the order).
 */
export async function saveTypedAddress(
  c: Context<AppEnv>,
  caller: CheckoutCaller,
  input: {
    type: AddressType
    address: CheckoutAddress
    name: string | undefined
    firstName: string
    lastName: string
  }
): Promise<void> {
  const body = AddMemberAddressRequestSchema.safeParse({
    businessId: caller.scope.businessId,
    type: input.type,
    name: input.name?.trim() || (input.type === 'delivery' ? 'Home' : 'Billing'),
    firstName: input.firstName,
    lastName: input.lastName,
    ...input.address,
  })
  if (!body.success) return
  try {
    await c.var.backend.post('/member/addresses', {
      body: body.data,
      token: caller.token,
      schema: MemberAddressListSchema,
    })
  } catch (error) {
    logError(error, { write: 'checkout save address' }, 'warn')
  }
}

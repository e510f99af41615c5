import type { Context } from 'hono'
import {
  AddMemberAddressRequestSchema,
  DeleteMemberAddressRequestSchema,
  MemberAddressListQuerySchema,
  MemberAddressListSchema,
  SetDefaultMemberAddressRequestSchema,
  UpdateMemberAddressRequestSchema,
} from '../../../../schemas/member-addresses.ts'
import { requireMember } from '../../auth/authenticate.ts'
import type { BackendEnv } from '../../env.ts'
import { createGeocoder } from '../../location/create-geocoder.ts'
import { createDomain } from '../../route-registry.ts'
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
  type AddressCall,
} from './service.ts'

/**
 * Spec §7 Member address calls. Each answers the member's addresses afterwards (each type's
 * default first), so a page redraws from one answer. A guest token or none is 401; another
 * member's addressId is 404, nothing changed.
 */
export const memberAddresses = createDomain('Member')

const SIGNED_IN = 'Members only (bearer access token); every address is scoped to the caller.'

async function callOf(c: Context<BackendEnv>, businessId: number): Promise<AddressCall> {
  return { db: c.env.DB, businessId, customerId: await requireMember(c, businessId) }
}

memberAddresses.get(
  '/member/addresses',
  {
    summary: "The member's saved addresses",
    description: `Of one type (delivery or billing) or all. ${SIGNED_IN}`,
    query: MemberAddressListQuerySchema,
    response: MemberAddressListSchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => ({
    addresses: await listAddresses(await callOf(c, query.businessId), query.type),
  })
)

memberAddresses.post(
  '/member/addresses',
  {
    summary: 'Add an address',
    description:
      'The country must be one the business offers (billing: one it takes for billing); the ' +
      "postcode is normalised by the business's rule (422 on postcode with the spec's message). " +
      'The point is kept when the geocoder knows the postcode. The first address of a type, or ' +
      `one sent with isDefault, is that type's default. ${SIGNED_IN}`,
    body: AddMemberAddressRequestSchema,
    response: MemberAddressListSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const { businessId, ...fields } = body
    return {
      addresses: await addAddress(await callOf(c, businessId), createGeocoder(c.env), fields),
    }
  }
)

memberAddresses.put(
  '/member/addresses',
  {
    summary: 'Update an address (by addressId)',
    description: `The whole address again, checked as on add. ${SIGNED_IN}`,
    body: UpdateMemberAddressRequestSchema,
    response: MemberAddressListSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => {
    const { businessId, addressId, ...fields } = body
    const call = await callOf(c, businessId)
    return { addresses: await updateAddress(call, createGeocoder(c.env), addressId, fields) }
  }
)

memberAddresses.delete(
  '/member/addresses',
  {
    summary: 'Delete an address (by addressId)',
    description: `A deleted default hands over to the newest address of its type. ${SIGNED_IN}`,
    body: DeleteMemberAddressRequestSchema,
    response: MemberAddressListSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => ({
    addresses: await deleteAddress(await callOf(c, body.businessId), body.addressId),
  })
)

memberAddresses.post(
  '/member/addresses/default',
  {
    summary: 'Set or unset the default address of its type',
    description: `One default per type: the old one is cleared in the same batch. ${SIGNED_IN}`,
    body: SetDefaultMemberAddressRequestSchema,
    response: MemberAddressListSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => ({
    addresses: await setDefaultAddress(
      await callOf(c, body.businessId),
      body.addressId,
      body.isDefault
    ),
  })
)

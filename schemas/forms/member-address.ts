import { z } from 'zod'
import { addressLinesShape } from './address-lines.ts'
import { fieldNames } from './field-names.ts'

const typed = z.string().catch('')

/** What a post to the member's addresses page does: the form's `action`. */
export const MEMBER_ADDRESS_ACTIONS = ['add', 'update', 'delete', 'default'] as const

/*
 * The member's addresses page (spec §3 Address): the address form, the "Make default" and
 * delete buttons all post here, told apart by `action`. AddressForm.tsx and AddressCard.tsx take
 * their field names from this schema and worker/pages/member/addresses.tsx reads a post with it.
 * Values stay as typed (a missing field is blank): the address calls' schemas refuse a bad one
 * with the spec's message.
 */
export const MemberAddressFormSchema = z.object({
  /** Anything else is an added address. */
  action: z.enum(MEMBER_ADDRESS_ACTIONS).catch('add'),
  /** The address changed, deleted or made the default. */
  addressId: typed,
  /** 'delivery' or 'billing', checked by the address calls. */
  type: typed,
  /** The address's own name ('Home'). */
  name: typed,
  firstName: typed,
  lastName: typed,
  ...addressLinesShape,
  /** Blank is the UK. */
  country: typed.transform((country) => country || 'GB'),
  /** The "Make this my default address of its kind" box: 'yes' when ticked. */
  isDefault: typed.transform((box) => box === 'yes'),
})

export const MEMBER_ADDRESS_FIELDS = fieldNames(MemberAddressFormSchema)

export type MemberAddressForm = z.output<typeof MemberAddressFormSchema>

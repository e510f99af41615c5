import { z } from 'zod'
import { CheckoutAddressSchema } from './checkout-answers.ts'
import { BusinessIdSchema, IdSchema } from './common.ts'
import { MESSAGES } from './messages.ts'
import { requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'

/**
 * The member's saved addresses (spec §3 Address, §7 Member: address add POST, update PUT, delete
 * DELETE with addressId, set default with addressId and isDefault). A saved address is spec §3
 * Address plus its type, the shopper's name for it ('Home'), first and last name and the default
 * flag; the backend keeps at most one default per type.
 */

/** Spec §3: a saved address is for delivery or for billing. */
export const ADDRESS_TYPES = ['delivery', 'billing'] as const
export type AddressType = (typeof ADDRESS_TYPES)[number]

/** The shopper's label for an address: 'Home', 'Work'. */
export const ADDRESS_NAME_MAX_LENGTH = 40

const AddressTypeSchema = z.enum(ADDRESS_TYPES, { error: MESSAGES.validationError })

/** What the shopper types for an address: the checkout address plus its label and names. */
export const MemberAddressFieldsSchema = CheckoutAddressSchema.extend({
  type: AddressTypeSchema,
  name: requiredText('Address name', ADDRESS_NAME_MAX_LENGTH, MESSAGES.addressNameRequired),
  firstName: requiredText('First name', TEXT_MAX_LENGTH.name, MESSAGES.firstNameRequired),
  lastName: requiredText('Last name', TEXT_MAX_LENGTH.name, MESSAGES.lastNameRequired),
  /** Make it the default of its type (the first address of a type is the default anyway). */
  isDefault: z.boolean().default(false),
})
export type MemberAddressFields = z.output<typeof MemberAddressFieldsSchema>

const MemberScopeSchema = z.object({ businessId: BusinessIdSchema })

/** The member's addresses, of one type or all (GET, query). */
export const MemberAddressListQuerySchema = MemberScopeSchema.extend({
  type: AddressTypeSchema.optional(),
})

/** Spec §7 Address add (POST). */
export const AddMemberAddressRequestSchema = MemberScopeSchema.extend(
  MemberAddressFieldsSchema.shape
)

/** Spec §7 Address update (PUT): the whole address again, by addressId. */
export const UpdateMemberAddressRequestSchema = AddMemberAddressRequestSchema.extend({
  addressId: IdSchema,
})

/** Spec §7 Address delete (DELETE with addressId). */
export const DeleteMemberAddressRequestSchema = MemberScopeSchema.extend({ addressId: IdSchema })

/** Spec §7 Set default (addressId, isDefault): false leaves the type without a default. */
export const SetDefaultMemberAddressRequestSchema = MemberScopeSchema.extend({
  addressId: IdSchema,
  isDefault: z.boolean(),
})

/** A saved address as the backend answers it; coordinates when the postcode was found. */
export type MemberAddress = z.infer<typeof MemberAddressSchema>
export const MemberAddressSchema = z.object({
  addressId: z.int().positive(),
  type: z.enum(ADDRESS_TYPES),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  town: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})

/** Every answer of the address calls: the member's addresses, each type's default first. */
export const MemberAddressListSchema = z.object({ addresses: z.array(MemberAddressSchema) })

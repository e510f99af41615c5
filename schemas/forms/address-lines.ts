import { z } from 'zod'
import type { AddressFieldName } from '../address-form.ts'

/**
 * The address lines every country's address form posts (AddressFields.tsx renders them under
 * schemas/address-form.ts's names), as typed (a missing line is blank), for a form schema to
 * spread into its own: the member's address form, the operator's store details.
 */
export const addressLinesShape = {
  addressLine1: z.string().catch(''),
  addressLine2: z.string().catch(''),
  town: z.string().catch(''),
  county: z.string().catch(''),
  postcode: z.string().catch(''),
} satisfies Record<AddressFieldName, z.ZodType>

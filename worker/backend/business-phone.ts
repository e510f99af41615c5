import { MESSAGES } from '../../schemas/messages.ts'
import { isMobileOfCountry } from '../../schemas/phone-country.ts'
import { AppError } from '../lib/errors.ts'
import { businessLocale } from './businesses-repo.ts'

/**
 * Holds a shopper's mobile number (E.164, from the schema) to the business's country (issue 43):
 * a UK business takes UK mobiles only, as spec §5 says; a Dutch one Dutch mobiles. Refused like
 * the schema refuses: 422 with the spec's message on the field, and nothing written.
 */
export async function assertBusinessMobile(
  db: D1Database,
  businessId: number,
  phone: string | null | undefined,
  field: string
): Promise<void> {
  if (phone === null || phone === undefined) return
  const { countryCode } = await businessLocale(db, businessId)
  if (isMobileOfCountry(phone, countryCode)) return
  throw new AppError('validation_error', MESSAGES.mobileInvalid, {
    fields: [{ field, message: MESSAGES.mobileInvalid }],
  })
}

import { checkPostcode, postcodeRuleFor, type PostcodeRule } from '../../../schemas/postcode.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { businessLocale } from '../businesses-repo.ts'

/** A postcode_rules row, as the brand lookup and the rule checks read it. */
export interface PostcodeRuleRow {
  country_code: string
  pattern: string
  normalisation: PostcodeRule['normalisation']
  example: string | null
}

/** A business's postcode rules (spec §5 "business-supplied rules"), one per country. */
export async function findPostcodeRules(
  db: D1Database,
  businessId: number
): Promise<Array<PostcodeRule>> {
  const { results } = await db
    .prepare(
      `select country_code, pattern, normalisation, example from postcode_rules
       where business_id = ?1 order by country_code`
    )
    .bind(businessId)
    .all<PostcodeRuleRow>()
  return results.map(postcodeRuleOf)
}

export function postcodeRuleOf(row: PostcodeRuleRow): PostcodeRule {
  return {
    countryCode: row.country_code,
    pattern: row.pattern,
    normalisation: row.normalisation,
    example: row.example,
  }
}

/**
 * The typed postcode normalised by the business's rule for the country, or a validation_error
 * carrying the spec's message ('Please enter a valid postcode' / '<typed> is not a valid
 * postcode') on the field `postcode`. A country the business has no rule for is not served,
 * but for its own country (its businesses row), whose postcodes the shop knows (GB, NL, IE, US).
 */
export async function requireBusinessPostcode(
  db: D1Database,
  businessId: number,
  typed: string,
  country: string
): Promise<string> {
  return (await checkedPostcode(db, businessId, typed, country)).postcode
}

/**
 * A postcode in the business's own country (its businesses row): what a store of the business
 * is at, checked as requireBusinessPostcode checks a shopper's, with the country it was read in
 * (for the geocoder).
 */
export async function requireHomePostcode(
  db: D1Database,
  businessId: number,
  typed: string
): Promise<{ postcode: string; country: string }> {
  return checkedPostcode(db, businessId, typed, null)
}

async function checkedPostcode(
  db: D1Database,
  businessId: number,
  typed: string,
  /** Null: the business's own country. */
  country: string | null
): Promise<{ postcode: string; country: string }> {
  const [rules, home] = await Promise.all([
    findPostcodeRules(db, businessId),
    businessLocale(db, businessId),
  ])
  const countryCode = country ?? home.countryCode
  const rule = postcodeRuleFor(rules, countryCode, home.countryCode)
  const check = rule
    ? checkPostcode(typed, rule)
    : typed.trim() === ''
      ? { ok: false as const, message: MESSAGES.postcodeRequired }
      : { ok: false as const, message: formatMessage('postcodeInvalid', typed.trim()) }
  if (!check.ok) {
    throw new AppError('validation_error', check.message, {
      fields: [{ field: 'postcode', message: check.message }],
    })
  }
  return { postcode: check.postcode, country: countryCode }
}

// No zod here: islands import this module, and the check must stay a few hundred bytes.
import { isValid, toNormalised, toOutcode } from 'postcode'
import { DEFAULT_COUNTRY_CODE, LONGEST_POSTCODE, POSTCODE_MAX_LENGTH } from './constants.ts'
import { fillMessage } from './message-format.ts'
import { MESSAGES } from './messages.ts'

/**
 * A business's postcode rule for one country (spec §5: "checked against business-supplied rules"),
 * stored in postcode_rules. 'uk' normalises with the UK postcode library (upper case, one space
 * before the inward code); 'upper_trim' upper-cases and collapses spaces. The pattern is an
 * anchored regular expression applied to the normalised postcode.
 */
export interface PostcodeRule {
  countryCode: string
  pattern: string
  normalisation: 'uk' | 'upper_trim'
  example: string | null
}

/** GB, used when a business has no rule of its own for the country. */
export const DEFAULT_POSTCODE_RULE: PostcodeRule = {
  countryCode: DEFAULT_COUNTRY_CODE,
  pattern: '^(GIR 0AA|[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2})$',
  normalisation: 'uk',
  example: 'M1 1AE',
}

/**
 * The countries whose postcodes the shop knows without a business rule (issue 43): each one's
 * rule, used when a business has none of its own for it. Stored rules normalise 'uk' or
 * 'upper_trim' only; these countries' spacing is put right by {@link canonicalSpacing}.
 */
export const COUNTRY_POSTCODE_RULES: Readonly<Record<string, PostcodeRule>> = {
  GB: DEFAULT_POSTCODE_RULE,
  // Four digits (no leading 0), a space, two letters; SA, SD and SS are never issued.
  NL: {
    countryCode: 'NL',
    pattern: '^[1-9][0-9]{3} (?!SA|SD|SS)[A-Z]{2}$',
    normalisation: 'upper_trim',
    example: '1012 AB',
  },
  // Eircode: a routing key (a letter and two digits, or D6W), a space, four characters from the
  // letters Eircode uses (no B, G, I, J, L, M, O, Q, S, U, Z) and digits.
  IE: {
    countryCode: 'IE',
    pattern: '^([AC-FHKNPRTV-Y][0-9]{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$',
    normalisation: 'upper_trim',
    example: 'D02 X285',
  },
  // A ZIP code (five digits) or ZIP+4 (five, a hyphen, four).
  US: {
    countryCode: 'US',
    pattern: '^[0-9]{5}(-[0-9]{4})?$',
    normalisation: 'upper_trim',
    example: '10001',
  },
}

/**
 * The most a country's postcode box takes: the spec's 8 (a UK postcode, and the Dutch and Irish
 * ones fit), but a US ZIP+4 is 10 ('12345-6789').
 */
const MAX_LENGTHS: Readonly<Record<string, number>> = { US: LONGEST_POSTCODE }

/** The postcode box's maxlength for a country (spec: 8, the UK's and most countries'). */
export function postcodeMaxLength(countryCode: string = DEFAULT_COUNTRY_CODE): number {
  return MAX_LENGTHS[countryCode.toUpperCase()] ?? POSTCODE_MAX_LENGTH
}

// Where the separator goes when a shopper leaves it out or types another ('1012ab', 'd02x285',
// '100011234', '10001 1234'): a space before the last two letters in NL and before the last four
// characters of an Eircode; a hyphen before a ZIP+4's last four digits.
const SPACING: Readonly<Record<string, readonly [RegExp, string]>> = {
  NL: [/^([0-9]{4}) ?([A-Z]{2})$/, '$1 $2'],
  IE: [/^([A-Z0-9]{3}) ?([A-Z0-9]{4})$/, '$1 $2'],
  US: [/^([0-9]{5})[ -]?([0-9]{4})$/, '$1-$2'],
}

function canonicalSpacing(postcode: string, countryCode: string): string {
  const spacing = SPACING[countryCode]
  return spacing ? postcode.replace(spacing[0], spacing[1]) : postcode
}

/** The outcome of checking what a shopper typed into the postcode box. */
export type PostcodeCheck = { ok: true; postcode: string } | { ok: false; message: string }

const compiled = new Map<string, RegExp | null>()

// A rule's pattern comes from the database; one that does not compile checks nothing beyond the
// normalisation rather than failing every search.
function patternOf(rule: PostcodeRule): RegExp | null {
  let pattern = compiled.get(rule.pattern)
  if (pattern === undefined) {
    try {
      pattern = new RegExp(rule.pattern)
    } catch {
      pattern = null
    }
    compiled.set(rule.pattern, pattern)
  }
  return pattern
}

function normalise(typed: string, rule: PostcodeRule): string | null {
  if (rule.normalisation === 'uk') return isValid(typed) ? toNormalised(typed) : null
  return canonicalSpacing(typed.toUpperCase().replace(/\s+/g, ' '), rule.countryCode)
}

/**
 * Checks a typed postcode against a business rule the way the store search does (spec §5): empty →
 * 'Please enter a valid postcode'; not a postcode → '<typed> is not a valid postcode'; otherwise
 * the normalised form. Used by the islands, the pages and the backend alike.
 *
 * @example checkPostcode(' m11ae ', DEFAULT_POSTCODE_RULE) // { ok: true, postcode: 'M1 1AE' }
 */
export function checkPostcode(
  input: string,
  rule: PostcodeRule,
  /** How a refusal is said: English, or an island's page text (the brand's language). */
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): PostcodeCheck {
  const typed = input.trim()
  if (typed === '') return { ok: false, message: say(MESSAGES.postcodeRequired) }
  const normalised =
    typed.length <= postcodeMaxLength(rule.countryCode) ? normalise(typed, rule) : null
  const pattern = normalised === null ? null : patternOf(rule)
  if (normalised === null || (pattern !== null && !pattern.test(normalised))) {
    return { ok: false, message: say(MESSAGES.postcodeInvalid, typed) }
  }
  return { ok: true, postcode: normalised }
}

/**
 * The rule for a country among a business's rules: its own, else the GB default for GB, else
 * for the business's home country the rule the shop knows for it (NL, IE, US), else null (the
 * business does not serve that country).
 */
export function postcodeRuleFor(
  rules: ReadonlyArray<PostcodeRule>,
  countryCode: string = DEFAULT_COUNTRY_CODE,
  homeCountry: string = DEFAULT_COUNTRY_CODE
): PostcodeRule | null {
  const country = countryCode.toUpperCase()
  const own = rules.find((rule) => rule.countryCode === country)
  if (own) return own
  if (country === DEFAULT_COUNTRY_CODE) return DEFAULT_POSTCODE_RULE
  return country === homeCountry.toUpperCase() ? (COUNTRY_POSTCODE_RULES[country] ?? null) : null
}

/**
 * Whether a country's postcodes have districts a delivery zone can name (the UK's outcodes). Where
 * they do not (Ireland, the Netherlands, the US), a store's zones are radii around it (issue 43).
 */
export function hasPostcodeDistricts(countryCode: string = DEFAULT_COUNTRY_CODE): boolean {
  return countryCode.toUpperCase() === DEFAULT_COUNTRY_CODE
}

/** The outward code of a normalised UK postcode ('M1 1AE' → 'M1'); null for other formats. */
export function outcodeOf(postcode: string): string | null {
  return isValid(postcode) ? toOutcode(postcode) : null
}

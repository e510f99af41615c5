// Shoppers type street names the way they write them on envelopes.
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  rd: 'road',
  st: 'street',
  ln: 'lane',
  ave: 'avenue',
  av: 'avenue',
  dr: 'drive',
  cl: 'close',
  ct: 'court',
  cres: 'crescent',
  gdns: 'gardens',
  gr: 'grove',
  pl: 'place',
  sq: 'square',
  ter: 'terrace',
  terr: 'terrace',
  pk: 'park',
}

const MAX_TOKENS = 8
// The start of a UK postcode written without its space: 'm1', 'm11', 'm11a', 'sw1a2aa'.
const POSTCODE_PREFIX = /^[a-z]{1,2}[0-9][a-z0-9]?([0-9][a-z]{0,2})?$/

/** What an autocomplete term asks for, ready for the FTS5 query and the ranking. */
export interface AddressSearch {
  /** An FTS5 MATCH expression over geo_addresses_fts. */
  match: string
  /** The term without spaces when it could be the start of a postcode ('m11'), else null. */
  postcodePrefix: string | null
  /** The house number the term starts with, ranked first when an address has exactly it. */
  houseNumber: number | null
}

function tokensOf(term: string): Array<string> {
  return term
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((token) => token !== '')
    .slice(0, MAX_TOKENS)
}

// Tokens are [a-z0-9]+ only, so quoting them cannot break out of the FTS5 string.
function tokenQuery(token: string): string {
  const full = ABBREVIATIONS[token]
  return full ? `("${token}"* OR "${full}")` : `"${token}"*`
}

/**
 * Turns a typed term into an FTS5 prefix query: every word must start a word of the address
 * (street, town or postcode), so '12 oxf', 'oxford rd', 'manch' and 'M1 1' all match; a term
 * that could begin a postcode also matches the postcode written without its space. Null when the
 * term has no letters or digits.
 *
 * @example addressSearchOf('M1 1A') // { match: '("m1"* AND "1a"*) OR (postcode_key : "m11a"*)', ... }
 */
export function addressSearchOf(term: string): AddressSearch | null {
  const tokens = tokensOf(term)
  if (tokens.length === 0) return null
  // Explicit AND: FTS5 does not allow an implicit AND before a parenthesised OR.
  const words = `(${tokens.map(tokenQuery).join(' AND ')})`
  const compact = tokens.join('')
  const postcodePrefix = POSTCODE_PREFIX.test(compact) ? compact : null
  const match = postcodePrefix ? `${words} OR (postcode_key : "${postcodePrefix}"*)` : words
  const first = tokens[0] ?? ''
  const houseNumber = /^[0-9]{1,5}$/.test(first) && tokens.length > 1 ? Number(first) : null
  return { match, postcodePrefix, houseNumber }
}

import { isPlaceholder } from '../../worker/lib/deployment-config.ts'

/** The shapes of the ids Cloudflare prints: D1 databases and mTLS certificates, KV and zones. */
export type IdShape = 'uuid' | 'hex32'

const SHAPES: Record<IdShape, { pattern: RegExp; described: string }> = {
  uuid: {
    pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    described: 'a UUID',
  },
  hex32: { pattern: /^[0-9a-f]{32}$/i, described: 'a 32-digit hex id' },
}

/**
 * Whether an id of the right shape was made up rather than printed by Cloudflare. Cloudflare's
 * ids are random: a random 32-digit hex id holds about 15 different digits and has about two
 * places where a digit is followed by the next one, so zeros, "abab…", "1234…-1234-…" and
 * "0123456789abcdef…" give themselves away.
 */
export function isMadeUpId(id: string): boolean {
  const digits = [...id.replace(/-/g, '').toLowerCase()].map((digit) => parseInt(digit, 16))
  if (new Set(digits).size < 6) return true
  const ascending = digits
    .slice(1)
    .filter((digit, index) => digit === ((digits[index] ?? -2) + 1) % 16).length
  return ascending >= digits.length / 2
}

/**
 * What is wrong with an id that must be a real one, as the end of a sentence about it ("database_id
 * is missing"), or null when it may be real.
 */
export function idProblem(id: string | undefined, shape: IdShape): string | null {
  const text = id?.trim() ?? ''
  if (text === '') return 'is missing'
  if (isPlaceholder(text)) return `"${text}" is a placeholder`
  if (!SHAPES[shape].pattern.test(text)) return `"${text}" is not ${SHAPES[shape].described}`
  if (isMadeUpId(text)) return `"${text}" is a placeholder`
  return null
}

// R2's rule: 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or
// a digit.
const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/

/** What is wrong with an R2 bucket name, as the end of a sentence about it, or null. */
export function bucketNameProblem(name: string | undefined): string | null {
  const text = name?.trim() ?? ''
  if (text === '') return 'is missing'
  if (isPlaceholder(text)) return `"${text}" is a placeholder`
  if (!BUCKET_NAME.test(text)) return `"${text}" is not an R2 bucket name`
  return null
}

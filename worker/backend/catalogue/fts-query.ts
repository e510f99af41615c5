// Enough words for any real product search; a longer term only makes the query slower.
const MAX_WORDS = 8
const WORD = /[\p{L}\p{N}]+/gu

/**
 * An FTS5 MATCH expression for a shopper's search term: every word must match as the start of a
 * word ("semi skim" finds "semi-skimmed"); a whole-word match also counts as a second phrase, so
 * bm25 ranks "whole milk" above "milkshake" for "milk". Words are taken as runs of letters and
 * digits and quoted, so no FTS5 syntax (quotes, AND/OR/NOT/NEAR, column filters, `*`, `^`) in the
 * term reaches the query. Single letters are dropped when longer words exist (they would match
 * almost everything). Null when the term has no word at all.
 *
 * @example ftsMatchExpression('Skimmed milk') // '("skimmed" OR "skimmed"*) AND ("milk" OR "milk"*)'
 */
export function ftsMatchExpression(term: string): string | null {
  const words = (term.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS)
  if (words.length === 0) return null
  const longer = words.filter((word) => word.length > 1)
  const chosen = longer.length > 0 ? longer : words
  return [...new Set(chosen)].map((word) => `("${word}" OR "${word}"*)`).join(' AND ')
}

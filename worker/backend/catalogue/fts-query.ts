import type { Allergen } from '../../../schemas/food-information.ts'

// Enough words for any real product search; a longer term only makes the query slower.
const MAX_WORDS = 8
const WORD = /[\p{L}\p{N}]+/gu

/** The term's searchable words: lower-cased runs of letters and digits, at most MAX_WORDS. */
function searchWords(term: string): string[] {
  const words = (term.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS)
  const longer = words.filter((word) => word.length > 1)
  return [...new Set(longer.length > 0 ? longer : words)]
}

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
  const words = searchWords(term)
  if (words.length === 0) return null
  return words.map((word) => `("${word}" OR "${word}"*)`).join(' AND ')
}

// The columns a shopper's words are matched in: never the allergens column, which only filters.
const WORD_COLUMNS = '{name description tags category_name}'

/**
 * The item index's MATCH expression (migration 0084): the term's words in the shopper's columns,
 * and, when free-from allergens are asked, only items that declare food information and name
 * none of them in the allergens column (both "contains" and "may contain" are there). The filter
 * is part of the match, so the ranked window and the capped count hold only what may be shown.
 * Allergen ids are a closed list (schemas/food-information.ts), quoted as phrases.
 */
export function itemMatchExpression(words: string, freeFrom: ReadonlyArray<Allergen>): string {
  const inWords = `${WORD_COLUMNS} : (${words})`
  if (freeFrom.length === 0) return inWords
  const asked = freeFrom.map((allergen) => `"${allergen}"`).join(' OR ')
  return `${inWords} AND allergens : (declared NOT (${asked}))`
}

/**
 * What ranks a match above bm25 (ADR 031, "Ranking"): a shopper searching "milk" wants milk, not
 * coconut milk, follow-on milk or milk chocolate chips, although each names the word. So, after
 * an item named exactly as the term, come the items whose name holds every word whole and whose
 * own category is the term (the item's kind: the Milk category), then those whose name ends with
 * the term's last word before the size (its head noun: "coconut milk 400ml" is a milk, "milk
 * chocolate chips 100g" are chips), then any other whole-word name match, then the rest
 * (prefixes, descriptions) by bm25.
 */
export interface SearchRanking {
  /** FTS5 expression: every word whole (or with "s" added or taken off), in the name column. */
  readonly wholeWordsInName: string
  /** The category names that make an item the term's kind: the term, and it with or without "s". */
  readonly kinds: readonly [string, string]
  /**
   * GLOB patterns on ' ' || lower(name): the term's last word (± "s") ends the name or comes just
   * before its size ("Coconut milk 400ml", "Whole milk 2 pints"). The words are letters and digits
   * only, so nothing in them is a GLOB wildcard.
   */
  readonly headNouns: readonly [string, string, string, string]
}

/** The word or phrase with its plural "s" added, or taken off when it has one. */
function otherNumber(phrase: string): string {
  return phrase.endsWith('s') ? phrase.slice(0, -1) : `${phrase}s`
}

export function searchRanking(term: string): SearchRanking | null {
  const words = searchWords(term)
  const last = words.at(-1)
  if (last === undefined) return null
  const phrase = words.join(' ')
  return {
    wholeWordsInName: words
      .map((word) => `name : ("${word}" OR "${otherNumber(word)}")`)
      .join(' AND '),
    kinds: [phrase, otherNumber(phrase)],
    headNouns: [
      `* ${last}`,
      `* ${last} [0-9]*`,
      `* ${otherNumber(last)}`,
      `* ${otherNumber(last)} [0-9]*`,
    ],
  }
}

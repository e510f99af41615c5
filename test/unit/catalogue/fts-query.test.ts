import { describe, expect, it } from 'vitest'
import { ftsMatchExpression, searchRanking } from '../../../worker/backend/catalogue/fts-query.ts'

describe('ftsMatchExpression', () => {
  it('asks for every word as a whole word or a prefix', () => {
    expect(ftsMatchExpression('Semi skim')).toBe('("semi" OR "semi"*) AND ("skim" OR "skim"*)')
  })

  it('keeps only letters and digits, so FTS5 syntax in the term stays plain text', () => {
    expect(ftsMatchExpression('"milk" OR NEAR(name:eggs*)^')).toBe(
      '("milk" OR "milk"*) AND ("or" OR "or"*) AND ("near" OR "near"*) AND ("name" OR "name"*) AND ("eggs" OR "eggs"*)'
    )
    expect(ftsMatchExpression('-- ; \' "')).toBeNull()
  })

  it('keeps accented letters and digits, and splits on punctuation', () => {
    expect(ftsMatchExpression('Crème fraîche 2%')).toBe(
      '("crème" OR "crème"*) AND ("fraîche" OR "fraîche"*)'
    )
    expect(ftsMatchExpression('2 4')).toBe('("2" OR "2"*) AND ("4" OR "4"*)')
  })

  it('drops single letters beside longer words, repeats and words past the eighth', () => {
    expect(ftsMatchExpression("Sainsbury's a milk milk")).toBe(
      '("sainsbury" OR "sainsbury"*) AND ("milk" OR "milk"*)'
    )
    const many = ftsMatchExpression('aa bb cc dd ee ff gg hh ii jj')
    expect(many?.split(' AND ')).toHaveLength(8)
  })
})

describe('searchRanking', () => {
  it('names the whole words, the kind and the head noun, singular and plural', () => {
    expect(searchRanking('Free-range eggs')).toEqual({
      wholeWordsInName:
        'name : ("free" OR "frees") AND name : ("range" OR "ranges") AND name : ("eggs" OR "egg")',
      kinds: ['free range eggs', 'free range egg'],
      headNouns: ['* eggs', '* eggs [0-9]*', '* egg', '* egg [0-9]*'],
    })
    expect(searchRanking('milk')?.kinds).toEqual(['milk', 'milks'])
  })

  it('keeps FTS5 syntax and GLOB wildcards out, and has nothing for a term without words', () => {
    expect(searchRanking('"a?[b]" OR name:x*')?.wholeWordsInName).toBe(
      'name : ("or" OR "ors") AND name : ("name" OR "names")'
    )
    expect(searchRanking('*?[] --')).toBeNull()
  })
})

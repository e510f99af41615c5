import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeRegExp } from '../../../schemas/regex-escape.ts'

describe('escapeRegExp', () => {
  it('escapes every character a pattern gives a meaning to', () => {
    expect(escapeRegExp('.*+?^${}()|[]\\')).toBe('\\.\\*\\+\\?\\^\\$\\{\\}\\(\\)\\|\\[\\]\\\\')
    expect(escapeRegExp('Save £5 (today)')).toBe('Save £5 \\(today\\)')
    expect(escapeRegExp('plain words')).toBe('plain words')
  })

  it('makes a pattern that matches the text itself and nothing it would otherwise match', () => {
    expect(new RegExp(`^${escapeRegExp('a.c')}$`).test('abc')).toBe(false)
    expect(new RegExp(`^${escapeRegExp('1+1')}$`).test('11')).toBe(false)
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const pattern = new RegExp(`^${escapeRegExp(text)}$`, 'su')
        expect(pattern.test(text)).toBe(true)
        expect(pattern.test(`${text}x`)).toBe(false)
      }),
      { numRuns: 500 }
    )
  })
})

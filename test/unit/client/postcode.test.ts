import { describe, expect, it } from 'vitest'
import {
  checkPostcode,
  DEFAULT_POSTCODE_RULE,
  outcodeOf,
  postcodeRuleFor,
  type PostcodeRule,
} from '../../../schemas/postcode.ts'

describe('checkPostcode with the default GB rule', () => {
  const checkUkPostcode = (input: string) => checkPostcode(input, DEFAULT_POSTCODE_RULE)

  it('asks for a postcode when the box is empty or blank', () => {
    expect(checkUkPostcode('')).toEqual({ ok: false, message: 'Please enter a valid postcode' })
    expect(checkUkPostcode('   ')).toEqual({ ok: false, message: 'Please enter a valid postcode' })
  })

  it('names what was typed when it is not a postcode', () => {
    expect(checkUkPostcode('ZZ1')).toEqual({ ok: false, message: 'ZZ1 is not a valid postcode' })
    expect(checkUkPostcode(' hello ')).toEqual({
      ok: false,
      message: 'hello is not a valid postcode',
    })
  })

  it('normalises a valid postcode', () => {
    expect(checkUkPostcode('m11ae')).toEqual({ ok: true, postcode: 'M1 1AE' })
    expect(checkUkPostcode(' sw1a 1aa ')).toEqual({ ok: true, postcode: 'SW1A 1AA' })
    expect(checkUkPostcode('EC1A1BB')).toEqual({ ok: true, postcode: 'EC1A 1BB' })
  })

  it('rejects anything longer than the 8-character box allows', () => {
    expect(checkUkPostcode('SW1A   1AA').ok).toBe(false)
  })
})

describe('checkPostcode with a business rule', () => {
  const manchesterOnly: PostcodeRule = {
    countryCode: 'GB',
    pattern: '^M[0-9]{1,2} [0-9][A-Z]{2}$',
    normalisation: 'uk',
    example: 'M1 1AE',
  }
  const irish: PostcodeRule = {
    countryCode: 'IE',
    pattern: '^[A-Z][0-9][0-9W] ?[A-Z0-9]{4}$',
    normalisation: 'upper_trim',
    example: 'D02 X285',
  }

  it("accepts only what the business's pattern allows, after normalising", () => {
    expect(checkPostcode('m1 1ae', manchesterOnly)).toEqual({ ok: true, postcode: 'M1 1AE' })
    expect(checkPostcode('LS1 4AP', manchesterOnly)).toEqual({
      ok: false,
      message: 'LS1 4AP is not a valid postcode',
    })
    expect(checkPostcode('', manchesterOnly)).toEqual({
      ok: false,
      message: 'Please enter a valid postcode',
    })
  })

  it('upper-cases what was typed for a non-UK rule', () => {
    expect(checkPostcode(' d02 x285 ', irish)).toEqual({ ok: true, postcode: 'D02 X285' })
    expect(checkPostcode('d02x285', irish)).toEqual({ ok: true, postcode: 'D02X285' })
    expect(checkPostcode('M1 1AE', irish)).toEqual({
      ok: false,
      message: 'M1 1AE is not a valid postcode',
    })
  })

  it('falls back to the normalisation alone when a stored pattern does not compile', () => {
    const broken: PostcodeRule = { ...DEFAULT_POSTCODE_RULE, pattern: '^(M[0-9' }
    expect(checkPostcode('m11ae', broken)).toEqual({ ok: true, postcode: 'M1 1AE' })
    expect(checkPostcode('ZZ1', broken).ok).toBe(false)
  })
})

describe('postcodeRuleFor and outcodeOf', () => {
  const rules: Array<PostcodeRule> = [{ ...DEFAULT_POSTCODE_RULE, pattern: '^M.*$' }]

  it("prefers the business's own rule, defaults GB, and serves no other country", () => {
    expect(postcodeRuleFor(rules, 'gb')?.pattern).toBe('^M.*$')
    expect(postcodeRuleFor([], 'GB')).toBe(DEFAULT_POSTCODE_RULE)
    expect(postcodeRuleFor([])).toBe(DEFAULT_POSTCODE_RULE)
    expect(postcodeRuleFor(rules, 'FR')).toBeNull()
  })

  it('gives the outward code of a UK postcode only', () => {
    expect(outcodeOf('M1 1AE')).toBe('M1')
    expect(outcodeOf('SW1A 1AA')).toBe('SW1A')
    expect(outcodeOf('D02 X285')).toBeNull()
  })
})

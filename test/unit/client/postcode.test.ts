import { describe, expect, it } from 'vitest'
import {
  checkPostcode,
  COUNTRY_POSTCODE_RULES,
  DEFAULT_POSTCODE_RULE,
  hasPostcodeDistricts,
  outcodeOf,
  postcodeMaxLength,
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
    // An Eircode typed without its space is written with it (issue 43).
    expect(checkPostcode('d02x285', irish)).toEqual({ ok: true, postcode: 'D02 X285' })
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

describe('postcodes of the countries the shop knows (issue 43)', () => {
  const dutch = (typed: string) =>
    checkPostcode(typed, COUNTRY_POSTCODE_RULES.NL ?? DEFAULT_POSTCODE_RULE)
  const irish = (typed: string) =>
    checkPostcode(typed, COUNTRY_POSTCODE_RULES.IE ?? DEFAULT_POSTCODE_RULE)

  it('takes a Dutch postcode as "1234 AB", with or without the space', () => {
    expect(dutch('1012 ab')).toEqual({ ok: true, postcode: '1012 AB' })
    expect(dutch(' 1012AB ')).toEqual({ ok: true, postcode: '1012 AB' })
    for (const wrong of ['0123 AB', '1012 SS', '1012', 'M1 1AE']) {
      expect(dutch(wrong)).toEqual({ ok: false, message: `${wrong} is not a valid postcode` })
    }
  })

  it('takes an Eircode as "D02 X285", with or without the space', () => {
    expect(irish('d02x285')).toEqual({ ok: true, postcode: 'D02 X285' })
    expect(irish('D6W 1234')).toEqual({ ok: true, postcode: 'D6W 1234' })
    for (const wrong of ['B02 X285', 'D02 X28', '1012 AB']) {
      expect(irish(wrong)).toEqual({ ok: false, message: `${wrong} is not a valid postcode` })
    }
  })

  it('takes a US ZIP code or ZIP+4, the hyphen put in when typed without or with a space', () => {
    const us = (typed: string) =>
      checkPostcode(typed, COUNTRY_POSTCODE_RULES.US ?? DEFAULT_POSTCODE_RULE)
    expect(us('10001')).toEqual({ ok: true, postcode: '10001' })
    expect(us(' 10001-1234 ')).toEqual({ ok: true, postcode: '10001-1234' })
    expect(us('100011234')).toEqual({ ok: true, postcode: '10001-1234' })
    expect(us('10001 1234')).toEqual({ ok: true, postcode: '10001-1234' })
    for (const wrong of ['1000', '10001-123', '10001-12345', 'M1 1AE', '1012 AB', 'ABCDE']) {
      expect(us(wrong)).toEqual({ ok: false, message: `${wrong} is not a valid postcode` })
    }
    expect(postcodeRuleFor([], 'us', 'US')).toBe(COUNTRY_POSTCODE_RULES.US)
  })

  it("sizes the postcode box by the country: the spec's 8, a ZIP+4's 10 in the US", () => {
    expect(postcodeMaxLength()).toBe(8)
    expect(postcodeMaxLength('GB')).toBe(8)
    expect(postcodeMaxLength('NL')).toBe(8)
    expect(postcodeMaxLength('IE')).toBe(8)
    expect(postcodeMaxLength('us')).toBe(10)
    // The UK's box still refuses what is longer than 8 however it is spaced.
    expect(checkPostcode('M1  1AE  X', DEFAULT_POSTCODE_RULE).ok).toBe(false)
  })

  it('gives delivery zones by postcode district to the UK only', () => {
    expect(hasPostcodeDistricts()).toBe(true)
    expect(hasPostcodeDistricts('gb')).toBe(true)
    for (const country of ['IE', 'NL', 'US']) expect(hasPostcodeDistricts(country)).toBe(false)
  })

  it('is the rule a business at home in NL or IE gets without its own; the UK is as before', () => {
    expect(postcodeRuleFor([], 'nl', 'NL')).toBe(COUNTRY_POSTCODE_RULES.NL)
    expect(postcodeRuleFor([], 'IE', 'IE')).toBe(COUNTRY_POSTCODE_RULES.IE)
    // A UK business serves no other country without a rule for it.
    expect(postcodeRuleFor([], 'IE')).toBeNull()
    expect(postcodeRuleFor([], 'GB')).toBe(DEFAULT_POSTCODE_RULE)
  })
})

describe('postcodeRuleFor and outcodeOf', () => {
  const rules: Array<PostcodeRule> = [{ ...DEFAULT_POSTCODE_RULE, pattern: '^M.*$' }]

  it("prefers the business's own rule, defaults GB, and serves no unknown country", () => {
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

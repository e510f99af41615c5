import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  displayPhone,
  MobilePhoneSchema,
  normaliseMobilePhone,
  OptionalMobilePhoneSchema,
} from '../../../schemas/phone.ts'
import {
  isMobileOfCountry,
  normaliseCountryMobile,
  phoneForCountry,
} from '../../../schemas/phone-country.ts'
import { mobileExample, UK_MOBILE_EXAMPLE } from '../../../schemas/phone-example.ts'

describe('normaliseMobilePhone', () => {
  it.each([
    '07700900123',
    '07700 900123',
    '07700-900-123',
    '(07700) 900 123',
    '+447700900123',
    '+44 7700 900123',
    '+44 (0)7700 900123',
    '00447700900123',
    '447700900123',
    ' 07700.900.123 ',
  ])('writes %j as +447700900123', (input) => {
    expect(normaliseMobilePhone(input)).toBe('+447700900123')
  })

  it.each([
    '',
    '0161 234 5678', // a landline
    '0770090012', // too short
    '077009001234', // too long
    '+33612345678', // not a UK number
    '7700900123', // no trunk or country code
    'call me',
    '07700 9OO123',
    '+44+7700900123',
  ])('refuses %j', (input) => {
    expect(normaliseMobilePhone(input)).toBeNull()
  })
})

describe('phone schemas', () => {
  it('answers E.164 or the spec message', () => {
    expect(MobilePhoneSchema.parse('07700 900123')).toBe('+447700900123')
    const bad = MobilePhoneSchema.safeParse('0161 234 5678')
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.mobileInvalid)
    expect(MobilePhoneSchema.safeParse('0'.repeat(40)).error?.issues[0]?.message).toBe(
      MESSAGES.mobileInvalid
    )
  })

  it('treats a blank optional phone as none', () => {
    expect(OptionalMobilePhoneSchema.parse(undefined)).toBeUndefined()
    expect(OptionalMobilePhoneSchema.parse('  ')).toBeUndefined()
    expect(OptionalMobilePhoneSchema.parse('+447700900123')).toBe('+447700900123')
    expect(OptionalMobilePhoneSchema.safeParse('123').error?.issues[0]?.message).toBe(
      MESSAGES.mobileInvalid
    )
  })
})

describe('displayPhone', () => {
  it('shows a kept UK number as typed in the UK, round-tripping through the normaliser', () => {
    expect(displayPhone('+447700900123')).toBe('07700 900123')
    expect(displayPhone(normaliseMobilePhone('+44 (0)7700 900-456') ?? '')).toBe('07700 900456')
    expect(displayPhone('+441612345678')).toBe('0161 234 5678')
  })

  it('shows another country in its international form, and what it cannot read as kept', () => {
    expect(displayPhone('+33612345678')).toBe('+33 6 12 34 56 78')
    expect(displayPhone('not a phone')).toBe('not a phone')
  })
})

describe('mobile numbers of the brand’s country (issue 43)', () => {
  it.each([
    ['06 12345678', 'NL', '+31612345678'],
    ['+31 6 1234 5678', 'NL', '+31612345678'],
    ['0031 6 12345678', 'NL', '+31612345678'],
    ['087 123 4567', 'IE', '+353871234567'],
    ['(201) 555-0123', 'US', '+12015550123'],
  ])('writes %j in %s as %s', (input, country, e164) => {
    expect(normaliseCountryMobile(input, country)).toBe(e164)
    expect(isMobileOfCountry(e164, country)).toBe(true)
  })

  it.each([
    ['020 123 4567', 'NL'], // an Amsterdam landline
    ['07700 900123', 'NL'], // a UK mobile on a Dutch brand
    ['06 1234', 'NL'],
    ['+31 6 12345678', 'GB'], // a Dutch mobile on a UK brand
  ])('refuses %j in %s', (input, country) => {
    expect(normaliseCountryMobile(input, country)).toBeNull()
  })

  it('lets the schema take another country’s mobile in international form; the backend holds it to the business', () => {
    expect(MobilePhoneSchema.parse('+31 6 12345678')).toBe('+31612345678')
    expect(MobilePhoneSchema.safeParse('06 12345678').error?.issues[0]?.message).toBe(
      MESSAGES.mobileInvalid
    )
    expect(isMobileOfCountry('+31612345678', 'GB')).toBe(false)
    expect(isMobileOfCountry('+447700900123', 'GB')).toBe(true)
  })

  it('the pages send a national number of the brand’s country in E.164, anything else as typed', () => {
    expect(phoneForCountry('06 12345678', 'NL')).toBe('+31612345678')
    expect(phoneForCountry('07700 900123', 'GB')).toBe('+447700900123')
    expect(phoneForCountry('0161 234 5678', 'GB')).toBe('0161 234 5678')
  })

  it('displays a number of the shop’s country in its national format', () => {
    expect(displayPhone('+31612345678', 'NL')).toBe('06 12345678')
    expect(displayPhone('+447700900123', 'NL')).toBe('+44 7700 900123')
    expect(displayPhone('+31612345678')).toBe('+31 6 12345678')
  })
})

describe('mobileExample', () => {
  it('shows the UK’s drama-range mobile, and another country’s example mobile as it is written there', () => {
    expect(mobileExample('GB')).toBe(UK_MOBILE_EXAMPLE)
    expect(mobileExample('IE')).toBe('085 012 3456')
    expect(mobileExample('NL')).toBe('06 12345678')
    expect(mobileExample('XX')).toBeNull()
  })

  it.each(['GB', 'IE', 'NL', 'US', 'DE', 'FR'])(
    'gives %s a number its own validation takes as a mobile',
    (country) => {
      const example = mobileExample(country) ?? ''
      expect(normaliseCountryMobile(example, country)).not.toBeNull()
    }
  )
})

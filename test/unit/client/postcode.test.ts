import { describe, expect, it } from 'vitest'
import { checkUkPostcode } from '../../../schemas/postcode.ts'

describe('checkUkPostcode', () => {
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

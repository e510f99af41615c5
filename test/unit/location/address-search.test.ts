import { describe, expect, it } from 'vitest'
import { addressSearchOf } from '../../../worker/backend/location/address-search.ts'

describe('addressSearchOf', () => {
  it('makes every typed word a prefix of an address word', () => {
    expect(addressSearchOf('12 oxf')).toEqual({
      match: '("12"* AND "oxf"*)',
      postcodePrefix: null,
      houseNumber: 12,
    })
  })

  it('expands street abbreviations to the full word too', () => {
    expect(addressSearchOf('Oxford Rd')?.match).toBe('("oxford"* AND ("rd"* OR "road"))')
    expect(addressSearchOf('church ln')?.match).toBe('("church"* AND ("ln"* OR "lane"))')
  })

  it('also matches a postcode start with or without its space', () => {
    expect(addressSearchOf('M1 1')).toEqual({
      match: '("m1"* AND "1"*) OR (postcode_key : "m11"*)',
      postcodePrefix: 'm11',
      houseNumber: null,
    })
    expect(addressSearchOf('m11ae')?.postcodePrefix).toBe('m11ae')
    expect(addressSearchOf('SW1A 2AA')?.postcodePrefix).toBe('sw1a2aa')
  })

  it('does not take words or house numbers for a postcode', () => {
    expect(addressSearchOf('manch')?.postcodePrefix).toBeNull()
    expect(addressSearchOf('12 mill')?.postcodePrefix).toBeNull()
    expect(addressSearchOf('market street')?.postcodePrefix).toBeNull()
  })

  it('keeps only letters and digits, so quotes and operators cannot reach FTS5', () => {
    const search = addressSearchOf('"12" OR * NEAR( -mill: st\'s')
    expect(search?.match).toBe(
      '("12"* AND "or"* AND "near"* AND "mill"* AND ("st"* OR "street") AND "s"*)'
    )
    expect(addressSearchOf('Ä street')?.match).toBe('("a"* AND "street"*)')
  })

  it('gives a lone number no house-number ranking and nothing for punctuation only', () => {
    expect(addressSearchOf('12')?.houseNumber).toBeNull()
    expect(addressSearchOf(' ,.- ')).toBeNull()
    expect(addressSearchOf('')).toBeNull()
  })

  it('uses at most eight words', () => {
    const search = addressSearchOf('a b c d e f g h i j')
    expect(search?.match).toBe(
      '("a"* AND "b"* AND "c"* AND "d"* AND "e"* AND "f"* AND "g"* AND "h"*)'
    )
  })
})

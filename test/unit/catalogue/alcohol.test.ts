import { describe, expect, it } from 'vitest'
import { isScottishPostcode } from '../../../worker/backend/catalogue/alcohol.ts'

describe('isScottishPostcode', () => {
  it('knows Scottish postcode areas, one letter or two', () => {
    for (const postcode of [
      'G2 1DU',
      'g2 1du',
      'EH1 1YJ',
      'AB10 1AB',
      'KW1 4YT',
      'TD1 1AA',
      'ZE1 0AA',
    ]) {
      expect(isScottishPostcode(postcode), postcode).toBe(true)
    }
  })

  it('leaves English and Welsh areas out, including GL, GU and the English TD districts', () => {
    for (const postcode of [
      'M1 1AE',
      'LS1 1UR',
      'CF10 3ND',
      'GL1 1AA',
      'GU1 1AA',
      'TD15 1AA',
      'TD12 4AA',
      'DH1 1AA',
      '',
    ]) {
      expect(isScottishPostcode(postcode), postcode).toBe(false)
    }
  })
})

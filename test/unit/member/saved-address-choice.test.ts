import { describe, expect, it } from 'vitest'
import type { MemberAddress } from '../../../schemas/member-addresses.ts'
import {
  chosenSavedAddress,
  preselectedChoice,
} from '../../../worker/pages/checkout/saved-addresses.ts'

function saved(
  addressId: number,
  line: string,
  postcode: string,
  isDefault = false
): MemberAddress {
  return {
    addressId,
    type: 'delivery',
    name: `Address ${addressId}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    addressLine1: line,
    addressLine2: null,
    town: 'Manchester',
    county: null,
    postcode,
    country: 'GB',
    isDefault,
    latitude: null,
    longitude: null,
  }
}

const HOME = saved(1, '1 Piccadilly', 'M1 1AD')
const WORK = saved(2, '12 Portland Street', 'M1 1AE', true)

function held(line: string, postcode: string) {
  return {
    addressLine1: line,
    addressLine2: null,
    town: 'Manchester',
    county: null,
    postcode,
    country: 'GB',
  }
}

describe('the saved address checkout shows first', () => {
  it('is the default when checkout holds no address, else the first, else a new one', () => {
    expect(preselectedChoice([HOME, WORK], null)).toBe('2')
    expect(preselectedChoice([HOME], null)).toBe('1')
    expect(preselectedChoice([], null)).toBe('new')
  })

  it('is the saved address checkout holds (spacing and case aside), else the typed one', () => {
    expect(preselectedChoice([HOME, WORK], held('1 piccadilly ', 'm11ad'))).toBe('1')
    expect(preselectedChoice([HOME, WORK], held('3 Oldham Street', 'M1 1AE'))).toBe('new')
  })

  it('takes only an id of the member’s own list', () => {
    expect(chosenSavedAddress('2', [HOME, WORK])).toBe(WORK)
    expect(chosenSavedAddress('99', [HOME, WORK])).toBeNull()
    expect(chosenSavedAddress('new', [HOME, WORK])).toBeNull()
    expect(chosenSavedAddress(undefined, [HOME, WORK])).toBeNull()
  })
})

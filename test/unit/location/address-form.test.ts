import { describe, expect, it } from 'vitest'
import { addressErrorsFor, addressFormOf } from '../../../schemas/address-form.ts'
import { MESSAGES } from '../../../schemas/messages.ts'

const labels = (country?: string) => addressFormOf(country).map((field) => field.label)

describe('address forms per country (ADR 052)', () => {
  it('keeps the UK’s form for GB and for a country without its own', () => {
    const uk = ['Address line 1', 'Address line 2', 'Town or city', 'County', 'Postcode']
    expect(labels()).toEqual(uk)
    expect(labels('fr')).toEqual(uk)
  })

  it('writes an Irish address with its county and the Eircode last', () => {
    expect(labels('IE')).toEqual([
      'Address line 1',
      'Address line 2',
      'Town or city',
      'County',
      'Eircode',
    ])
    expect(addressFormOf('IE').find((field) => field.name === 'county')?.required).toBe(true)
  })

  it('starts a Dutch address with its postcode, then street and number and the city', () => {
    expect(addressFormOf('NL').map((field) => field.name)).toEqual([
      'postcode',
      'addressLine1',
      'addressLine2',
      'town',
    ])
    expect(labels('NL')[1]).toBe('Street and house number')
  })

  it('asks an Irish address for its county and a Dutch one for its house number', () => {
    expect(addressErrorsFor({ addressLine1: '1 Main Street', county: ' ' }, 'IE')).toEqual([
      { field: 'county', message: MESSAGES.countyRequired },
    ])
    expect(addressErrorsFor({ addressLine1: '1 Main Street', county: 'Dublin' }, 'ie')).toEqual([])
    expect(addressErrorsFor({ addressLine1: 'Oudegracht', county: null }, 'NL')).toEqual([
      { field: 'addressLine1', message: MESSAGES.houseNumberRequired },
    ])
    expect(addressErrorsFor({ addressLine1: 'Oudegracht 12-bis', county: null }, 'NL')).toEqual([])
    expect(addressErrorsFor({ addressLine1: 'High Street', county: null }, 'GB')).toEqual([])
  })

  it('writes a US address with its city, a required state and the ZIP code last', () => {
    expect(labels('US')).toEqual(['Address line 1', 'Address line 2', 'City', 'State', 'ZIP code'])
    expect(addressFormOf('us').find((field) => field.name === 'county')?.required).toBe(true)
  })

  it('asks a US address for a state, by its USPS code or its name, in any case', () => {
    for (const state of ['NY', 'ny', ' New  York ', 'district of columbia', 'PR', 'AE']) {
      expect(addressErrorsFor({ addressLine1: '350 5th Ave', county: state }, 'US')).toEqual([])
    }
    expect(addressErrorsFor({ addressLine1: '350 5th Ave', county: ' ' }, 'US')).toEqual([
      { field: 'county', message: MESSAGES.stateRequired },
    ])
    for (const wrong of ['Manhattan', 'XX', 'York']) {
      expect(addressErrorsFor({ addressLine1: '350 5th Ave', county: wrong }, 'us')).toEqual([
        { field: 'county', message: MESSAGES.stateInvalid },
      ])
    }
  })
})

import { describe, expect, it } from 'vitest'
import type { GeolocationState } from '../../../schemas/location.ts'
import { deepLinkFromQuery } from '../../../worker/pages/catalogue/deep-link.ts'
import { lastOrderedStoreSlug } from '../../../worker/lib/cookies/last-order.ts'
import { decodeLocation, encodeLocation } from '../../../worker/lib/cookies/location.ts'

const addressLocation: GeolocationState = {
  postcode: 'M1 1AE',
  latitude: 53.4794,
  longitude: -2.2451,
  chosenAddress: { description: '12 Café Street, Manchester, M1 1AE', placeId: 'demo-m11ae-12' },
  selectedAddress: {
    addressLine1: '12 Café Street',
    addressLine2: null,
    town: 'Manchester',
    county: 'Greater Manchester',
    postcode: 'M1 1AE',
    country: 'GB',
  },
}

describe('location cookie value', () => {
  it('round-trips a location, accents included, as cookie-safe base64url', () => {
    const value = encodeLocation(addressLocation)
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeLocation(value)).toEqual(addressLocation)
  })

  it('keeps a postcode search without coordinates', () => {
    const postcodeOnly = {
      ...addressLocation,
      latitude: null,
      longitude: null,
      chosenAddress: null,
      selectedAddress: null,
    }
    expect(decodeLocation(encodeLocation(postcodeOnly))).toEqual(postcodeOnly)
  })

  it('reads garbage, tampered or incomplete values as no location', () => {
    expect(decodeLocation(undefined)).toBeNull()
    expect(decodeLocation('')).toBeNull()
    expect(decodeLocation('not base64 !!')).toBeNull()
    expect(decodeLocation(btoa('{"postcode":'))).toBeNull()
    const wrongShape = encodeLocation({ ...addressLocation, latitude: 200 })
    expect(decodeLocation(wrongShape)).toBeNull()
    const json = new TextEncoder().encode(JSON.stringify({ postcode: 'M1 1AE' }))
    expect(decodeLocation(btoa(String.fromCharCode(...json)))).toBeNull()
  })
})

describe('last-ordered store', () => {
  it('restores the store only when every flag is set', () => {
    const all = { restoreLastOrderedStore: true, hasLastOrder: true, lastOrderStoreSlug: 'york' }
    expect(lastOrderedStoreSlug(all)).toBe('york')
    expect(lastOrderedStoreSlug({ ...all, restoreLastOrderedStore: false })).toBeNull()
    expect(lastOrderedStoreSlug({ ...all, hasLastOrder: false })).toBeNull()
    expect(lastOrderedStoreSlug({ ...all, lastOrderStoreSlug: null })).toBeNull()
    expect(lastOrderedStoreSlug(null)).toBeNull()
  })
})

describe('deep link parameters', () => {
  const query = (search: string) => new URLSearchParams(search)

  it('reads a store or category action with numeric ids', () => {
    expect(deepLinkFromQuery(query('dl_action=store&dl_store=3&dl_campaign=spring'))).toEqual({
      action: 'store',
      storeId: 3,
      campaignId: 'spring',
    })
    expect(deepLinkFromQuery(query('dl_action=category&dl_store=3&dl_category=12'))).toEqual({
      action: 'category',
      storeId: 3,
      categoryId: 12,
    })
  })

  it('drops malformed links', () => {
    expect(deepLinkFromQuery(query('dl_action=basket&dl_store=3'))).toBeNull()
    expect(deepLinkFromQuery(query('dl_action=store&dl_store=abc'))).toBeNull()
    expect(deepLinkFromQuery(query('dl_action=store'))).toBeNull()
    // A category action must name its category.
    expect(deepLinkFromQuery(query('dl_action=category&dl_store=3'))).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { StoreDetails } from '../../../schemas/stores.ts'
import { interestStateFromQuery } from '../../../worker/pages/catalogue/interest.ts'
import {
  openingHoursSpecification,
  storeJsonLd,
} from '../../../worker/pages/catalogue/store-json-ld.ts'

const store: StoreDetails = {
  id: 1,
  businessId: 1,
  slug: 'york',
  name: 'York Stonegate',
  description: 'Groceries in York.',
  phone: '01904 000 000',
  email: 'york@cornerfresh.example',
  address: {
    addressLine1: '12 Stonegate',
    addressLine2: 'Unit 2',
    town: 'York',
    county: null,
    postcode: 'YO1 8AS',
    country: 'GB',
  },
  location: { latitude: 53.96, longitude: -1.08 },
  timeZone: 'Europe/London',
  imageUrl: '/images/stores/store-front.svg',
  daysInAdvance: 3,
  delivery: {
    enabled: false,
    radiusKm: null,
    fee: 0,
    minimumSpend: 0,
    freeDeliveryThreshold: null,
  },
  collection: { enabled: true, fee: 0, minimumSpend: 0 },
  serviceFee: 0,
  temporarilyClosed: false,
  payments: { card: true, applePay: true, googlePay: true, cash: false },
  openingHours: {
    delivery: [],
    collection: [],
    store: [
      { dayOfWeek: 0, opensAt: '08:00', closesAt: '22:00' },
      { dayOfWeek: 1, opensAt: '08:00', closesAt: '22:00' },
      { dayOfWeek: 5, opensAt: '18:00', closesAt: '02:00' },
      { dayOfWeek: 6, opensAt: '10:00', closesAt: '24:00' },
    ],
  },
  availability: {
    state: 'open',
    delivery: 'closed',
    collection: 'open',
    closesAt: null,
    opensAt: null,
  },
  atLocation: null,
}

describe('storeJsonLd', () => {
  it('describes the store as a schema.org GroceryStore', () => {
    const data = storeJsonLd(store, {
      canonicalUrl: 'https://shop.example/stores/york',
      imageUrl: 'https://shop.example/images/stores/store-front.svg',
    })
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'GroceryStore',
      name: 'York Stonegate',
      url: 'https://shop.example/stores/york',
      image: 'https://shop.example/images/stores/store-front.svg',
      telephone: '01904 000 000',
      email: 'york@cornerfresh.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Stonegate, Unit 2',
        addressLocality: 'York',
        postalCode: 'YO1 8AS',
        addressCountry: 'GB',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 53.96, longitude: -1.08 },
    })
    expect(data).not.toHaveProperty('priceRange')
    // Nulls are left out rather than sent as null.
    expect(data.address).not.toHaveProperty('addressRegion')
  })

  it('leaves out what the store does not have', () => {
    const bare = storeJsonLd(
      {
        ...store,
        phone: null,
        email: null,
        location: { latitude: null, longitude: null },
        openingHours: { delivery: [], collection: [], store: [] },
      },
      { canonicalUrl: 'https://shop.example/stores/york', imageUrl: null }
    )
    expect(Object.keys(bare)).not.toEqual(
      expect.arrayContaining(['telephone', 'email', 'geo', 'image', 'openingHoursSpecification'])
    )
    expect(bare).not.toHaveProperty('geo')
    expect(bare).not.toHaveProperty('openingHoursSpecification')
  })
})

describe('openingHoursSpecification', () => {
  it('groups days with the same hours and keeps hours past midnight on the opening day', () => {
    expect(openingHoursSpecification(store.openingHours.store)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Tuesday'],
        opens: '08:00',
        closes: '22:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Saturday'],
        opens: '18:00',
        closes: '02:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Sunday'],
        opens: '10:00',
        closes: '23:59',
      },
    ])
  })
})

describe('interestStateFromQuery', () => {
  const state = (search: string) => interestStateFromQuery(new URLSearchParams(search), 'KW1 4YT')

  it('is idle without an outcome, or with an unknown one', () => {
    expect(state('')).toEqual({ status: 'idle' })
    expect(state('interest=maybe')).toEqual({ status: 'idle' })
  })

  it('says where the shopper registered interest', () => {
    expect(state('interest=registered')).toEqual({
      status: 'registered',
      message: formatMessage('interestRegistered', 'KW1 4YT'),
    })
  })

  it('shows back a rejected email with its message, and a failure as the system error', () => {
    expect(state('interest=invalid&email=not-an-email')).toEqual({
      status: 'error',
      email: 'not-an-email',
      message: MESSAGES.emailInvalid,
    })
    expect(state('interest=failed')).toEqual({ status: 'error', message: MESSAGES.systemError })
  })
})

import { addRow } from './dataset.ts'
import { STREET_NAMES } from './geography.ts'
import type { Random } from './prng.ts'
import type { Tables } from './tables.ts'
import { BUSINESS_ID } from './tenancy.ts'
import { slugify } from '../lib/text.ts'

/** The demo's hand-placed stores. Postcodes are real addresses of civic buildings in each town. */
const TOWN_STORES = [
  { town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1UR', street: 'Millennium Square' },
  { town: 'Bristol', county: 'Bristol', postcode: 'BS1 5TR', street: 'College Green' },
  { town: 'Glasgow', county: 'Lanarkshire', postcode: 'G2 1DU', street: 'George Square' },
  { town: 'Cardiff', county: 'South Glamorgan', postcode: 'CF10 3ND', street: 'Cathays Park' },
  { town: 'Birmingham', county: 'West Midlands', postcode: 'B1 1BB', street: 'Victoria Square' },
  { town: 'Brighton', county: 'East Sussex', postcode: 'BN1 1JA', street: 'Bartholomew Square' },
  { town: 'Norwich', county: 'Norfolk', postcode: 'NR2 1NH', street: 'St Peters Street' },
  { town: 'York', county: 'North Yorkshire', postcode: 'YO1 7HH', street: 'Deangate' },
  { town: 'Edinburgh', county: 'Midlothian', postcode: 'EH1 1YJ', street: 'High Street' },
  { town: 'Liverpool', county: 'Merseyside', postcode: 'L2 3SW', street: 'High Street' },
] as const

const MANCHESTER_STORES = [
  { outcode: 'M1', name: 'Piccadilly', street: 'Portland Street' },
  { outcode: 'M2', name: 'Deansgate', street: 'King Street' },
  { outcode: 'M3', name: 'Spinningfields', street: 'Bridge Street' },
  { outcode: 'M4', name: 'Northern Quarter', street: 'Oldham Street' },
] as const

export interface StoreProfile {
  slug: string
  name: string
  line1: string
  town: string
  county: string
  postcode: string
  latitude: number
  longitude: number
}

export function addStores(
  t: Tables,
  outcodeByCode: Map<string, Record<string, string>>,
  outcodes: Array<Record<string, string>>,
  postcodes: Array<Record<string, string>>,
  random: Random,
  total: number
): Array<number> {
  const profiles: Array<StoreProfile> = []
  for (const store of MANCHESTER_STORES) {
    const candidates = postcodes.filter((row) => row.outcode === store.outcode)
    const chosen = random.pick(candidates)
    profiles.push({
      slug: `manchester-${slugify(store.name)}`,
      name: `Manchester ${store.name}`,
      line1: `${random.int(2, 120)} ${store.street}`,
      town: 'Manchester',
      county: 'Greater Manchester',
      postcode: chosen.postcode ?? '',
      latitude: Number(chosen.latitude),
      longitude: Number(chosen.longitude),
    })
  }
  for (const store of TOWN_STORES) {
    profiles.push(
      townStore(
        { ...store, slug: slugify(store.town), name: `${store.town} ${store.street}` },
        outcodeByCode,
        random
      )
    )
  }
  // Benchmark scale: more stores on real outcodes, each with a plausible inward code.
  const geographic = outcodes.filter((row) => /^[A-Z]{1,2}[0-9][A-Z0-9]?$/.test(row.outcode ?? ''))
  for (let i = profiles.length; i < total; i++) {
    const row = geographic[(i * 7919) % geographic.length] ?? geographic[0]
    if (!row) break
    const town = (row.town ?? '').split(' / ')[0] ?? ''
    profiles.push({
      slug: `${slugify(town)}-${slugify(row.outcode ?? '')}-${i + 1}`,
      name: `${town} ${row.outcode} ${i + 1}`,
      line1: `${random.int(1, 200)} ${random.pick(STREET_NAMES)}`,
      town,
      county: '',
      postcode: `${row.outcode} ${random.int(1, 9)}${random.pick(INWARD_LETTERS)}${random.pick(INWARD_LETTERS)}`,
      latitude: Number(row.latitude) + (random.next() - 0.5) * 0.01,
      longitude: Number(row.longitude) + (random.next() - 0.5) * 0.01,
    })
  }

  const ids: Array<number> = []
  profiles.slice(0, Math.max(total, 0)).forEach((profile, index) => {
    const id = index + 1
    ids.push(id)
    addStore(
      t,
      { businessId: BUSINESS_ID, id, variant: index % 7, emailDomain: 'cornerfresh.example' },
      profile,
      random
    )
  })
  return ids
}

/** Where a store is and who owns it; `variant` (0–6) picks its fees, hours and payment methods. */
export interface StorePlacement {
  businessId: number
  id: number
  variant: number
  emailDomain: string
  /** A store abroad (ADR 052): its country, zone and phone; the UK's and a random UK number when absent. */
  abroad?: { countryCode: string; timeZone: string; phone: string }
}

/** A store with its opening hours, Christmas closures and delivery zones. */
export function addStore(
  t: Tables,
  { businessId, id, variant, emailDomain, abroad }: StorePlacement,
  profile: StoreProfile,
  random: Random
): void {
  const collectionOnly = profile.slug === 'york'
  const noCollection = profile.slug === 'brighton'
  addRow(t.stores, {
    id,
    business_id: businessId,
    slug: profile.slug,
    name: profile.name,
    description: `Groceries, fresh food, drinks and household essentials in ${profile.town}.`,
    phone: ukPhone(random),
    email: `${profile.slug}@${emailDomain}`,
    address_line1: profile.line1,
    address_line2: null,
    town: profile.town,
    county: profile.county || null,
    postcode: profile.postcode,
    latitude: round(profile.latitude, 5),
    longitude: round(profile.longitude, 5),
    ...(abroad && { phone: abroad.phone }),
    country_code: abroad?.countryCode ?? 'GB',
    time_zone: abroad?.timeZone ?? 'Europe/London',
    delivery_enabled: collectionOnly ? 0 : 1,
    collection_enabled: noCollection ? 0 : 1,
    delivery_radius_km: [3, 5, 4, 6, 3.5, 8, 5][variant] ?? 5,
    delivery_fee: [199, 0, 299, 150, 350, 199, 249][variant] ?? 199,
    service_fee: variant === 3 ? 50 : 0,
    free_delivery_threshold: [4000, null, 5000, 3000, null, 6000, 4500][variant] ?? null,
    minimum_spend: [1000, 0, 1500, 0, 2000, 1200, 800][variant] ?? 0,
    collection_minimum_spend: 0,
    days_in_advance: [7, 0, 3, 5, 1, 7, 2][variant] ?? 0,
    accepts_card: 1,
    accepts_apple_pay: variant === 4 ? 0 : 1,
    accepts_google_pay: variant === 5 ? 0 : 1,
    accepts_cash: variant % 2 === 0 ? 1 : 0,
    delivery_lead_minutes: [30, 45, 40, 60, 35, 45, 50][variant] ?? 45,
    collection_lead_minutes: [15, 20, 15, 30, 20, 15, 25][variant] ?? 20,
    slot_duration_minutes: variant === 2 ? 30 : 60,
    slot_capacity: [8, 10, 6, 12, 10, 5, 8][variant] ?? 10,
    max_basket_items: variant === 6 ? 60 : 100,
    // No photos: the store page draws its shop front in the brand's colours.
    image_url: null,
  })
  addOpeningHours(t, id, profile.slug, variant)
  addRow(t.store_closures, { store_id: id, closed_on: '2026-12-25', reason: 'Christmas Day' })
  addRow(t.store_closures, { store_id: id, closed_on: '2027-12-25', reason: 'Christmas Day' })
  if (!collectionOnly) {
    addRow(t.delivery_zones, {
      store_id: id,
      kind: 'radius',
      radius_km: [3, 5, 4, 6, 3.5, 8, 5][variant] ?? 5,
      outcode: null,
      delivery_fee: null,
      minimum_spend: null,
    })
  }
  if (profile.town === 'Manchester') {
    // Central Manchester stores also cover the whole of the neighbouring districts.
    for (const outcode of ['M1', 'M2', 'M3', 'M4', 'M15']) {
      addRow(t.delivery_zones, {
        store_id: id,
        kind: 'outcode',
        radius_km: null,
        outcode,
        delivery_fee: outcode === 'M15' ? 299 : null,
        minimum_spend: null,
      })
    }
  }
}

// Drawn even for a store abroad, so the random stream (and every row after it) stays the same.
function ukPhone(random: Random): string {
  return `0${random.int(113, 191)} ${random.int(100, 999)} ${String(random.int(0, 9999)).padStart(4, '0')}`
}

/** A store on a street of a town, placed at its postcode district's centroid (the outcode data). */
export function townStore(
  store: {
    slug: string
    name: string
    street: string
    town: string
    county: string
    postcode: string
  },
  outcodeByCode: Map<string, Record<string, string>>,
  random: Random
): StoreProfile {
  const outcode = outcodeByCode.get(store.postcode.split(' ')[0] ?? '')
  if (!outcode) throw new Error(`outcode of ${store.postcode} is not in the outcode data`)
  return {
    slug: store.slug,
    name: store.name,
    line1: `${random.int(1, 60)} ${store.street}`,
    town: store.town,
    county: store.county,
    postcode: store.postcode,
    latitude: Number(outcode.latitude),
    longitude: Number(outcode.longitude),
  }
}

const INWARD_LETTERS = [
  'A',
  'B',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'L',
  'N',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'W',
  'X',
  'Y',
  'Z',
] as const

function addOpeningHours(t: Tables, storeId: number, slug: string, variant: number): void {
  const add = (method: string, day: number, opens: string, closes: string) =>
    addRow(t.store_opening_hours, {
      store_id: storeId,
      fulfilment_method: method,
      day_of_week: day,
      opens_at: opens,
      closes_at: closes,
    })
  for (let day = 0; day < 7; day++) {
    // Norwich keeps Sunday as a day off.
    if (slug === 'norwich' && day === 6) continue
    const sunday = day === 6
    const weekend = day >= 4
    let store: [string, string]
    if (slug === 'manchester-northern-quarter') {
      // Open late, past midnight on Friday and Saturday nights.
      store = [sunday ? '09:00' : '07:00', weekend && !sunday ? '02:00' : '23:59']
    } else if (variant === 1 || variant === 3) {
      store = [sunday ? '10:00' : '07:00', '23:00']
    } else {
      store = sunday ? ['10:00', '16:00'] : ['07:00', '22:00']
    }
    add('store', day, store[0], store[1])
    const delivery: [string, string] = sunday
      ? ['11:00', '16:00']
      : ['09:00', store[1] === '02:00' ? '23:00' : '21:00']
    add('delivery', day, delivery[0], delivery[1])
    const collection: [string, string] = [sunday ? '10:30' : '08:00', sunday ? '15:30' : '21:00']
    add('collection', day, collection[0], collection[1])
  }
}

function round(value: number, places: number): number {
  const factor = 10 ** places
  return Math.round(value * factor) / factor
}

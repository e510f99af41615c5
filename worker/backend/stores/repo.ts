import type { OpeningHours, StoreDetails } from '../../../schemas/stores.ts'

interface StoreRow {
  id: number
  business_id: number
  slug: string
  name: string
  description: string | null
  phone: string | null
  email: string | null
  address_line1: string | null
  address_line2: string | null
  town: string | null
  county: string | null
  postcode: string | null
  country_code: string
  latitude: number | null
  longitude: number | null
  time_zone: string
  image_url: string | null
  days_in_advance: number
  is_temporarily_closed: number
  delivery_enabled: number
  delivery_radius_km: number | null
  delivery_fee: number
  minimum_spend: number
  collection_enabled: number
  collection_fee: number
  collection_minimum_spend: number
  accepts_card: number
  accepts_apple_pay: number
  accepts_google_pay: number
  accepts_cash: number
}

interface OpeningHoursRow {
  fulfilment_method: keyof StoreDetails['openingHours']
  day_of_week: number
  opens_at: string
  closes_at: string
}

/** Which store: by its slug (seoUrl), by id, or both (then both must match). */
export interface StoreLookup {
  seoUrl?: string | undefined
  storeId?: number | undefined
}

// The same store filter for both statements of the batch: ?1 business, ?2 slug, ?3 id.
const STORE_MATCH = `s.business_id = ?1 and s.is_active = 1
  and (?2 is null or s.slug = ?2) and (?3 is null or s.id = ?3)`

/** An active store of the business with its opening hours; one round trip. Null when not found. */
export async function findStoreDetails(
  db: D1Database,
  businessId: number,
  lookup: StoreLookup
): Promise<StoreDetails | null> {
  const params = [businessId, lookup.seoUrl ?? null, lookup.storeId ?? null]
  const [stores, hours] = await db.batch([
    db
      .prepare(
        `select s.id, s.business_id, s.slug, s.name, s.description, s.phone, s.email,
           s.address_line1, s.address_line2, s.town, s.county, s.postcode, s.country_code,
           s.latitude, s.longitude, s.time_zone, s.image_url, s.days_in_advance,
           s.is_temporarily_closed, s.delivery_enabled, s.delivery_radius_km, s.delivery_fee,
           s.minimum_spend, s.collection_enabled, s.collection_fee, s.collection_minimum_spend,
           s.accepts_card, s.accepts_apple_pay, s.accepts_google_pay, s.accepts_cash
         from stores s where ${STORE_MATCH} limit 1`
      )
      .bind(...params),
    db
      .prepare(
        `select h.fulfilment_method, h.day_of_week, h.opens_at, h.closes_at
         from store_opening_hours h join stores s on s.id = h.store_id
         where ${STORE_MATCH}
         order by h.day_of_week, h.opens_at`
      )
      .bind(...params),
  ])
  const row = (stores?.results as Array<StoreRow> | undefined)?.[0]
  if (!row) return null
  const openingHours: StoreDetails['openingHours'] = { delivery: [], collection: [], store: [] }
  for (const hour of (hours?.results ?? []) as Array<OpeningHoursRow>) {
    const entry: OpeningHours = {
      dayOfWeek: hour.day_of_week,
      opensAt: hour.opens_at,
      closesAt: hour.closes_at,
    }
    openingHours[hour.fulfilment_method].push(entry)
  }
  return {
    id: row.id,
    businessId: row.business_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    phone: row.phone,
    email: row.email,
    address: {
      addressLine1: row.address_line1,
      addressLine2: row.address_line2,
      town: row.town,
      county: row.county,
      postcode: row.postcode,
      country: row.country_code,
    },
    location: { latitude: row.latitude, longitude: row.longitude },
    timeZone: row.time_zone,
    imageUrl: row.image_url,
    daysInAdvance: row.days_in_advance,
    temporarilyClosed: row.is_temporarily_closed === 1,
    delivery: {
      enabled: row.delivery_enabled === 1,
      radiusKm: row.delivery_radius_km,
      fee: row.delivery_fee,
      minimumSpend: row.minimum_spend,
    },
    collection: {
      enabled: row.collection_enabled === 1,
      fee: row.collection_fee,
      minimumSpend: row.collection_minimum_spend,
    },
    payments: {
      card: row.accepts_card === 1,
      applePay: row.accepts_apple_pay === 1,
      googlePay: row.accepts_google_pay === 1,
      cash: row.accepts_cash === 1,
    },
    openingHours,
  }
}

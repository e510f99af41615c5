import { STORE_RATING_MIN_REVIEWS } from '../../../schemas/constants.ts'
import type { OpeningHours, StoreDetails, StoreRating } from '../../../schemas/stores.ts'
import { WEEKDAY_NAMES } from '../../../schemas/weekdays.ts'

// schema.org names its days in English (https://schema.org/Monday), as ours are.
const SCHEMA_DAYS = WEEKDAY_NAMES

// Search engines read an end of day as 23:59; '00:00' or '24:00' as a close means midnight.
function closingTime(closesAt: string): string {
  return closesAt === '24:00' || closesAt === '00:00' ? '23:59' : closesAt
}

/**
 * schema.org OpeningHoursSpecification entries from a store's opening hours, days with the same
 * hours grouped. A row that runs past midnight (closes before it opens, e.g. Saturday 18:00–02:00)
 * stays one entry on its opening day, which is how Google reads hours past midnight.
 */
export function openingHoursSpecification(
  hours: ReadonlyArray<OpeningHours>
): Array<Record<string, unknown>> {
  const byHours = new Map<string, Set<number>>()
  for (const row of hours) {
    const key = `${row.opensAt}-${closingTime(row.closesAt)}`
    const days = byHours.get(key) ?? new Set<number>()
    days.add(row.dayOfWeek)
    byHours.set(key, days)
  }
  return [...byHours.entries()]
    .map(([key, days]) => {
      const [opens, closes] = key.split('-')
      const sorted = [...days].sort((a, b) => a - b)
      return { opens, closes, sorted }
    })
    .sort(
      (a, b) =>
        (a.sorted[0] ?? 0) - (b.sorted[0] ?? 0) || String(a.opens).localeCompare(String(b.opens))
    )
    .map(({ opens, closes, sorted }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: sorted.map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
      opens,
      closes,
    }))
}

function withoutEmpty(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(
      ([, value]) => value !== null && value !== undefined && value !== ''
    )
  )
}

/**
 * schema.org AggregateRating of the store's reviews, only from STORE_RATING_MIN_REVIEWS reviews
 * of delivered orders: fewer would show one or two opinions as the store's reputation.
 */
export function aggregateRating(
  rating: StoreRating | null | undefined
): Record<string, unknown> | null {
  if (!rating || rating.count < STORE_RATING_MIN_REVIEWS) return null
  return {
    '@type': 'AggregateRating',
    ratingValue: rating.average,
    reviewCount: rating.count,
    bestRating: 5,
    worstRating: 1,
  }
}

/**
 * The store's structured data (schema.org GroceryStore, a LocalBusiness): name, canonical url,
 * image, contact, postal address, coordinates and the store's opening hours. priceRange is left
 * out: a grocer's prices are not a range.
 */
export function storeJsonLd(
  store: StoreDetails,
  urls: { canonicalUrl: string; imageUrl: string | null }
): Record<string, unknown> {
  const { address, location } = store
  const streetAddress = [address.addressLine1, address.addressLine2].filter(Boolean).join(', ')
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'GroceryStore',
    '@id': urls.canonicalUrl,
    name: store.name,
    url: urls.canonicalUrl,
    description: store.description,
    image: urls.imageUrl,
    telephone: store.phone,
    email: store.email,
    address: withoutEmpty({
      '@type': 'PostalAddress',
      streetAddress,
      addressLocality: address.town,
      addressRegion: address.county,
      postalCode: address.postcode,
      addressCountry: address.country,
    }),
    geo:
      location.latitude !== null && location.longitude !== null
        ? { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude }
        : null,
    openingHoursSpecification:
      store.openingHours.store.length > 0
        ? openingHoursSpecification(store.openingHours.store)
        : null,
    aggregateRating: aggregateRating(store.rating),
  })
}

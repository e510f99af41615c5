import { deliveryOutsideAreaMessage } from '../../../schemas/delivery-area.ts'
import type { Coordinates } from '../../../schemas/location.ts'
import { outcodeOf } from '../../../schemas/postcode.ts'
import type { StoreAtLocation } from '../../../schemas/stores.ts'
import { AppError } from '../../lib/errors.ts'
import { distanceKm, kmToMiles } from '../geo.ts'

/** An active delivery zone of a store (delivery_zones). Null fee/minimum: the store's own. */
export interface DeliveryZone {
  kind: 'radius' | 'outcode'
  radiusKm: number | null
  outcode: string | null
  deliveryFee: number | null
  minimumSpend: number | null
}

/** A store's own delivery terms. */
export interface StoreDeliveryTerms {
  location: Coordinates
  enabled: boolean
  /** Used only when the store has no zones. */
  radiusKm: number | null
  fee: number
  minimumSpend: number
}

/** Where the shopper wants delivery: a point, and its postcode when known. */
export interface DeliveryPlace extends Coordinates {
  postcode: string | null
}

export interface DeliveryQuote {
  available: boolean
  distanceKm: number
  /** The fee and minimum spend that apply there; the store's own when delivery is not available. */
  fee: number
  minimumSpend: number
}

/** A store's delivery as its answers carry it: enabled, its radius, fee and minimum spend. */
export interface StoreDeliveryRecord {
  delivery: { enabled: boolean; radiusKm: number | null; fee: number; minimumSpend: number }
}

function roundKm(km: number): number {
  return Math.round(km * 100) / 100
}

/**
 * Delivery to a place as the store details and the slot list answer it (`atLocation`): the
 * distance, whether the store delivers there and at what fee and minimum spend.
 */
export function deliveryAtPlace(
  store: StoreDeliveryRecord,
  location: Coordinates,
  zones: ReadonlyArray<DeliveryZone>,
  place: DeliveryPlace
): StoreAtLocation {
  const { enabled, radiusKm, fee, minimumSpend } = store.delivery
  const quote = deliveryTo({ location, enabled, radiusKm, fee, minimumSpend }, zones, place)
  return {
    postcode: place.postcode,
    distanceKm: roundKm(quote.distanceKm),
    distanceMiles: roundKm(kmToMiles(quote.distanceKm)),
    deliveryAvailable: quote.available,
    deliveryFee: quote.fee,
    minimumSpend: quote.minimumSpend,
  }
}

// An outcode-only location ('M15') has no inward code for the postcode library to split off.
const OUTCODE_ONLY = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/

function placeOutcode(postcode: string | null): string | null {
  if (!postcode) return null
  const normalised = postcode.trim().toUpperCase()
  return outcodeOf(normalised) ?? (OUTCODE_ONLY.test(normalised) ? normalised : null)
}

/**
 * Whether and on what terms a store delivers to a place. With active zones, the place must be
 * inside one: within a radius zone's distance of the store, or in an outcode zone's district; a
 * zone's fee and minimum override the store's. Several matching zones: the cheapest for the
 * shopper (lowest fee, then lowest minimum). Without zones the store's own radius applies (no
 * radius: no delivery). Delivery disabled → never available.
 */
export function deliveryTo(
  store: StoreDeliveryTerms,
  zones: ReadonlyArray<DeliveryZone>,
  place: DeliveryPlace
): DeliveryQuote {
  const distance = distanceKm(store.location, place)
  const own = { distanceKm: distance, fee: store.fee, minimumSpend: store.minimumSpend }
  if (!store.enabled) return { available: false, ...own }
  if (zones.length === 0) {
    const inside = store.radiusKm !== null && distance <= store.radiusKm
    return { available: inside, ...own }
  }
  const outcode = placeOutcode(place.postcode)
  let best: DeliveryQuote | null = null
  for (const zone of zones) {
    const inside =
      zone.kind === 'radius'
        ? zone.radiusKm !== null && distance <= zone.radiusKm
        : outcode !== null && zone.outcode?.toUpperCase() === outcode
    if (!inside) continue
    const quote: DeliveryQuote = {
      available: true,
      distanceKm: distance,
      fee: zone.deliveryFee ?? store.fee,
      minimumSpend: zone.minimumSpend ?? store.minimumSpend,
    }
    if (
      !best ||
      quote.fee < best.fee ||
      (quote.fee === best.fee && quote.minimumSpend < best.minimumSpend)
    ) {
      best = quote
    }
  }
  return best ?? { available: false, ...own }
}

/** What a store's record says about its delivery (store details and their schedule's zones). */
export interface DeliveringStore {
  name: string
  location: { latitude: number | null; longitude: number | null }
  delivery: { enabled: boolean; radiusKm: number | null; fee: number; minimumSpend: number }
  collection: { enabled: boolean }
}

/** A store's delivery terms, or null when it has no coordinates to measure a distance from. */
export function deliveryTermsOf(store: DeliveringStore): StoreDeliveryTerms | null {
  const { latitude, longitude } = store.location
  if (latitude === null || longitude === null) return null
  return {
    location: { latitude, longitude },
    enabled: store.delivery.enabled,
    radiusKm: store.delivery.radiusKm,
    fee: store.delivery.fee,
    minimumSpend: store.delivery.minimumSpend,
  }
}

/**
 * The one check of where a store delivers: the terms (the zone's fee and minimum) on
 * which it delivers to a place, or conflict with a message that offers collection when the store
 * collects, else another store (details.reason 'outside_delivery_area', and the message on the
 * address's postcode field). The delivery address at checkout, process order and slot reservation
 * all ask here.
 */
export function requireDeliveryTo(
  store: DeliveringStore,
  zones: ReadonlyArray<DeliveryZone>,
  place: DeliveryPlace & { postcode: string }
): DeliveryQuote {
  const terms = deliveryTermsOf(store)
  const quote = terms ? deliveryTo(terms, zones, place) : null
  if (quote?.available) return quote
  const message = deliveryOutsideAreaMessage(store.name, place.postcode, store.collection.enabled)
  throw new AppError('conflict', message, {
    fields: [{ field: 'address.postcode', message }],
    details: { reason: 'outside_delivery_area', collectionAvailable: store.collection.enabled },
  })
}

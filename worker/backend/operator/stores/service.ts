import { nextRowId } from '../next-id-repo.ts'
import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import {
  type OperatorStore,
  type OperatorStoreRow,
  type StoreDetailsInput,
  StoreDetailsInputSchema,
  type StoreFulfilment,
  StoreFulfilmentSchema,
  type StoreHoursRequest,
  type StoreLocation,
  type StoreZoneRequest,
} from '../../../../schemas/operator-stores.ts'
import { normaliseBusinessPhone } from '../../../../schemas/phone-country.ts'
import { hasPostcodeDistricts } from '../../../../schemas/postcode.ts'
import type { OpeningHours } from '../../../../schemas/stores.ts'
import { AppError } from '../../../lib/errors.ts'
import type { Geocoder } from '../../location/geocoder.ts'
import { requireHomePostcode } from '../../location/postcode-rules-repo.ts'
import type { StaffCaller } from '../../staff/guard.ts'
import {
  availabilityInput,
  calendarDate,
  isoDate,
  storeAvailability,
} from '../../stores/availability.ts'
import { auditStatement } from '../../audit-repo.ts'
import { businessLocale } from '../../businesses-repo.ts'
import { findPause } from '../../store-controls/pause-repo.ts'
import {
  closureTaken,
  deleteClosureStatement,
  deleteZoneStatement,
  findClosure,
  findSchedule,
  findStore,
  findZone,
  type HoursRecord,
  insertClosureStatement,
  insertStoreStatement,
  insertZoneStatement,
  listStores,
  outcodeKnown,
  replaceHoursStatements,
  slugTaken,
  type StoreRecord,
  switchStatement,
  updateFulfilmentStatement,
  updateStoreStatement,
  updateZoneStatement,
} from './repo.ts'

/** What every change needs: the database, who, and the app clock's time. */
export interface ChangeContext {
  db: D1Database
  caller: StaffCaller
  now: Date
}

const fieldError = (field: string, message: string) =>
  new AppError('validation_error', message, { fields: [{ field, message }] })

const notFound = () => new AppError('not_found', MESSAGES.storeNotFound)

function hoursByMethod(hours: ReadonlyArray<HoursRecord>) {
  const of = (method: HoursRecord['method']): Array<OpeningHours> =>
    hours
      .filter((row) => row.method === method)
      .map(({ dayOfWeek, opensAt, closesAt }) => ({ dayOfWeek, opensAt, closesAt }))
  return { delivery: of('delivery'), collection: of('collection'), store: of('store') }
}

/** Open now, preorder or closed, by the shop's own availability rules (spec §4). */
function availabilityOf(
  store: StoreRecord,
  hours: ReadonlyArray<HoursRecord>,
  closures: ReadonlyArray<string>,
  now: Date,
  pausedUntil: string | null = null
) {
  return storeAvailability(
    availabilityInput(
      {
        timeZone: store.timeZone,
        daysInAdvance: store.daysInAdvance,
        temporarilyClosed: store.temporarilyClosed,
        delivery: { enabled: store.deliveryEnabled },
        collection: { enabled: store.collectionEnabled },
      },
      { openingHours: hoursByMethod(hours), closures, pausedUntil }
    ),
    now
  )
}

/** The store's local date two days back: closures before it no longer matter to availability. */
function closuresFrom(store: StoreRecord, now: Date): string {
  return isoDate(calendarDate(new Date(now.getTime() - 2 * 86_400_000), store.timeZone))
}

/** The business's stores with their state now. */
export async function storeList(
  db: D1Database,
  businessId: number,
  now: Date
): Promise<Array<OperatorStoreRow>> {
  const stores = await listStores(db, businessId)
  return Promise.all(
    stores.map(async (store) => {
      const [schedule, paused] = await Promise.all([
        findSchedule(db, store.id, closuresFrom(store, now)),
        findPause(db, businessId, store.id),
      ])
      const closures = schedule.closures.map((closure) => closure.closedOn)
      // A pause that has ended is just the store's hours again (ADR: nothing runs at its end).
      const until = paused?.pausedUntil ?? null
      const pause =
        until !== null && Date.parse(until) > now.getTime()
          ? { until, reason: paused?.reason ?? '' }
          : null
      return {
        id: store.id,
        name: store.name,
        slug: store.slug,
        town: store.town,
        postcode: store.postcode,
        isActive: store.isActive,
        temporarilyClosed: store.temporarilyClosed,
        deliveryEnabled: store.deliveryEnabled,
        collectionEnabled: store.collectionEnabled,
        availability: availabilityOf(store, schedule.hours, closures, now, pause?.until).state,
        pause,
        timeZone: store.timeZone,
      }
    })
  )
}

async function requireStore(db: D1Database, businessId: number, storeId: number) {
  const store = await findStore(db, businessId, storeId)
  if (!store) throw notFound()
  return store
}

/** A store of the caller's business with its schedule and state now; another's is not found. */
export async function operatorStore(
  db: D1Database,
  businessId: number,
  storeId: number,
  now: Date
): Promise<OperatorStore> {
  const store = await requireStore(db, businessId, storeId)
  const today = isoDate(calendarDate(now, store.timeZone))
  const schedule = await findSchedule(db, store.id, today)
  return {
    ...store,
    ...schedule,
    availability: availabilityOf(
      store,
      schedule.hours,
      schedule.closures.map((closure) => closure.closedOn),
      now
    ),
    today,
  }
}

/**
 * A store's postcode checked by the business's rule for its own country (an Irish grocer's
 * stores are at Eircodes), and where the geocoder puts it.
 */
export async function locatePostcode(
  db: D1Database,
  geocoder: Geocoder,
  businessId: number,
  typed: string
): Promise<StoreLocation> {
  const { postcode, country } = await requireHomePostcode(db, businessId, typed)
  return placePostcode(geocoder, postcode, country)
}

async function placePostcode(
  geocoder: Geocoder,
  postcode: string,
  country: string
): Promise<StoreLocation> {
  const place = await geocoder.postcodeToCoordinates(postcode, country)
  if (!place) throw fieldError('postcode', MESSAGES.locationNotFound)
  return {
    postcode,
    latitude: place.latitude,
    longitude: place.longitude,
    precision: place.precision,
  }
}

/**
 * The details with the postcode and phone held to the business's own country (the postcode
 * normalised), and coordinates as given, else geocoded.
 */
async function locatedDetails(
  db: D1Database,
  geocoder: Geocoder,
  businessId: number,
  details: StoreDetailsInput,
  storeId: number | null
) {
  if (await slugTaken(db, businessId, details.slug, storeId)) {
    throw fieldError('slug', MESSAGES.storeSlugTaken)
  }
  const { postcode, country } = await requireHomePostcode(db, businessId, details.postcode)
  const phone = details.phone === null ? null : normaliseBusinessPhone(details.phone, country)
  if (details.phone !== null && phone === null) throw fieldError('phone', MESSAGES.phoneInvalid)
  const given =
    details.latitude !== null &&
    details.latitude !== undefined &&
    details.longitude !== null &&
    details.longitude !== undefined
  const { latitude, longitude } = given
    ? { latitude: details.latitude ?? 0, longitude: details.longitude ?? 0 }
    : await placePostcode(geocoder, postcode, country)
  return { ...details, phone, postcode, latitude, longitude }
}

/** One store change and its audit row, in one batch (ADR 027). */
function audited(
  { db, caller, now }: ChangeContext,
  storeId: number,
  change: ReadonlyArray<D1PreparedStatement>,
  record: { action: string; before: unknown; after: unknown; summary: string }
) {
  return db.batch([
    ...change,
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      entity: 'store',
      entityId: storeId,
      at: now.toISOString(),
      ...record,
    }),
  ])
}

/** Creates a store of the caller's business: closed for every method until it has hours. */
export async function createStore(
  context: ChangeContext,
  geocoder: Geocoder,
  details: StoreDetailsInput
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const located = await locatedDetails(db, geocoder, caller.businessId, details, null)
  const id = await nextRowId(db, 'stores')
  await audited(
    context,
    id,
    [insertStoreStatement(db, caller.businessId, id, located, now.toISOString())],
    { action: 'store.create', before: null, after: located, summary: `Store ${located.name} added` }
  )
  return operatorStore(db, caller.businessId, id, now)
}

/** What a details change's audit entry shows before and after: every field the form saves. */
const DETAIL_KEYS = Object.keys(StoreDetailsInputSchema.shape) as Array<keyof StoreDetailsInput>
const pick = <K extends string>(thing: Record<K, unknown>, keys: ReadonlyArray<K>) =>
  Object.fromEntries(keys.map((key) => [key, thing[key]]))

/** Changes a store's details (name, address, coordinates, time zone, live). */
export async function updateStore(
  context: ChangeContext,
  geocoder: Geocoder,
  storeId: number,
  details: StoreDetailsInput
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const store = await requireStore(db, caller.businessId, storeId)
  const located = await locatedDetails(db, geocoder, caller.businessId, details, storeId)
  await audited(
    context,
    storeId,
    [updateStoreStatement(db, caller.businessId, storeId, located, now.toISOString())],
    {
      action: 'store.update',
      before: pick(store, DETAIL_KEYS),
      after: pick(located, DETAIL_KEYS),
      summary: `Details of ${located.name} changed`,
    }
  )
  return operatorStore(db, caller.businessId, storeId, now)
}

/** What a fulfilment change's audit entry shows before and after: every field the form saves. */
const FULFILMENT_KEYS = Object.keys(StoreFulfilmentSchema.shape) as Array<keyof StoreFulfilment>

/**
 * Changes how the store delivers and collects. Held and booked slots keep the times and capacity
 * their time_slots row was given when first reserved; only slots not yet reserved are cut with
 * the new length and capacity.
 */
export async function updateFulfilment(
  context: ChangeContext,
  storeId: number,
  terms: StoreFulfilment
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const store = await requireStore(db, caller.businessId, storeId)
  await audited(
    context,
    storeId,
    [updateFulfilmentStatement(db, caller.businessId, storeId, terms, now.toISOString())],
    {
      action: 'store.fulfilment',
      before: pick(store, FULFILMENT_KEYS),
      after: pick(terms, FULFILMENT_KEYS),
      summary: `Delivery and collection of ${store.name} changed`,
    }
  )
  return operatorStore(db, caller.businessId, storeId, now)
}

/** The staff open/closed switch: a temporarily closed store is closed whatever its hours say. */
export async function switchStore(
  context: ChangeContext,
  storeId: number,
  temporarilyClosed: boolean
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const store = await requireStore(db, caller.businessId, storeId)
  await audited(
    context,
    storeId,
    [switchStatement(db, caller.businessId, storeId, temporarilyClosed, now.toISOString())],
    {
      action: 'store.switch',
      before: { temporarilyClosed: store.temporarilyClosed },
      after: { temporarilyClosed },
      summary: `${store.name} ${temporarilyClosed ? 'closed for now' : 'opened again'}`,
    }
  )
  return operatorStore(db, caller.businessId, storeId, now)
}

/** Replaces one method's opening hours for the week. */
export async function setHours(
  context: ChangeContext,
  request: StoreHoursRequest
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const before = await operatorStore(db, caller.businessId, request.storeId, now)
  const days = [...request.days]
    .filter((day) => day.ranges.length > 0)
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
  await audited(
    context,
    request.storeId,
    replaceHoursStatements(db, request.storeId, request.method, days),
    {
      action: 'store.hours',
      before: {
        method: request.method,
        hours: before.hours.filter((h) => h.method === request.method),
      },
      after: { method: request.method, days },
      summary: `${request.method[0]?.toUpperCase()}${request.method.slice(1)} hours of ${before.name} changed`,
    }
  )
  return operatorStore(db, caller.businessId, request.storeId, now)
}

/** Adds a whole-day closure: today or later in the store's calendar, once per date. */
export async function addClosure(
  context: ChangeContext,
  storeId: number,
  closedOn: string,
  reason: string | null
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const store = await operatorStore(db, caller.businessId, storeId, now)
  if (closedOn < store.today) throw fieldError('closedOn', MESSAGES.storeClosurePast)
  if (await closureTaken(db, storeId, closedOn)) {
    throw fieldError('closedOn', MESSAGES.storeClosureTaken)
  }
  await audited(context, storeId, [insertClosureStatement(db, storeId, closedOn, reason)], {
    action: 'store.closure_add',
    before: null,
    after: { closedOn, reason },
    summary: `${store.name} closed on ${closedOn}`,
  })
  return operatorStore(db, caller.businessId, storeId, now)
}

export async function removeClosure(
  context: ChangeContext,
  storeId: number,
  closureId: number
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const store = await requireStore(db, caller.businessId, storeId)
  const closure = await findClosure(db, storeId, closureId)
  if (!closure) throw notFound()
  await audited(context, storeId, [deleteClosureStatement(db, storeId, closureId)], {
    action: 'store.closure_remove',
    before: closure,
    after: null,
    summary: `Closure of ${store.name} on ${closure.closedOn} removed`,
  })
  return operatorStore(db, caller.businessId, storeId, now)
}

/**
 * Adds or changes a delivery zone; an outcode must be a UK postcode district we know, and only a
 * UK business's stores have them (elsewhere zones are radii).
 */
export async function saveZone(
  context: ChangeContext,
  request: StoreZoneRequest
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const store = await requireStore(db, caller.businessId, request.storeId)
  const before = request.zoneId ? await findZone(db, request.storeId, request.zoneId) : null
  if (request.zoneId && !before) throw notFound()
  const outcode = request.kind === 'outcode' ? request.outcode : null
  if (outcode !== null) {
    const [home, known] = await Promise.all([
      businessLocale(db, caller.businessId),
      outcodeKnown(db, outcode),
    ])
    // outcodeOf reads only UK postcodes, so a district zone abroad would never hold an address.
    if (!hasPostcodeDistricts(home.countryCode)) {
      throw fieldError('kind', MESSAGES.storeZoneDistrictAbroad)
    }
    if (!known) throw fieldError('outcode', formatMessage('storeOutcodeUnknown', outcode))
  }
  const zone = {
    kind: request.kind,
    radiusKm: request.kind === 'radius' ? (request.radiusKm ?? null) : null,
    outcode,
    deliveryFee: request.deliveryFee,
    minimumSpend: request.minimumSpend,
    isActive: request.isActive,
  }
  const statement = request.zoneId
    ? updateZoneStatement(db, request.storeId, request.zoneId, zone)
    : insertZoneStatement(db, request.storeId, zone)
  const name = zone.kind === 'radius' ? `${zone.radiusKm} km` : zone.outcode
  await audited(context, request.storeId, [statement], {
    action: request.zoneId ? 'store.zone_update' : 'store.zone_add',
    before,
    after: zone,
    summary: `Delivery zone ${name} of ${store.name} ${request.zoneId ? 'changed' : 'added'}`,
  })
  return operatorStore(db, caller.businessId, request.storeId, now)
}

export async function removeZone(
  context: ChangeContext,
  storeId: number,
  zoneId: number
): Promise<OperatorStore> {
  const { db, caller, now } = context
  const store = await requireStore(db, caller.businessId, storeId)
  const zone = await findZone(db, storeId, zoneId)
  if (!zone) throw notFound()
  await audited(context, storeId, [deleteZoneStatement(db, storeId, zoneId)], {
    action: 'store.zone_remove',
    before: zone,
    after: null,
    summary: `Delivery zone ${zone.kind === 'radius' ? `${zone.radiusKm} km` : zone.outcode} of ${store.name} removed`,
  })
  return operatorStore(db, caller.businessId, storeId, now)
}

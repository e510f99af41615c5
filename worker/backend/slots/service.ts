import { addMinutes } from 'date-fns'
import type { z } from 'zod'
import { SLOT_RESERVATION_MINUTES, type FulfilmentMethod } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type {
  ReserveSlotRequestSchema,
  SlotReservation,
  TimeSlotDay,
  TimeSlotList,
  TimeSlotListRequestSchema,
} from '../../../schemas/slots.ts'
import type { StoreAtLocation } from '../../../schemas/stores.ts'
import { AppError } from '../../lib/errors.ts'
import { basketTimingStatement, findBasketByToken, type BasketRef } from '../basket-ref-repo.ts'
import {
  availabilityInput,
  pauseEndMs,
  methodAvailabilityAt,
  methodHours,
  type AvailabilityInput,
} from '../stores/availability.ts'
import { deliveryAtPlace, type DeliveryZone, requireDeliveryTo } from '../stores/delivery.ts'
import {
  findStoreDetails,
  storeDetailsFrom,
  storeDetailsStatements,
  type StoreDetailsFound,
  type StoreDetailsRecord,
} from '../stores/repo.ts'
import {
  findSlotSettings,
  slotSettingsFrom,
  slotSettingsStatement,
  slotUsageFrom,
  slotUsageStatement,
  type SlotSettings,
} from './repo.ts'
import {
  asapHoldStatement,
  basketReservationStatement,
  insertedReservationStatement,
  releaseHoldStatements,
  reservationFrom,
  slotHoldStatements,
  sweepStatements,
} from './reservations-repo.ts'
import { generateSlots, orderableDates, type GeneratedSlot } from './slot-generation.ts'

type Method = FulfilmentMethod
type ListRequest = z.output<typeof TimeSlotListRequestSchema>
type ReserveRequest = z.output<typeof ReserveSlotRequestSchema>

interface SlotStore {
  id: number
  timeZone: string
  daysInAdvance: number
  availability: AvailabilityInput
  settings: SlotSettings
  /** Where it delivers (its radius or zones, for requireDeliveryTo). */
  record: StoreDetailsRecord
  zones: ReadonlyArray<DeliveryZone>
}

function slotStoreOf(details: StoreDetailsFound | null, settings: SlotSettings | null): SlotStore {
  if (!details || !settings) throw new AppError('not_found', MESSAGES.storeNotFound)
  const { store, schedule } = details
  return {
    id: store.id,
    timeZone: store.timeZone,
    daysInAdvance: store.daysInAdvance,
    settings,
    availability: availabilityInput(store, schedule),
    record: store,
    zones: schedule.zones,
  }
}

async function loadStore(
  db: D1Database,
  businessId: number,
  storeId: number,
  now: Date
): Promise<SlotStore> {
  const [details, settings] = await Promise.all([
    findStoreDetails(db, businessId, { storeId }, now),
    findSlotSettings(db, businessId, storeId),
  ])
  return slotStoreOf(details, settings)
}

// A place without a postcode, as the refusal names it.
function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`
}

function leadMinutes(store: SlotStore, method: Method): number {
  return method === 'delivery'
    ? store.settings.deliveryLeadMinutes
    : store.settings.collectionLeadMinutes
}

/** ASAP (spec §4): open now for the method, allowed by the store, and ready before it closes. */
function asapFor(store: SlotStore, method: Method, now: Date): TimeSlotList['asap'] {
  const lead = leadMinutes(store, method)
  const state = methodAvailabilityAt(store.availability, method, now)
  const estimate = addMinutes(now, lead)
  const available =
    store.settings.asapEnabled &&
    state.state === 'open' &&
    state.closesAt !== null &&
    estimate.getTime() <= state.closesAt.getTime()
  return { available, estimatedAt: available ? estimate.toISOString() : null, leadMinutes: lead }
}

function slotsFor(store: SlotStore, method: Method, now: Date, from: string, to: string) {
  const enabled =
    method === 'delivery'
      ? store.availability.deliveryEnabled
      : store.availability.collectionEnabled
  const days = generateSlots(
    {
      timeZone: store.timeZone,
      hours: methodHours(store.availability, method),
      closures: store.availability.closures,
      slotDurationMinutes: store.settings.slotDurationMinutes,
      daysInAdvance: store.daysInAdvance,
      leadMinutes: leadMinutes(store, method),
    },
    now,
    from,
    to
  )
  const { today } = orderableDates(store.timeZone, store.daysInAdvance, now)
  // A disabled method offers nothing; a store closed by staff offers nothing today; a paused
  // store nothing that starts before the pause ends.
  const pauseEnd = pauseEndMs(store.availability, now)
  for (const day of days) {
    if (!enabled || (store.availability.temporarilyClosed && day.date === today)) {
      day.slots = []
      day.closed = true
    }
    if (pauseEnd !== null && day.slots.length > 0) {
      day.slots = day.slots.filter((slot) => slot.start.getTime() >= pauseEnd)
      day.closed = day.slots.length === 0
    }
  }
  return days
}

function dateError(field: string): AppError {
  return new AppError('validation_error', MESSAGES.slotDateInvalid, {
    fields: [{ field, message: MESSAGES.slotDateInvalid }],
  })
}

/** The UTC date of the day before `now`: no store's today is earlier. */
function dayBefore(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/**
 * The reads of a slot list, for one batch (ADR 068): the store's details (first, exactly the
 * statements of storeDetailsStatements, which basket/slot-page.ts shares) and slot terms, its
 * stored slots of the method from the asked start (else the UTC day before: the store's zone and
 * today come in the same batch) and the basket's reservation. `slotListFrom` reads the results.
 */
export function slotListStatements(
  db: D1Database,
  request: ListRequest,
  basket: BasketRef | null,
  now: Date
): Array<D1PreparedStatement> {
  const { businessId, storeId } = request
  return [
    ...storeDetailsStatements(db, businessId, { storeId }, now),
    slotSettingsStatement(db, businessId, storeId),
    slotUsageStatement(
      db,
      storeId,
      request.fulfilmentMethod,
      request.startDate ?? dayBefore(now),
      request.endDate ?? null,
      now
    ),
    ...(basket ? [basketReservationStatement(db, basket.id)] : []),
  ]
}

/**
 * Spec §7 List: the store's slots for the method from startDate (default: the store's today) to
 * endDate (default and at most: today + daysInAdvance), with places left, ASAP, and the basket's
 * reservation, read in one batch (the basket found by the guard, no read of its own).
 */
export async function listTimeSlots(
  db: D1Database,
  request: ListRequest,
  basket: BasketRef | null,
  now: Date
): Promise<TimeSlotList> {
  return slotListFrom(
    await db.batch(slotListStatements(db, request, basket, now)),
    request,
    basket,
    now
  )
}

/** The slot list from the results of slotListStatements (the same request and basket). */
export function slotListFrom(
  results: ReadonlyArray<D1Result<unknown>>,
  request: ListRequest,
  basket: BasketRef | null,
  now: Date
): TimeSlotList {
  const detailsCount = results.length - (basket ? 3 : 2)
  const [settingsResult, usageResult, reservationResult] = results.slice(detailsCount)
  const store = slotStoreOf(
    storeDetailsFrom(results.slice(0, detailsCount)),
    slotSettingsFrom(settingsResult)
  )
  const { today, lastDay } = orderableDates(store.timeZone, store.daysInAdvance, now)
  if (request.startDate !== undefined && request.startDate < today) throw dateError('startDate')
  if (request.endDate !== undefined && request.endDate < today) throw dateError('endDate')
  const from = request.startDate ?? today
  if (request.endDate !== undefined && request.endDate < from) {
    throw new AppError('validation_error', MESSAGES.validationError, {
      fields: [{ field: 'endDate', message: MESSAGES.validationError }],
    })
  }
  // Past the last orderable day there is simply nothing to offer (days: []).
  const to = request.endDate === undefined || request.endDate > lastDay ? lastDay : request.endDate
  const method = request.fulfilmentMethod
  // Read-only: the usage statement never counts a lapsed hold, so listing needs no sweep (reserve
  // and the cron sweep) and can be answered by a read replica. It may hold a day or two outside
  // from..to (see slotListStatements): only the generated slots are looked up in it.
  const usage = slotUsageFrom(usageResult)
  const days: Array<TimeSlotDay> = slotsFor(store, method, now, from, to).map((day) => ({
    date: day.date,
    closed: day.closed,
    slots: day.slots.map((slot) => {
      const stored = usage.get(`${slot.date} ${slot.time}`)
      const remaining = Math.max(
        0,
        (stored?.capacity ?? store.settings.slotCapacity) - (stored?.taken ?? 0)
      )
      return {
        timeSlotDate: slot.date,
        timeSlotTime: slot.time,
        endTime: slot.endTime,
        startDate: slot.start.toISOString(),
        endDate: slot.end.toISOString(),
        remaining,
        available: slot.bookable && remaining > 0 && !stored?.blocked,
      }
    }),
  }))
  return {
    storeId: store.id,
    fulfilmentMethod: method,
    timeZone: store.timeZone,
    serverTime: now.toISOString(),
    daysInAdvance: store.daysInAdvance,
    asap: asapFor(store, method, now),
    days,
    reservation: basket ? reservationFrom(reservationResult, now) : null,
    atLocation: deliveryHere(store, request),
  }
}

/** Delivery where the list was asked for, as the store details would say it (null: no place). */
function deliveryHere(
  store: SlotStore,
  place: Pick<ListRequest, 'latitude' | 'longitude' | 'postcode'>
): StoreAtLocation | null {
  const { latitude, longitude } = store.record.location
  if (latitude === null || longitude === null) return null
  if (place.latitude === undefined || place.longitude === undefined) return null
  return deliveryAtPlace(store.record, { latitude, longitude }, store.zones, {
    latitude: place.latitude,
    longitude: place.longitude,
    postcode: place.postcode ?? null,
  })
}

function slotFailure(reason: string): AppError {
  return new AppError('conflict', MESSAGES.slotReserveFailed, { details: { reason } })
}

function isCapacityFailure(error: unknown): boolean {
  // The increment of a full slot breaks time_slots' CHECK (reserved_count <= capacity).
  return error instanceof Error && /CHECK constraint failed/i.test(String(error.message))
}

function chosenSlot(
  store: SlotStore,
  request: { fulfilmentMethod: Method; timeSlotDate: string },
  time: string,
  now: Date
): GeneratedSlot {
  const days = slotsFor(
    store,
    request.fulfilmentMethod,
    now,
    request.timeSlotDate,
    request.timeSlotDate
  )
  const slot = days[0]?.slots.find((s) => s.time === time)
  if (!slot?.bookable) {
    throw new AppError('validation_error', MESSAGES.slotReserveFailed, {
      fields: [{ field: 'timeSlotTime', message: MESSAGES.slotReserveFailed }],
    })
  }
  return slot
}

/** A slot the checkout would let a shopper book now, and the capacity a new slot row gets. */
export interface BookableSlot {
  slot: GeneratedSlot
  capacity: number
}

/**
 * The slot of the store and method at the local date and start, by the same rules as reserving
 * it for a basket (the store's hours, lead time, days ahead, closures, pause): refused with
 * the reserve's message when the checkout would refuse it. Whether a place is left is the
 * caller's batch's to find (the time_slots CHECK, isSlotFull).
 */
export async function bookableSlot(
  db: D1Database,
  at: { businessId: number; storeId: number; fulfilmentMethod: Method },
  wanted: { timeSlotDate: string; timeSlotTime: string },
  now: Date
): Promise<BookableSlot> {
  const store = await loadStore(db, at.businessId, at.storeId, now)
  const { today } = orderableDates(store.timeZone, store.daysInAdvance, now)
  if (wanted.timeSlotDate < today) throw dateError('timeSlotDate')
  const slot = chosenSlot(
    store,
    { fulfilmentMethod: at.fulfilmentMethod, timeSlotDate: wanted.timeSlotDate },
    wanted.timeSlotTime,
    now
  )
  return { slot, capacity: store.settings.slotCapacity }
}

/** Whether a batch failed because it took a place in a full (or blocked) slot. */
export function isSlotFull(error: unknown): boolean {
  return isCapacityFailure(error)
}

/** The refusal of a full slot, as reserving one answers it. */
export function slotFullError(): AppError {
  return slotFailure('slot_full')
}

/**
 * Spec §7 Reserve slot: holds a place for SLOT_RESERVATION_MINUTES for the basket, ASAP when no
 * time is given. One batch sweeps the store's lapsed holds, creates the slot row if missing,
 * releases the basket's previous hold, takes a place (a full slot breaks the table's CHECK and
 * rolls the whole batch back), inserts the hold and moves the basket to the slot's timing.
 */
export async function reserveTimeSlot(
  db: D1Database,
  request: ReserveRequest,
  now: Date
): Promise<{ reservation: SlotReservation }> {
  const [store, basket] = await Promise.all([
    loadStore(db, request.businessId, request.storeId, now),
    findBasketByToken(db, request.businessId, request.basketToken),
  ])
  if (!basket) throw new AppError('not_found', MESSAGES.basketNotFound)
  if (basket.storeId !== null && basket.storeId !== store.id) {
    throw new AppError('validation_error', MESSAGES.validationError, {
      fields: [{ field: 'storeId', message: MESSAGES.validationError }],
    })
  }
  const { today } = orderableDates(store.timeZone, store.daysInAdvance, now)
  if (request.timeSlotDate < today) throw dateError('timeSlotDate')
  const method = request.fulfilmentMethod
  // No delivery slot where the store does not deliver (when the call says where).
  if (method === 'delivery' && request.latitude !== undefined && request.longitude !== undefined) {
    requireDeliveryTo(store.record, store.zones, {
      latitude: request.latitude,
      longitude: request.longitude,
      postcode: request.postcode ?? formatCoordinates(request.latitude, request.longitude),
    })
  }
  const expiresAt = addMinutes(now, SLOT_RESERVATION_MINUTES).toISOString()
  // Where the shopper is (spec §7 Reserve slot), kept with the hold.
  const place = [request.postcode ?? null, request.latitude ?? null, request.longitude ?? null]
  const prologue = [
    ...sweepStatements(db, now, store.id),
    ...releaseHoldStatements(db, basket.id, now),
  ]
  const basketUpdate = (timing: 'asap' | 'future') =>
    basketTimingStatement(db, basket.id, { timing, method, now })

  if (request.timeSlotTime === undefined) {
    if (!asapFor(store, method, now).available) {
      throw new AppError('conflict', MESSAGES.slotDefaultAsapFailed, {
        details: { reason: 'asap_unavailable' },
      })
    }
    const results = await db.batch([
      ...prologue,
      asapHoldStatement(db, {
        storeId: store.id,
        basketId: basket.id,
        method,
        place,
        expiresAt,
        now,
      }),
      insertedReservationStatement(db),
      basketUpdate('asap'),
    ])
    return { reservation: answer(results.at(-2), now) }
  }

  const slot = chosenSlot(store, request, request.timeSlotTime, now)
  const key = [store.id, method, slot.date, slot.time] as const
  let results: Array<D1Result<unknown>>
  try {
    results = await db.batch([
      ...prologue,
      ...slotHoldStatements(db, {
        key,
        endTime: slot.endTime,
        start: slot.start,
        end: slot.end,
        capacity: store.settings.slotCapacity,
        basketId: basket.id,
        place,
        expiresAt,
        now,
      }),
      insertedReservationStatement(db),
      basketUpdate('future'),
    ])
  } catch (error) {
    if (isCapacityFailure(error)) throw slotFailure('slot_full')
    throw error
  }
  return { reservation: answer(results.at(-2), now) }
}

function answer(result: D1Result<unknown> | undefined, now: Date): SlotReservation {
  const reservation = reservationFrom(result, now)
  if (!reservation) throw new Error('reserved slot row not read back')
  return reservation
}

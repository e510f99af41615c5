import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { postToBackend } from '../../support/workers/requests.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { ReserveSlotResultSchema, TimeSlotListSchema } from '../../../schemas/slots.ts'
import type { TimeSlot, TimeSlotList } from '../../../schemas/slots.ts'
import { findBasketByToken } from '../../../worker/backend/basket-ref-repo.ts'
import { findBasketReservation } from '../../../worker/backend/slots/reservations-repo.ts'
import { listTimeSlots, reserveTimeSlot } from '../../../worker/backend/slots/service.ts'
import { orderableDates } from '../../../worker/backend/slots/slot-generation.ts'
import { BUSINESS_ID, insertBasket, SLOT_STORES, seedSlots, slotState } from './fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

beforeAll(async () => {
  await seedSlots(env.DB)
})

const LONDON = SLOT_STORES.london

const post = (path: string, body: unknown) => postToBackend(path, body)

async function list(body: Record<string, unknown>): Promise<TimeSlotList> {
  const res = await post('/time-slots', { businessId: BUSINESS_ID, ...body })
  expect(res.status).toBe(200)
  return TimeSlotListSchema.parse(await res.json())
}

async function errorOf(res: Response) {
  return ApiErrorSchema.parse(await res.json()).error
}

function tomorrow(): string {
  const { today } = orderableDates('Europe/London', 7, new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

function slotOf(answer: TimeSlotList, date: string, time: string): TimeSlot {
  const slot = answer.days.find((d) => d.date === date)?.slots.find((s) => s.timeSlotTime === time)
  if (!slot) throw new Error(`no slot ${date} ${time}`)
  return slot
}

async function tableCounts() {
  const row = await env.DB.prepare(
    `select (select count(*) from time_slots) as slots,
            (select count(*) from slot_reservations) as reservations`
  ).first<{ slots: number; reservations: number }>()
  return row
}

describe('POST /time-slots', DATED, () => {
  it('lists today to today + daysInAdvance with places, ASAP and the server time', async () => {
    const answer = await list({ storeId: LONDON.id })
    const { today, lastDay } = orderableDates('Europe/London', 7, new Date())
    expect(answer.fulfilmentMethod).toBe('delivery')
    expect(answer.timeZone).toBe('Europe/London')
    expect(answer.daysInAdvance).toBe(7)
    expect(answer.days).toHaveLength(8)
    expect(answer.days[0]?.date).toBe(today)
    expect(answer.days.at(-1)?.date).toBe(lastDay)
    const day = answer.days[1]
    expect(day?.closed).toBe(false)
    expect(day?.slots).toHaveLength(24)
    expect(day?.slots[10]).toMatchObject({
      timeSlotTime: '10:00',
      endTime: '11:00',
      remaining: LONDON.capacity,
      available: true,
    })
    expect(answer.asap).toMatchObject({ available: true, leadMinutes: 45 })
    const estimate = Date.parse(answer.asap.estimatedAt ?? '')
    expect(estimate - Date.parse(answer.serverTime)).toBe(45 * 60_000)
    expect(answer.reservation).toBeNull()
  })

  it('clamps endDate to daysInAdvance and answers the collection lead time', async () => {
    const answer = await list({
      storeId: LONDON.id,
      fulfilmentMethod: 'collection',
      startDate: tomorrow(),
      endDate: '2099-01-01',
    })
    expect(answer.days[0]?.date).toBe(tomorrow())
    expect(answer.days).toHaveLength(7)
    expect(answer.asap.leadMinutes).toBe(20)
  })

  it('refuses a startDate or endDate before today with the spec message, writing nothing', async () => {
    const before = await tableCounts()
    for (const [field, body] of [
      ['startDate', { startDate: '2020-01-01' }],
      ['endDate', { endDate: '2020-01-01' }],
    ] as const) {
      const res = await post('/time-slots', {
        businessId: BUSINESS_ID,
        storeId: LONDON.id,
        ...body,
      })
      expect(res.status).toBe(422)
      const error = await errorOf(res)
      expect(error.code).toBe('validation_error')
      expect(error.message).toBe(
        'Time slot date provided was not valid. Date must be a date after or equal to today'
      )
      expect(error.fields).toEqual([{ field, message: MESSAGES.slotDateInvalid }])
    }
    expect(await tableCounts()).toEqual(before)
  })

  it('refuses a malformed date, method or store id', async () => {
    for (const body of [
      { storeId: LONDON.id, startDate: '21/11/2026' },
      { storeId: LONDON.id, fulfilmentMethod: 'drone' },
      { storeId: 'x' },
      {},
    ]) {
      const res = await post('/time-slots', { businessId: BUSINESS_ID, ...body })
      expect(res.status).toBe(422)
      expect((await errorOf(res)).code).toBe('validation_error')
    }
  })

  it('offers no days past the last orderable day, and refuses an endDate before startDate', async () => {
    expect((await list({ storeId: LONDON.id, startDate: '2099-01-01' })).days).toEqual([])
    const res = await post('/time-slots', {
      businessId: BUSINESS_ID,
      storeId: LONDON.id,
      startDate: tomorrow(),
      endDate: orderableDates('Europe/London', 7, new Date()).today,
    })
    expect(res.status).toBe(422)
    expect((await errorOf(res)).fields).toEqual([
      { field: 'endDate', message: MESSAGES.validationError },
    ])
  })

  it('answers not_found for an unknown store or another business’s store', async () => {
    for (const body of [
      { businessId: BUSINESS_ID, storeId: 424242 },
      { businessId: 2, storeId: LONDON.id },
    ]) {
      const res = await post('/time-slots', body)
      expect(res.status).toBe(404)
      expect(await errorOf(res)).toMatchObject({ code: 'not_found', message: 'Store not found' })
    }
  })

  it('says whether the store delivers where it was asked for, as the store details do', async () => {
    // A demo store: it delivers within its radius of central Manchester.
    const store = await env.DB.prepare(
      "select id from stores where slug = 'manchester-piccadilly'"
    ).first<{ id: number }>()
    const storeId = store?.id ?? 0
    expect((await list({ storeId })).atLocation).toBeNull()
    const details = await post('/stores/details', {
      businessId: BUSINESS_ID,
      storeId,
      postcode: 'M1 1AE',
      country: 'GB',
    })
    expect(details.status).toBe(200)
    const expected = ((await details.json()) as { atLocation: Record<string, unknown> }).atLocation
    const here = await list({ storeId, latitude: 53.4794, longitude: -2.2453, postcode: 'M1 1AE' })
    expect(here.atLocation).toMatchObject({
      postcode: 'M1 1AE',
      deliveryAvailable: true,
      deliveryFee: expected.deliveryFee,
      minimumSpend: expected.minimumSpend,
    })
    expect(expected.deliveryAvailable).toBe(true)
    // Wick: far outside the store's radius, as a reservation there would be refused.
    const far = await list({ storeId, latitude: 58.4414, longitude: -3.0929, postcode: 'KW1 4YT' })
    expect(far.atLocation?.deliveryAvailable).toBe(false)
  })

  it('says ASAP is unavailable when the store does not allow it', async () => {
    const answer = await list({ storeId: SLOT_STORES.noAsap.id })
    expect(answer.asap).toEqual({ available: false, estimatedAt: null, leadMinutes: 45 })
  })
})

describe('POST /time-slots/reserve', DATED, () => {
  it('holds a future slot for 15 minutes, takes a place and shows it in the list', async () => {
    const basket = await insertBasket(env.DB, LONDON.id)
    const date = tomorrow()
    const res = await post('/time-slots/reserve', {
      businessId: BUSINESS_ID,
      storeId: LONDON.id,
      basketToken: basket.token,
      timeSlotDate: date,
      timeSlotTime: '10:00',
      fulfilmentMethod: 'collection',
    })
    expect(res.status).toBe(200)
    const { reservation } = ReserveSlotResultSchema.parse(await res.json())
    expect(reservation).toMatchObject({
      type: 'future',
      storeId: LONDON.id,
      fulfilmentMethod: 'collection',
      timeSlotDate: date,
      timeSlotTime: '10:00',
      endTime: '11:00',
      status: 'held',
    })
    const held = Date.parse(reservation.expiresAt) - Date.now()
    expect(held).toBeGreaterThan(14 * 60_000)
    expect(held).toBeLessThanOrEqual(15 * 60_000)

    const answer = await list({
      storeId: LONDON.id,
      fulfilmentMethod: 'collection',
      startDate: date,
      endDate: date,
      basketToken: basket.token,
    })
    expect(slotOf(answer, date, '10:00').remaining).toBe(LONDON.capacity - 1)
    expect(slotOf(answer, date, '11:00').remaining).toBe(LONDON.capacity)
    expect(answer.reservation).toEqual(reservation)
    const row = await env.DB.prepare(
      'select fulfilment_timing, fulfilment_method, version from baskets where id = ?'
    )
      .bind(basket.id)
      .first()
    expect(row).toEqual({
      fulfilment_timing: 'future',
      fulfilment_method: 'collection',
      version: 2,
    })
  })

  it('reserves ASAP when no time is given', async () => {
    const basket = await insertBasket(env.DB, LONDON.id)
    const { today } = orderableDates('Europe/London', 7, new Date())
    const res = await post('/time-slots/reserve', {
      businessId: BUSINESS_ID,
      storeId: LONDON.id,
      basketToken: basket.token,
      timeSlotDate: today,
    })
    expect(res.status).toBe(200)
    const { reservation } = ReserveSlotResultSchema.parse(await res.json())
    expect(reservation).toMatchObject({ type: 'asap', timeSlotTime: null, status: 'held' })
    expect(Date.parse(reservation.startDate) - Date.now()).toBeGreaterThan(44 * 60_000)
    expect(await findBasketReservation(env.DB, basket.id, new Date())).toEqual(reservation)
  })

  it('answers the spec conflict when ASAP is not allowed, changing nothing', async () => {
    const basket = await insertBasket(env.DB, SLOT_STORES.noAsap.id)
    const before = await slotState(env.DB, SLOT_STORES.noAsap.id)
    const res = await post('/time-slots/reserve', {
      businessId: BUSINESS_ID,
      storeId: SLOT_STORES.noAsap.id,
      basketToken: basket.token,
      timeSlotDate: orderableDates('Europe/London', 7, new Date()).today,
    })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toBe('There was an error selecting default ASAP slot.')
    expect(await slotState(env.DB, SLOT_STORES.noAsap.id)).toEqual(before)
  })

  it('replaces the basket’s hold and gives the old place back', async () => {
    const basket = await insertBasket(env.DB, LONDON.id)
    const date = tomorrow()
    const reserve = (time: string) =>
      post('/time-slots/reserve', {
        businessId: BUSINESS_ID,
        storeId: LONDON.id,
        basketToken: basket.token,
        timeSlotDate: date,
        timeSlotTime: time,
      })
    expect((await reserve('14:00')).status).toBe(200)
    const second = ReserveSlotResultSchema.parse(await (await reserve('15:00')).json())
    expect(second.reservation.timeSlotTime).toBe('15:00')
    const answer = await list({ storeId: LONDON.id, startDate: date, endDate: date })
    expect(slotOf(answer, date, '14:00').remaining).toBe(LONDON.capacity)
    expect(slotOf(answer, date, '15:00').remaining).toBe(LONDON.capacity - 1)
    const statuses = await env.DB.prepare(
      'select status from slot_reservations where basket_id = ? order by id'
    )
      .bind(basket.id)
      .all()
    expect(statuses.results).toEqual([{ status: 'released' }, { status: 'held' }])
  })

  it('refuses a full slot with 409 slot_full and changes nothing', async () => {
    const date = tomorrow()
    const reserve = (token: string) =>
      post('/time-slots/reserve', {
        businessId: BUSINESS_ID,
        storeId: LONDON.id,
        basketToken: token,
        timeSlotDate: date,
        timeSlotTime: '18:00',
      })
    for (let i = 0; i < LONDON.capacity; i++) {
      expect((await reserve((await insertBasket(env.DB, LONDON.id)).token)).status).toBe(200)
    }
    // The loser already holds another slot: that hold must survive the failed attempt.
    const loser = await insertBasket(env.DB, LONDON.id)
    await post('/time-slots/reserve', {
      businessId: BUSINESS_ID,
      storeId: LONDON.id,
      basketToken: loser.token,
      timeSlotDate: date,
      timeSlotTime: '19:00',
    })
    const before = await slotState(env.DB, LONDON.id)
    const res = await reserve(loser.token)
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toMatchObject({
      code: 'conflict',
      message: 'There was an error reserving time slot.',
      details: { reason: 'slot_full' },
    })
    expect(await slotState(env.DB, LONDON.id)).toEqual(before)
    const answer = await list({ storeId: LONDON.id, startDate: date, endDate: date })
    expect(slotOf(answer, date, '18:00')).toMatchObject({ remaining: 0, available: false })
  })

  it('refuses bad input, unknown baskets, other stores and slots not offered', async () => {
    const basket = await insertBasket(env.DB, LONDON.id)
    const base = {
      businessId: BUSINESS_ID,
      storeId: LONDON.id,
      basketToken: basket.token,
      timeSlotDate: tomorrow(),
      timeSlotTime: '10:00',
    }
    const before = await tableCounts()
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ timeSlotDate: '2020-01-01' }, 422, MESSAGES.slotDateInvalid],
      [{ timeSlotTime: '25:00' }, 422, MESSAGES.validationError],
      [{ timeSlotTime: '10:30' }, 422, MESSAGES.slotReserveFailed],
      [{ timeSlotDate: '2099-01-01' }, 422, MESSAGES.slotReserveFailed],
      [{ basketToken: 'no-such-basket-token-123' }, 404, MESSAGES.basketNotFound],
      [{ storeId: SLOT_STORES.noAsap.id }, 422, MESSAGES.validationError],
      [{ storeId: 424242 }, 404, MESSAGES.storeNotFound],
    ]
    for (const [change, status, message] of cases) {
      const res = await post('/time-slots/reserve', { ...base, ...change })
      expect([change, res.status]).toEqual([change, status])
      expect((await errorOf(res)).message).toBe(message)
    }
    expect(await tableCounts()).toEqual(before)
  })
})

describe('expiry', DATED, () => {
  it('stops counting a lapsed hold at once; the next reservation sweeps it (route)', async () => {
    const basket = await insertBasket(env.DB, LONDON.id)
    const date = tomorrow()
    await post('/time-slots/reserve', {
      businessId: BUSINESS_ID,
      storeId: LONDON.id,
      basketToken: basket.token,
      timeSlotDate: date,
      timeSlotTime: '08:00',
    })
    // The hold lapsed a minute ago.
    await env.DB.prepare(
      `update slot_reservations set expires_at = ?2 where basket_id = ?1 and status = 'held'`
    )
      .bind(basket.id, new Date(Date.now() - 60_000).toISOString())
      .run()
    expect((await findBasketReservation(env.DB, basket.id, new Date()))?.status).toBe('expired')
    const answer = await list({ storeId: LONDON.id, startDate: date, endDate: date })
    expect(slotOf(answer, date, '08:00').remaining).toBe(LONDON.capacity)
    // Listing only reads; another shopper's reservation sweeps the store.
    const other = await insertBasket(env.DB, LONDON.id)
    await post('/time-slots/reserve', {
      businessId: BUSINESS_ID,
      storeId: LONDON.id,
      basketToken: other.token,
      timeSlotDate: date,
      timeSlotTime: '10:00',
    })
    const rows = await env.DB.prepare(
      `select r.status, t.reserved_count from slot_reservations r
       join time_slots t on t.id = r.time_slot_id where r.basket_id = ?`
    )
      .bind(basket.id)
      .all()
    expect(rows.results).toEqual([{ status: 'expired', reserved_count: 0 }])
  })

  it('gives the place back after 15 minutes on a fake clock', async () => {
    const date = tomorrow()
    const t0 = new Date(`${date}T00:00:00Z`)
    t0.setUTCDate(t0.getUTCDate() - 1)
    t0.setUTCHours(12)
    const store = SLOT_STORES.single.id
    const first = await insertBasket(env.DB, store)
    const second = await insertBasket(env.DB, store)
    const request = (token: string) => ({
      businessId: BUSINESS_ID,
      storeId: store,
      basketToken: token,
      fulfilmentMethod: 'delivery' as const,
      timeSlotDate: date,
      timeSlotTime: '09:00',
    })
    await reserveTimeSlot(env.DB, request(first.token), t0)
    const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000)
    await expect(reserveTimeSlot(env.DB, request(second.token), later(14))).rejects.toMatchObject({
      code: 'conflict',
    })
    const firstBasket = await findBasketByToken(env.DB, BUSINESS_ID, first.token)
    const listAt = (now: Date) =>
      listTimeSlots(
        env.DB,
        {
          businessId: BUSINESS_ID,
          storeId: store,
          fulfilmentMethod: 'delivery',
          startDate: date,
          endDate: date,
          basketToken: first.token,
        },
        firstBasket,
        now
      )
    expect(slotOf(await listAt(later(14)), date, '09:00').remaining).toBe(0)
    const expired = await listAt(later(15))
    expect(slotOf(expired, date, '09:00').remaining).toBe(1)
    // The shopper whose hold lapsed is told so.
    expect(expired.reservation?.status).toBe('expired')
    const { reservation } = await reserveTimeSlot(env.DB, request(second.token), later(16))
    expect(reservation.status).toBe('held')
    expect(reservation.expiresAt).toBe(later(31).toISOString())
  })
})

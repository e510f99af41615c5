import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES, formatMessage } from '../../../schemas/messages.ts'
import { TimeSlotListSchema } from '../../../schemas/slots.ts'
import { StorePauseSchema } from '../../../schemas/store-pause.ts'
import { StoreDetailsSchema } from '../../../schemas/stores.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import {
  call,
  orderBody,
  plainItem,
  readyBasket,
  guestBearer,
  seedCheckout,
  STORES,
} from '../checkout/fixtures.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'

/*
 * A store manager's pause (issue 44) against migrated D1: until its end shoppers see the store
 * taking preorders for after it, no ASAP and no slot before it, and checkout refuses an ASAP
 * order; at the end (by the app clock, nothing run) the store is open again.
 */

const STORE = STORES.main
let managerEmail: string
let pickerEmail: string

beforeAll(async () => {
  await seedCheckout(env.DB)
  managerEmail = (await seedStaff({ roles: [{ storeId: STORE, role: 'store_manager' }] })).email
  pickerEmail = (await seedStaff({ roles: [{ storeId: STORE, role: 'picker' }] })).email
})

afterEach(async () => {
  vi.useRealTimers()
  await env.DB.prepare('update stores set paused_until = null, pause_reason = null').run()
})

function at(instant: string): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false })
  vi.setSystemTime(new Date(instant))
}

/** Signs in at the current (test) instant: a token from another day would have lapsed. */
async function bearerOf(email: string): Promise<string> {
  return (await signIn(email)).access_token
}

async function pause(bearer: string, until: string, reason = 'Too busy: a coach party') {
  return call('/staff/stores/pause', { businessId: 1, storeId: STORE, until, reason }, { bearer })
}

async function availability() {
  const answer = await call('/stores/details', { businessId: 1, storeId: STORE })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return StoreDetailsSchema.parse(answer.json).availability
}

async function slots(date: string) {
  const answer = await call('/time-slots', {
    businessId: 1,
    storeId: STORE,
    fulfilmentMethod: 'collection',
    startDate: date,
    endDate: date,
  })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return TimeSlotListSchema.parse(answer.json)
}

describe('pausing new orders', () => {
  it('shows preorder until the end, no ASAP or earlier slot, then open again', async () => {
    at('2026-11-25T12:00:00.000Z')
    const manager = await bearerOf(managerEmail)
    const paused = await pause(manager, '2026-11-25T15:00:00.000Z')
    expect(paused.status, JSON.stringify(paused.json)).toBe(200)
    expect(StorePauseSchema.parse(paused.json)).toMatchObject({
      pausedUntil: '2026-11-25T15:00:00.000Z',
      reason: 'Too busy: a coach party',
    })
    expect(await availability()).toMatchObject({
      state: 'preorder',
      opensAt: '2026-11-25T15:00:00+00:00',
    })
    const list = await slots('2026-11-25')
    expect(list.asap.available).toBe(false)
    expect(list.days[0]?.slots[0]?.timeSlotTime).toBe('15:00')

    const audit = await env.DB.prepare(
      `select action, entity_id, summary from operator_audit where action like 'store.%'
       order by id desc limit 1`
    ).first<{ action: string; entity_id: number; summary: string }>()
    expect(audit).toMatchObject({ action: 'store.pause', entity_id: STORE })
    expect(audit?.summary).toContain('Too busy: a coach party')

    at('2026-11-25T15:00:00.000Z')
    expect((await availability()).state).toBe('open')
    expect((await slots('2026-11-25')).asap.available).toBe(true)
  })

  it('ends exactly at the spring clock change, in the store’s own time', async () => {
    // 00:30 GMT; at 01:00 GMT the clocks go to 02:00 BST.
    at('2027-03-28T00:30:00.000Z')
    const manager = await bearerOf(managerEmail)
    expect((await pause(manager, '2027-03-28T02:00:00+01:00')).status).toBe(200)
    expect(await availability()).toMatchObject({
      state: 'preorder',
      opensAt: '2027-03-28T02:00:00+01:00',
    })
    expect((await slots('2027-03-28')).days[0]?.slots[0]?.timeSlotTime).toBe('02:00')
    at('2027-03-28T00:59:59.000Z')
    expect((await availability()).state).toBe('preorder')
    at('2027-03-28T01:00:00.000Z')
    expect((await availability()).state).toBe('open')
  })

  it('refuses an end in the past or too far ahead, a blank reason and a picker, writing nothing', async () => {
    at('2026-11-25T12:00:00.000Z')
    const manager = await bearerOf(managerEmail)
    const picker = await bearerOf(pickerEmail)
    const before = await fingerprint()
    for (const [until, reason] of [
      ['2026-11-25T11:00:00.000Z', 'Busy'],
      ['2026-12-03T12:00:00.000Z', 'Busy'],
      ['2026-11-25T13:00:00.000Z', '   '],
    ] as const) {
      const answer = await pause(manager, until, reason)
      expect(answer.status).toBe(422)
      const message = ApiErrorSchema.parse(answer.json).error.fields?.[0]?.message
      expect([
        formatMessage('storePauseUntilInvalid', 7),
        formatMessage('storePauseReasonRequired', 200),
      ]).toContain(message)
    }
    expect((await pause(picker, '2026-11-25T13:00:00.000Z')).status).toBe(403)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })
})

describe('checkout while paused', () => {
  it('refuses a new ASAP order with the spec’s message, and takes it after the end', async () => {
    at('2026-11-25T12:00:00.000Z')
    const item = await plainItem(100, 2000)
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const asap = await call('/time-slots/reserve', {
      businessId: 1,
      storeId: STORE,
      basketToken: ready.token,
      fulfilmentMethod: ready.method,
      timeSlotDate: ready.date,
    })
    expect(asap.status, JSON.stringify(asap.json)).toBe(200)
    const manager = await bearerOf(managerEmail)
    expect((await pause(manager, '2026-11-25T12:10:00.000Z')).status).toBe(200)
    const asapOrder = orderBody(ready, {
      fulfilmentDetails: { timing: 'asap', timeSlotDate: ready.date },
    })
    const guest = await guestBearer()
    const refused = await call('/checkout/process-order', asapOrder, { bearer: guest })
    expect(refused.status, JSON.stringify(refused.json)).toBe(409)
    const error = ApiErrorSchema.parse(refused.json).error
    expect(error.message).toBe(MESSAGES.storeClosedCheckout)
    expect(error.details).toEqual({ reason: 'store_closed' })

    at('2026-11-25T12:10:00.000Z')
    const placed = await call(
      '/checkout/process-order',
      {
        ...asapOrder,
        idempotencyKey: crypto.randomUUID(),
      },
      { bearer: guest }
    )
    expect(placed.status, JSON.stringify(placed.json)).toBe(200)
  })
})

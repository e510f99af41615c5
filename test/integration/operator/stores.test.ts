import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { OperatorStoreSchema, type OperatorStore } from '../../../schemas/operator-stores.ts'
import { StoreDetailsSchema, StoreSearchResultSchema } from '../../../schemas/stores.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { auditRows, call, operatorCall, type OperatorWorld, operatorWorld } from './fixtures.ts'

/*
 * The operator console's stores (ADR 027) against migrated D1: a store is created with the
 * geocoder's coordinates, given hours, zones and closures, switched, and then found by shoppers.
 */

let world: OperatorWorld

beforeAll(async () => {
  world = await operatorWorld()
})

afterEach(() => {
  vi.useRealTimers()
})

function at(instant: string): void {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(instant))
}

const EXETER = {
  name: 'Exeter High Street',
  slug: 'exeter-high-street',
  phone: '01392 665 500',
  email: 'exeter@example.com',
  addressLine1: '1 High Street',
  town: 'Exeter',
  county: 'Devon',
  postcode: 'ex1 1aa',
  timeZone: 'Europe/London',
  isActive: true,
}

async function change(path: string, body: Record<string, unknown>): Promise<OperatorStore> {
  const answer = await operatorCall(path, body, world.operator)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return OperatorStoreSchema.parse(answer.json)
}

/** A refused change: its status, its field errors, and nothing written. */
async function refused(path: string, body: Record<string, unknown>, status = 422) {
  const before = await fingerprint()
  const answer = await operatorCall(path, body, world.operator)
  expect(answer.status, JSON.stringify(answer.json)).toBe(status)
  expect(changedTables(before, await fingerprint())).toEqual([])
  const error = (answer.json as { error: { fields?: Array<{ field: string; message: string }> } })
    .error
  return Object.fromEntries((error.fields ?? []).map((f) => [f.field, f.message]))
}

let exeter: OperatorStore

/** The new store's availability as the shop's store details answer it (no staff token). */
async function shopperAvailability() {
  const answer = await call('/stores/details', { businessId: 1, storeId: exeter.id })
  expect(answer.status).toBe(200)
  return StoreDetailsSchema.parse(answer.json).availability
}

/** A date `days` from the run's pinned today (test/setup/pin-clock.ts; UTC, ±1 day of London's). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe('creating a store', () => {
  it('refuses a bad phone, email, postcode, slug and time zone, writing nothing', async () => {
    const fields = await refused('/staff/operator/stores/create', {
      ...EXETER,
      phone: '12345',
      email: 'not-an-email',
      slug: 'Not A Slug',
      timeZone: 'Mars/Olympus',
    })
    expect(fields).toMatchObject({
      phone: 'Phone number is invalid',
      slug: 'Use lower-case letters, digits and hyphens.',
      timeZone: 'Choose a time zone.',
    })
    expect(fields.email).toBeDefined()
    const postcode = await refused('/staff/operator/stores/create', { ...EXETER, postcode: 'ZZ' })
    expect(postcode.postcode).toBe('ZZ is not a valid postcode')
  })

  it('locates the postcode with the geocoder, for the operator to confirm', async () => {
    const answer = await operatorCall(
      '/staff/operator/stores/locate',
      { postcode: 'ex1 1aa' },
      world.operator
    )
    expect(answer.json).toEqual({
      postcode: 'EX1 1AA',
      latitude: 50.72622,
      longitude: -3.52221,
      precision: 'outcode',
    })
  })

  it('creates it with the geocoded coordinates, closed until it has hours, and audits it', async () => {
    exeter = await change('/staff/operator/stores/create', EXETER)
    expect(exeter).toMatchObject({
      name: 'Exeter High Street',
      postcode: 'EX1 1AA',
      latitude: 50.72622,
      longitude: -3.52221,
      phone: '01392 665 500',
      hours: [],
      availability: { state: 'closed' },
    })
    const [row] = await auditRows()
    expect(row).toMatchObject({
      staff_id: world.operatorStaffId,
      action: 'store.create',
      entity: 'store',
      entity_id: exeter.id,
      before_json: null,
      summary: 'Store Exeter High Street added',
    })
  })

  it('keeps slugs unique per business', async () => {
    const fields = await refused('/staff/operator/stores/create', {
      ...EXETER,
      latitude: 50.7,
      longitude: -3.5,
    })
    expect(fields.slug).toBe('Another store already uses this web address.')
  })

  it('takes coordinates the operator adjusted', async () => {
    const moved = await change('/staff/operator/stores/update', {
      ...EXETER,
      storeId: exeter.id,
      latitude: 50.7237,
      longitude: -3.5275,
    })
    expect(moved).toMatchObject({ latitude: 50.7237, longitude: -3.5275, postcode: 'EX1 1AA' })
    expect((await auditRows())[0]).toMatchObject({ action: 'store.update', entity_id: exeter.id })
  })
})

describe('opening hours', () => {
  const week = (opensAt: string, closesAt: string) =>
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, ranges: [{ opensAt, closesAt }] }))

  // Many requests in turn: more than the default 5 s when two files share busy cores.
  it(
    'refuses overlapping ranges, bad times and empty ranges, writing nothing',
    { timeout: 20_000 },
    async () => {
      const overlap = await refused('/staff/operator/stores/hours', {
        storeId: exeter.id,
        method: 'store',
        days: [
          {
            dayOfWeek: 0,
            ranges: [
              { opensAt: '08:00', closesAt: '13:00' },
              { opensAt: '12:00', closesAt: '18:00' },
            ],
          },
        ],
      })
      expect(overlap['days.0.ranges']).toBe('These ranges overlap: make them follow each other.')
      const bad = await refused('/staff/operator/stores/hours', {
        storeId: exeter.id,
        method: 'store',
        days: [{ dayOfWeek: 1, ranges: [{ opensAt: '25:00', closesAt: '09:00' }] }],
      })
      expect(bad['days.0.ranges.0.opensAt']).toBe('Enter times as HH:MM, for example 09:00.')
      const same = await refused('/staff/operator/stores/hours', {
        storeId: exeter.id,
        method: 'store',
        days: [{ dayOfWeek: 1, ranges: [{ opensAt: '09:00', closesAt: '09:00' }] }],
      })
      expect(same['days.0.ranges.0.closesAt']).toBe(
        'A range must open and close at different times.'
      )
    }
  )

  it('takes ranges that follow each other and ranges past midnight', async () => {
    const store = await change('/staff/operator/stores/hours', {
      storeId: exeter.id,
      method: 'store',
      days: [
        {
          dayOfWeek: 4,
          ranges: [
            { opensAt: '18:00', closesAt: '02:00' },
            { opensAt: '08:00', closesAt: '12:00' },
            { opensAt: '12:00', closesAt: '15:00' },
          ],
        },
      ],
    })
    expect(store.hours.filter((h) => h.dayOfWeek === 4)).toHaveLength(3)
    expect((await auditRows())[0]).toMatchObject({ action: 'store.hours', entity_id: exeter.id })
  })

  it('is open by its hours in its own time zone across the clock change', async () => {
    await change('/staff/operator/stores/hours', {
      storeId: exeter.id,
      method: 'store',
      days: week('09:00', '17:00'),
    })
    // Sunday 28 March 2027: clocks go forward at 01:00 UTC, so 08:30 UTC is 09:30 BST. The
    // shop's own answer, as the operator's token would not outlive the jump in time.
    at('2027-03-28T08:30:00Z')
    expect(await shopperAvailability()).toMatchObject({
      state: 'open',
      closesAt: '2027-03-28T17:00:00+01:00',
    })
    // 16:30 UTC is 17:30 BST: closed (it would be open if the hours were read as GMT).
    at('2027-03-28T16:30:00Z')
    expect((await shopperAvailability()).state).not.toBe('open')
    // The Saturday before, still GMT: 08:30 UTC is 08:30, before opening.
    at('2027-03-27T08:30:00Z')
    expect((await shopperAvailability()).state).not.toBe('open')
  })
})

describe('fulfilment, zones, closures and the switch', () => {
  const FULFILMENT = {
    deliveryEnabled: true,
    collectionEnabled: true,
    deliveryRadiusKm: null,
    deliveryFee: 250,
    collectionFee: 0,
    serviceFee: 75,
    freeDeliveryThreshold: 4000,
    minimumSpend: 1500,
    collectionMinimumSpend: 500,
    asapEnabled: false,
    deliveryLeadMinutes: 60,
    collectionLeadMinutes: 15,
    slotDurationMinutes: 30,
    slotCapacity: 4,
    daysInAdvance: 5,
    maxBasketItems: 60,
    acceptsCard: true,
    acceptsApplePay: false,
    acceptsGooglePay: true,
    acceptsCash: true,
  }

  it('changes fees (pence), slots and payments, and refuses a slot length out of 15-240', async () => {
    const store = await change('/staff/operator/stores/fulfilment', {
      ...FULFILMENT,
      storeId: exeter.id,
    })
    expect(store).toMatchObject(FULFILMENT)
    const fields = await refused('/staff/operator/stores/fulfilment', {
      ...FULFILMENT,
      storeId: exeter.id,
      slotDurationMinutes: 10,
      daysInAdvance: 31,
    })
    expect(Object.keys(fields).sort()).toEqual(['daysInAdvance', 'slotDurationMinutes'])
  })

  it('adds outcode and radius zones, refuses an unknown outcode, and edits and removes', async () => {
    const unknown = await refused('/staff/operator/stores/zones/save', {
      storeId: exeter.id,
      kind: 'outcode',
      outcode: 'ZZ9',
      deliveryFee: null,
      minimumSpend: null,
      isActive: true,
    })
    expect(unknown.outcode).toBe('ZZ9 is not a UK postcode district.')
    const withZone = await change('/staff/operator/stores/zones/save', {
      storeId: exeter.id,
      kind: 'outcode',
      outcode: 'ex1',
      deliveryFee: 199,
      minimumSpend: null,
      isActive: true,
    })
    expect(withZone.zones).toEqual([
      expect.objectContaining({
        kind: 'outcode',
        outcode: 'EX1',
        deliveryFee: 199,
        radiusKm: null,
      }),
    ])
    const radius = await change('/staff/operator/stores/zones/save', {
      storeId: exeter.id,
      kind: 'radius',
      radiusKm: 3,
      deliveryFee: null,
      minimumSpend: 2000,
      isActive: false,
    })
    const radiusZone = radius.zones.find((zone) => zone.kind === 'radius')
    expect(radiusZone).toMatchObject({ radiusKm: 3, isActive: false, minimumSpend: 2000 })
    const edited = await change('/staff/operator/stores/zones/save', {
      storeId: exeter.id,
      zoneId: radiusZone?.id,
      kind: 'radius',
      radiusKm: 4.5,
      deliveryFee: 300,
      minimumSpend: null,
      isActive: true,
    })
    expect(edited.zones.find((zone) => zone.id === radiusZone?.id)).toMatchObject({
      radiusKm: 4.5,
      deliveryFee: 300,
    })
    const removed = await change('/staff/operator/stores/zones/remove', {
      storeId: exeter.id,
      zoneId: radiusZone?.id,
    })
    expect(removed.zones).toHaveLength(1)
    expect((await auditRows())[0]).toMatchObject({ action: 'store.zone_remove' })
  })

  it("answers 404 for another store's zone named with our store", async () => {
    const other = await env.DB.prepare(
      `insert into delivery_zones (store_id, kind, outcode) values (?1, 'outcode', 'M1') returning id`
    )
      .bind(world.other.storeId)
      .first<{ id: number }>()
    await refused(
      '/staff/operator/stores/zones/remove',
      { storeId: exeter.id, zoneId: other?.id },
      404
    )
  })

  it('adds closures from today on, refuses past and repeated dates, and removes them', async () => {
    const past = await refused('/staff/operator/stores/closures/add', {
      storeId: exeter.id,
      closedOn: dayFromToday(-2),
      reason: 'Too late',
    })
    expect(past.closedOn).toBe('Choose today or a later date.')
    const closed = await change('/staff/operator/stores/closures/add', {
      storeId: exeter.id,
      closedOn: dayFromToday(3),
      reason: 'Stocktake',
    })
    expect(closed.closures).toEqual([
      expect.objectContaining({ closedOn: dayFromToday(3), reason: 'Stocktake' }),
    ])
    const again = await refused('/staff/operator/stores/closures/add', {
      storeId: exeter.id,
      closedOn: dayFromToday(3),
      reason: null,
    })
    expect(again.closedOn).toBe('The store is already closed on this date.')
    const reopened = await change('/staff/operator/stores/closures/remove', {
      storeId: exeter.id,
      closureId: closed.closures[0]?.id,
    })
    expect(reopened.closures).toEqual([])
  })

  it('switches the store closed whatever its hours say, and open again', async () => {
    const closed = await change('/staff/operator/stores/switch', {
      storeId: exeter.id,
      temporarilyClosed: true,
    })
    expect(closed).toMatchObject({ temporarilyClosed: true, availability: { state: 'closed' } })
    expect((await auditRows())[0]).toMatchObject({
      action: 'store.switch',
      before_json: '{"temporarilyClosed":false}',
      after_json: '{"temporarilyClosed":true}',
    })
    const open = await change('/staff/operator/stores/switch', {
      storeId: exeter.id,
      temporarilyClosed: false,
    })
    expect(open.temporarilyClosed).toBe(false)
    at('2027-03-28T08:30:00Z')
    expect((await shopperAvailability()).state).toBe('open')
  })
})

describe('shoppers find the new store', () => {
  it('by postcode through store search, delivering to its zone and open by its hours', async () => {
    at('2027-03-28T08:30:00Z')
    const search = await call('/stores/search', {
      businessId: 1,
      postcode: 'EX1 2AB',
      country: 'GB',
    })
    expect(search.status).toBe(200)
    const result = StoreSearchResultSchema.parse(search.json)
    expect(result.stores[0]).toMatchObject({
      id: exeter.id,
      name: 'Exeter High Street',
      availability: { state: 'open' },
      delivery: { availableToLocation: true, fee: 199, minimumSpend: 1500 },
      serviceFee: 75,
    })
  })

  it("lists only the caller's stores", async () => {
    const answer = await operatorCall('/staff/operator/stores/list', {}, world.operator)
    const ids = (answer.json as { stores: Array<{ id: number }> }).stores.map((s) => s.id)
    expect(ids).toContain(exeter.id)
    expect(ids).not.toContain(world.other.storeId)
  })
})

import { describe, expect, it } from 'vitest'
import { formatMessage } from '../../../schemas/messages.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import {
  deliveryTo,
  type DeliveryZone,
  requireDeliveryTo,
  type StoreDeliveryTerms,
} from '../../../worker/backend/stores/delivery.ts'

// Manchester Piccadilly-ish store; places are about 1 km, 3.4 km and 10 km away.
const STORE: StoreDeliveryTerms = {
  location: { latitude: 53.4808, longitude: -2.2426 },
  enabled: true,
  radiusKm: 5,
  fee: 199,
  minimumSpend: 1000,
}
const NEAR = { latitude: 53.4898, longitude: -2.2426, postcode: 'M4 1AA' }
const HULME = { latitude: 53.4668, longitude: -2.2896, postcode: 'M15 5AB' }
const FAR = { latitude: 53.5708, longitude: -2.2426, postcode: 'BL9 0AA' }

const radius = (radiusKm: number, fee: number | null = null, min: number | null = null) =>
  ({
    kind: 'radius',
    radiusKm,
    outcode: null,
    deliveryFee: fee,
    minimumSpend: min,
  }) satisfies DeliveryZone
const outcode = (code: string, fee: number | null = null, min: number | null = null) =>
  ({
    kind: 'outcode',
    radiusKm: null,
    outcode: code,
    deliveryFee: fee,
    minimumSpend: min,
  }) satisfies DeliveryZone

describe('deliveryTo', () => {
  it("uses the store's own radius when it has no zones", () => {
    const near = deliveryTo(STORE, [], NEAR)
    expect(near).toMatchObject({ available: true, fee: 199, minimumSpend: 1000 })
    expect(near.distanceKm).toBeCloseTo(1.0, 1)
    expect(deliveryTo(STORE, [], FAR)).toMatchObject({ available: false, fee: 199 })
    expect(deliveryTo({ ...STORE, radiusKm: null }, [], NEAR).available).toBe(false)
  })

  it('delivers inside a radius zone and not outside it, ignoring the store radius', () => {
    expect(deliveryTo(STORE, [radius(2)], NEAR).available).toBe(true)
    expect(deliveryTo(STORE, [radius(2)], HULME).available).toBe(false)
    expect(deliveryTo({ ...STORE, radiusKm: 50 }, [radius(2)], FAR).available).toBe(false)
  })

  it("delivers to a whole outcode zone beyond the radius, with the zone's fee", () => {
    const zones = [radius(2), outcode('M15', 299)]
    expect(deliveryTo(STORE, zones, HULME)).toMatchObject({
      available: true,
      fee: 299,
      minimumSpend: 1000,
    })
    // An outcode-only location ('M15') matches the zone too.
    expect(deliveryTo(STORE, zones, { ...HULME, postcode: 'm15' }).available).toBe(true)
    // No postcode: only the radius zones can match.
    expect(deliveryTo(STORE, zones, { ...HULME, postcode: null }).available).toBe(false)
  })

  it('takes the cheapest matching zone for the shopper', () => {
    const zones = [radius(5, 350, 0), outcode('M4', 150, 2000), radius(2, 150, 500)]
    expect(deliveryTo(STORE, zones, NEAR)).toMatchObject({ fee: 150, minimumSpend: 500 })
  })

  it('lets a zone minimum override the store minimum', () => {
    expect(deliveryTo(STORE, [radius(3, null, 0)], NEAR)).toMatchObject({
      fee: 199,
      minimumSpend: 0,
    })
  })

  it('never delivers when delivery is disabled', () => {
    expect(deliveryTo({ ...STORE, enabled: false }, [radius(10)], NEAR)).toMatchObject({
      available: false,
      fee: 199,
      minimumSpend: 1000,
    })
  })
})

describe('requireDeliveryTo', () => {
  const store = (collects: boolean, latitude: number | null = STORE.location.latitude) => ({
    name: 'Piccadilly',
    location: { latitude, longitude: STORE.location.longitude },
    delivery: { enabled: true, radiusKm: 5, fee: 199, minimumSpend: 1000 },
    collection: { enabled: collects },
  })

  function refusal(run: () => unknown): AppError {
    try {
      run()
    } catch (error) {
      if (error instanceof AppError) return error
      throw error
    }
    throw new Error('not refused')
  }

  it("answers the zone's terms inside the area", () => {
    expect(requireDeliveryTo(store(true), [outcode('M4', 399, 2500)], NEAR)).toMatchObject({
      available: true,
      fee: 399,
      minimumSpend: 2500,
    })
  })

  it('refuses outside it, offering collection only when the store collects', () => {
    const collects = refusal(() => requireDeliveryTo(store(true), [], FAR))
    expect(collects.code).toBe('conflict')
    expect(collects.message).toBe(
      formatMessage('deliveryOutsideAreaCollect', 'Piccadilly', 'BL9 0AA')
    )
    expect(collects.details).toEqual({
      reason: 'outside_delivery_area',
      collectionAvailable: true,
    })
    expect(collects.fields).toEqual([{ field: 'address.postcode', message: collects.message }])
    const elsewhere = refusal(() => requireDeliveryTo(store(false), [radius(2)], HULME))
    expect(elsewhere.message).toBe(formatMessage('deliveryOutsideArea', 'Piccadilly', 'M15 5AB'))
  })

  it('refuses a store without coordinates, which cannot measure a distance', () => {
    expect(refusal(() => requireDeliveryTo(store(true, null), [], NEAR)).code).toBe('conflict')
  })
})

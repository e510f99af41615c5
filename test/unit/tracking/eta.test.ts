import { describe, expect, it } from 'vitest'
import {
  distanceAndEta,
  etaMinutes,
  ROAD_DETOUR_FACTOR,
  STOP_ALLOWANCE_MINUTES,
  trackingDistanceKm,
  URBAN_SPEED_KMH,
} from '../../../worker/backend/tracking/eta.ts'

describe('the arrival estimate', () => {
  it('is the stop allowance at the door', () => {
    expect(etaMinutes(0)).toBe(STOP_ALLOWANCE_MINUTES)
  })

  it('drives the road distance (great circle × detour) at the urban speed, rounded up', () => {
    // 5 km straight → 6.5 km of road at 25 km/h = 15.6 min → 16, plus the stop.
    expect(ROAD_DETOUR_FACTOR * 5).toBeCloseTo(6.5)
    expect(URBAN_SPEED_KMH).toBe(25)
    expect(etaMinutes(5)).toBe(16 + STOP_ALLOWANCE_MINUTES)
    expect(etaMinutes(1)).toBe(Math.ceil((1.3 / 25) * 60) + STOP_ALLOWANCE_MINUTES)
  })

  it('never goes below the stop allowance, and grows with distance', () => {
    expect(etaMinutes(-1)).toBe(STOP_ALLOWANCE_MINUTES)
    expect(etaMinutes(2)).toBeLessThan(etaMinutes(3))
  })

  it('measures km to 0.1 between two points (Manchester Piccadilly → Deansgate ≈ 1.3 km)', () => {
    const km = trackingDistanceKm({ lat: 53.4774, lng: -2.2309 }, { lat: 53.4743, lng: -2.2507 })
    expect(km).toBeGreaterThan(1.2)
    expect(km).toBeLessThan(1.5)
    expect(Math.round(km * 10) / 10).toBe(km)
  })

  it('has nothing to say without a start or a door', () => {
    const store = { lat: 53.48, lng: -2.24 }
    expect(distanceAndEta(null, store)).toEqual({ distanceKm: null, etaMinutes: null })
    expect(distanceAndEta(store, null)).toEqual({ distanceKm: null, etaMinutes: null })
    expect(distanceAndEta(store, store)).toEqual({ distanceKm: 0, etaMinutes: 3 })
  })
})

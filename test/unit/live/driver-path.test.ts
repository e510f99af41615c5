import { describe, expect, it } from 'vitest'
import { UK_BOUNDS } from '../../../schemas/live.ts'
import {
  deliveryRoute,
  distanceMetres,
  fixesEvery,
  positionAt,
  routeLength,
  SIMULATED_FIX_INTERVAL_SECONDS,
  SIMULATED_SPEED_MPS,
} from '../../../worker/live/driver-path.ts'

// The Corner store at Piccadilly and an address in Ancoats, Manchester: about 1.5 km apart.
const STORE = { lat: 53.4808, lng: -2.2426 }
const ADDRESS = { lat: 53.4839, lng: -2.2251 }

describe('the simulated road', () => {
  const route = deliveryRoute(STORE, ADDRESS)

  it('runs from the store to the address through bends', () => {
    expect(route[0]).toEqual(STORE)
    expect(route.at(-1)).toEqual(ADDRESS)
    expect(route.length).toBeGreaterThan(2)
    // Longer than the crow flies, but not absurdly (a street detour, not a tour).
    const straight = distanceMetres(STORE, ADDRESS)
    expect(routeLength(route)).toBeGreaterThan(straight)
    expect(routeLength(route)).toBeLessThan(straight * 1.5)
  })

  it('measures distances like a map', () => {
    // One degree of latitude is about 111 km anywhere.
    expect(distanceMetres({ lat: 53, lng: -2 }, { lat: 54, lng: -2 })).toBeCloseTo(111_195, -2)
    expect(distanceMetres(STORE, STORE)).toBe(0)
  })

  it('starts at the store and ends at the door, arrived', () => {
    expect(positionAt(route, 0)).toEqual({ ...STORE, arrived: false })
    expect(positionAt(route, -5)).toEqual({ ...STORE, arrived: false })
    const late = positionAt(route, 3600)
    expect(late).toEqual({ ...ADDRESS, arrived: true })
  })

  it('sends a fix every few seconds at a town speed, never jumping', () => {
    const fixes = fixesEvery(route)
    const step = SIMULATED_SPEED_MPS * SIMULATED_FIX_INTERVAL_SECONDS
    // About one fix per step of the road, plus the one at the door.
    expect(fixes.length).toBe(Math.ceil(routeLength(route) / step) + 1)
    for (let i = 1; i < fixes.length; i += 1) {
      const previous = fixes[i - 1]
      const current = fixes[i]
      if (!previous || !current) throw new Error('fixes are contiguous')
      // A straight line between two fixes is never longer than the road driven between them.
      expect(distanceMetres(previous, current)).toBeLessThanOrEqual(step + 0.01)
    }
    expect(fixes.filter((fix) => fix.arrived)).toHaveLength(1)
    expect(fixes.at(-1)).toEqual({ ...ADDRESS, arrived: true })
  })

  it('stays in the UK between two UK points', () => {
    for (const fix of fixesEvery(route)) {
      expect(fix.lat).toBeGreaterThanOrEqual(UK_BOUNDS.south)
      expect(fix.lat).toBeLessThanOrEqual(UK_BOUNDS.north)
      expect(fix.lng).toBeGreaterThanOrEqual(UK_BOUNDS.west)
      expect(fix.lng).toBeLessThanOrEqual(UK_BOUNDS.east)
    }
  })

  it('arrives at once when the address is the store', () => {
    expect(fixesEvery(deliveryRoute(STORE, STORE))).toEqual([{ ...STORE, arrived: true }])
  })
})

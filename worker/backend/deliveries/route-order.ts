import type { Coordinates } from '../../../schemas/location.ts'
import type { StoreOrderSlot } from '../../../schemas/store-orders.ts'
import { distanceKm } from '../geo.ts'

/*
 * The driver's round (ADR 017 "The driver's route"): pure, no I/O. A slot is a promise to the
 * shopper, so the stops go window by window (as soon as possible first, then each slot in time
 * order; a later slot is never visited before an earlier one ends). Inside a window the driver
 * goes to the nearest stop not yet visited, from where they are (the store for the first stop):
 * nearest neighbour by great-circle distance, good enough for a handful of doors and explainable
 * to the driver. A stop without coordinates cannot be placed, so it keeps its slot order at the
 * end of its window.
 */

/** When the stop is due: the order's slot as the board shows it (asap, or store-local times). */
export type RouteWindow = StoreOrderSlot

export interface RouteStopInput {
  orderId: number
  window: RouteWindow
  /** When the order was placed (ISO instant): slot order inside a window. */
  placedAt: string
  /** The delivery address's position; null when it was never located. */
  location: Coordinates | null
}

export interface RouteStop<T extends RouteStopInput> {
  stop: T
  /** 1 for the first stop. */
  number: number
  /** From the previous stop (the store for the first), null when either has no coordinates. */
  distanceKm: number | null
}

/** Sorts windows in time: asap first, then by date, start, end (fixed-width strings compare). */
function windowKey(window: RouteWindow): string {
  return window.kind === 'asap' ? '0' : `1 ${window.date} ${window.startsAt} ${window.endsAt}`
}

/** Slot order: windows in time, inside one the order placed first, then the lower id. */
function slotOrder(a: RouteStopInput, b: RouteStopInput): number {
  const byWindow = windowKey(a.window).localeCompare(windowKey(b.window))
  if (byWindow !== 0) return byWindow
  if (a.placedAt !== b.placedAt) return a.placedAt < b.placedAt ? -1 : 1
  return a.orderId - b.orderId
}

/** The stops in the order to drive them, numbered, each with its distance from the previous. */
export function routeOrder<T extends RouteStopInput>(
  store: Coordinates,
  stops: ReadonlyArray<T>
): Array<RouteStop<T>> {
  const windows = new Map<string, Array<T>>()
  for (const stop of [...stops].sort(slotOrder)) {
    const key = windowKey(stop.window)
    windows.set(key, [...(windows.get(key) ?? []), stop])
  }
  const route: Array<RouteStop<T>> = []
  // Where the driver is for choosing the next stop (the last place known), and the previous
  // stop's own position for its distance (null after a stop that has none).
  let here: Coordinates = store
  let previous: Coordinates | null = store
  const visit = (stop: T): void => {
    const { location } = stop
    route.push({
      stop,
      number: route.length + 1,
      distanceKm: location && previous ? distanceKm(previous, location) : null,
    })
    previous = location
    if (location) here = location
  }
  for (const window of windows.values()) {
    const left = window.flatMap((stop) => (stop.location ? [{ stop, at: stop.location }] : []))
    while (left.length > 0) {
      // Strictly nearer only: on a tie the stop earlier in slot order goes first.
      let best = 0
      let bestKm = Infinity
      left.forEach(({ at }, i) => {
        const km = distanceKm(here, at)
        if (km < bestKm) [best, bestKm] = [i, km]
      })
      for (const { stop } of left.splice(best, 1)) visit(stop)
    }
    window.filter((stop) => stop.location === null).forEach(visit)
  }
  return route
}

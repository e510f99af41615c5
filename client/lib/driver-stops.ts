import type { DriverRouteStop } from '../../schemas/driver-route.ts'
import { distanceLabel } from './format.ts'

/**
 * A stop of the driver's round: 'Stop 2 · 1.3 miles' from the previous stop (the store for the
 * first), in the unit of the store's country like every distance the shop shows; 'Stop 3' alone
 * when either place was never located.
 */
export function stopLabel(stop: Omit<DriverRouteStop, 'orderId'>, countryCode: string): string {
  const label = `Stop ${stop.stop}`
  return stop.distanceKm === null
    ? label
    : `${label} · ${distanceLabel(stop.distanceKm, countryCode)}`
}

import { useEffect, useState } from 'react'
import { MESSAGES } from '../../schemas/messages.ts'
import type { IslandProps } from '../components/Island.tsx'
import { postJson } from '../lib/api.ts'

export interface DriverLocationProps extends IslandProps {
  storeId: number
  orderId: number
  /** The console's proxy for the location call (POST, same origin). */
  locationApi: string
}

/** At most one position every this many milliseconds: enough for a map, easy on the battery. */
const SEND_EVERY_MS = 5000

/**
 * While a delivery is en route, shares the phone's position (watchPosition) with the store and
 * the shopper's tracking, at most every few seconds. Stops when the page goes away.
 */
export function DriverLocation({ storeId, orderId, locationApi }: DriverLocationProps) {
  const [state, setState] = useState<'starting' | 'sharing' | 'failed'>('starting')
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      // After this render, not during it: the message replaces the server's.
      const later = setTimeout(() => setState('failed'), 0)
      return () => clearTimeout(later)
    }
    let lastSent = 0
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const now = position.timestamp
        if (now - lastSent < SEND_EVERY_MS) return
        lastSent = now
        postJson(locationApi, {
          storeId,
          orderId,
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
          at: new Date(position.timestamp).toISOString(),
        }).then(
          () => setState('sharing'),
          () => setState('failed')
        )
      },
      () => setState('failed'),
      { enableHighAccuracy: true, maximumAge: SEND_EVERY_MS }
    )
    return () => navigator.geolocation.clearWatch(watch)
  }, [storeId, orderId, locationApi])
  return (
    <p role="status" className="mt-3 rounded-xl bg-tint p-3 text-sm font-semibold">
      {state === 'failed'
        ? MESSAGES.driverLocationFailed
        : state === 'sharing'
          ? 'Sharing your location with the store while you are en route.'
          : 'Starting to share your location…'}
    </p>
  )
}

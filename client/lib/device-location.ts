import { MESSAGES } from '../../schemas/messages.ts'
import { storeSearchFlowPath, type StoreSearchVariant } from './store-search.ts'

/** Spec §8 Device location: the inline message when the browser cannot tell where the device is. */
export function deviceLocationFailedMessage(variant: StoreSearchVariant): string {
  return variant === 'address' ? MESSAGES.deviceLocationAddress : MESSAGES.deviceLocationPostcode
}

/**
 * Asks the browser where the device is and resolves with the store search flow URL for that
 * position; rejects with the spec's message when geolocation is unsupported, refused or fails.
 */
export function deviceLocationSearchPath(
  variant: StoreSearchVariant,
  returnTo?: string
): Promise<string> {
  const failed = () => new Error(deviceLocationFailedMessage(variant))
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(failed())
      return
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve(
          storeSearchFlowPath(
            {
              kind: 'device',
              latitude: coords.latitude,
              longitude: coords.longitude,
              variant,
            },
            returnTo
          )
        ),
      () => reject(failed()),
      // A district-level fix is enough to find stores, and a recent one saves the wait.
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 }
    )
  })
}

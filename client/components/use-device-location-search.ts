import { useState } from 'react'
import { deviceLocationSearchPath } from '../lib/device-location.ts'
import type { StoreSearchVariant } from '../lib/store-search.ts'

/**
 * The use-my-device-location flow of a store search (spec §2), with its pending state (ADR 003:
 * the button only renders it): asks the browser where the device is, then goes to the store
 * search flow; it stays pending while the page moves on. A failure ends it and hands the spec's
 * message for the variant to `onError`.
 */
export function useDeviceLocationSearch({
  variant,
  onError,
  returnTo,
}: {
  variant: StoreSearchVariant
  onError: (message: string) => void
  returnTo?: string | undefined
}) {
  const [locating, setLocating] = useState(false)

  function locate() {
    setLocating(true)
    deviceLocationSearchPath(variant, returnTo).then(
      (path) => window.location.assign(path),
      (failure: unknown) => {
        setLocating(false)
        onError(failure instanceof Error ? failure.message : String(failure))
      }
    )
  }

  return { locating, locate }
}

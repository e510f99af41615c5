import { useEffect, useRef, useState } from 'react'
import { BASE_MAP_ATTRIBUTION, type MapTiles } from '../../lib/tracking-map.ts'
import type { MapPoints, TrackingMapHandle } from './leaflet-map.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The map of an order en route: the store, the delivery point and the driver. An enhancement:
 * everything it shows is also in the page's text, so it is hidden from assistive technology and
 * says so in words until Leaflet (loaded here only, on demand) has drawn it.
 */
export function TrackingMapView({ tiles, points }: { tiles: MapTiles; points: MapPoints }) {
  const container = useRef<HTMLDivElement>(null)
  const handle = useRef<TrackingMapHandle | null>(null)
  const latest = useRef(points)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const text = useText()

  useEffect(() => {
    latest.current = points
    handle.current?.update(points)
  }, [points])

  useEffect(() => {
    const element = container.current
    if (!element) return
    let cancelled = false
    void import('./leaflet-map.ts')
      .then(({ drawTrackingMap }) => drawTrackingMap(element, tiles, latest.current))
      .then((drawn) => {
        if (cancelled) return drawn.remove()
        handle.current = drawn
        drawn.update(latest.current)
        setState('ready')
      })
      .catch(() => {
        if (!cancelled) setState('failed')
      })
    return () => {
      cancelled = true
      handle.current?.remove()
      handle.current = null
    }
  }, [tiles])

  return (
    <figure>
      <div className="relative overflow-hidden rounded-2xl border border-black/10 bg-[#eef2e6]">
        <div
          ref={container}
          data-testid="tracking-map"
          data-map-state={state}
          aria-hidden="true"
          className="tracking-map h-72 w-full sm:h-96"
        />
        {state === 'ready' ? null : (
          <p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-ink/70">
            {text(state === 'failed' ? MESSAGES.pageMapFailed : MESSAGES.pageLoadingMap)}
          </p>
        )}
      </div>
      {tiles.url ? null : (
        <figcaption className="mt-2 text-xs text-ink/60">{BASE_MAP_ATTRIBUTION}</figcaption>
      )}
    </figure>
  )
}

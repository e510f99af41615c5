import type { TrackingSnapshot } from '../../schemas/tracking.ts'
import type { IslandProps } from '../components/Island.tsx'
import { TrackingMapView } from '../components/tracking/TrackingMapView.tsx'
import { TrackingStatus } from '../components/tracking/TrackingStatus.tsx'
import { useDeviceClock, useTrackingFeed } from '../components/tracking/use-tracking-feed.ts'
import { isStale, positionAgeSeconds } from '../components/tracking/tracking-view.ts'
import type { MapTiles } from '../lib/tracking-map.ts'

export interface TrackingLiveProps extends IslandProps {
  snapshot: TrackingSnapshot
  /** The signed link's token (a guest's emailed link), sent with the socket and the polls. */
  token: string | null
  tiles: MapTiles
  timeZone: string
}

/** Re-reads the clock this often so 'Last seen …' and the stale marker keep up. */
const CLOCK_TICK_MS = 15_000

/**
 * The live part of the tracking page: the order's state and timeline, the driver's distance and
 * arrival while en route, and the map. Live over the order's socket, by polling when that cannot
 * open; the server's render says the same in text before (or without) JavaScript.
 */
export function TrackingLive({ snapshot: initial, token, tiles, timeZone }: TrackingLiveProps) {
  const feed = useTrackingFeed(initial, token)
  const clock = useDeviceClock(initial.serverTime, CLOCK_TICK_MS)
  const { snapshot } = feed
  const offsetMs = feed.offsetMs ?? clock.offsetMs
  const driverAge = snapshot.driver
    ? positionAgeSeconds(snapshot.driver.at, clock.now, offsetMs)
    : null
  const enRoute = snapshot.status === 'en_route'
  return (
    <div className="space-y-5">
      <TrackingStatus
        snapshot={snapshot}
        timeZone={timeZone}
        driverAgeSeconds={driverAge}
        failed={feed.connection === 'failed'}
      />
      {enRoute && snapshot.destination ? (
        <TrackingMapView
          tiles={tiles}
          points={{
            store: { ...snapshot.store },
            destination: snapshot.destination,
            driver: snapshot.driver,
            driverStale: driverAge !== null && isStale(driverAge),
          }}
        />
      ) : null}
    </div>
  )
}

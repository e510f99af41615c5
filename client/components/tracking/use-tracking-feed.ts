import { useEffect, useState } from 'react'
import {
  TRACKING_PING,
  TRACKING_POLL_SECONDS,
  TrackingServerMessageSchema,
  TrackingSnapshotSchema,
  trackingLivePath,
  type TrackingSnapshot,
} from '../../../schemas/tracking.ts'
import { postJsonAs } from '../../lib/api.ts'
import { TRACKING_API } from '../../lib/api-paths.ts'
import { clockOffsetMs } from '../../lib/slots.ts'
import { isLive, withPosition } from './tracking-view.ts'

/**
 * How the page hears about the order: `live` over the order's WebSocket, `polling` the snapshot
 * call when the socket cannot open (or drops), `failed` when neither answers (the page then says
 * 'Unable to track the driver at this time.'), `idle` once tracking is no longer offered.
 */
export type FeedConnection = 'connecting' | 'live' | 'polling' | 'failed' | 'idle'

export interface TrackingFeed {
  snapshot: TrackingSnapshot
  connection: FeedConnection
  /** Server clock minus device clock, from the latest snapshot; null for the page's own. */
  offsetMs: number | null
}

/** Idle sockets send this every so often; the runtime answers without waking the tracker. */
const PING_EVERY_MS = 25_000

function socketUrl(orderNumber: string, token: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${location.host}${trackingLivePath(orderNumber, token)}`
}

/**
 * Follows one order: opens its socket, folds `hello`/`status` snapshots and `position`s into what
 * the page shows, and falls back to polling every TRACKING_POLL_SECONDS. Stops when tracking ends.
 */
export function useTrackingFeed(initial: TrackingSnapshot, token: string | null): TrackingFeed {
  const [feed, setFeed] = useState<TrackingFeed>(() => ({
    snapshot: initial,
    connection: isLive(initial) ? 'connecting' : 'idle',
    offsetMs: null,
  }))
  const live = isLive(feed.snapshot)
  const orderNumber = initial.orderNumber

  useEffect(() => {
    if (!live) return
    let stopped = false
    let socket: WebSocket | null = null
    let pollTimer: ReturnType<typeof setTimeout> | undefined
    let pingTimer: ReturnType<typeof setInterval> | undefined

    const takeSnapshot = (snapshot: TrackingSnapshot, connection: FeedConnection) =>
      setFeed({
        snapshot,
        connection: isLive(snapshot) ? connection : 'idle',
        offsetMs: clockOffsetMs(snapshot.serverTime, Date.now()),
      })

    const poll = async () => {
      if (stopped) return
      try {
        const snapshot = await postJsonAs(
          TRACKING_API.order,
          { orderNumber, ...(token ? { token } : {}) },
          TrackingSnapshotSchema
        )
        if (stopped) return
        takeSnapshot(snapshot, 'polling')
        if (!isLive(snapshot)) return
      } catch {
        if (stopped) return
        setFeed((now) => ({ ...now, connection: 'failed' }))
      }
      pollTimer = setTimeout(() => void poll(), TRACKING_POLL_SECONDS * 1000)
    }

    const fallBackToPolling = () => {
      if (stopped || pollTimer !== undefined) return
      clearInterval(pingTimer)
      socket = null
      void poll()
    }

    try {
      socket = new WebSocket(socketUrl(orderNumber, token))
    } catch {
      fallBackToPolling()
    }
    if (socket) {
      const open = socket
      open.addEventListener('open', () => {
        if (stopped) return
        setFeed((now) => ({ ...now, connection: 'live' }))
        pingTimer = setInterval(() => open.send(TRACKING_PING), PING_EVERY_MS)
      })
      open.addEventListener('message', (event) => {
        if (stopped || typeof event.data !== 'string') return
        let data: unknown
        try {
          data = JSON.parse(event.data)
        } catch {
          return
        }
        const message = TrackingServerMessageSchema.safeParse(data)
        if (!message.success) return
        if (message.data.type === 'position') {
          const position = message.data
          setFeed((now) => ({ ...now, snapshot: withPosition(now.snapshot, position) }))
        } else {
          takeSnapshot(message.data.snapshot, 'live')
        }
      })
      // A socket that never opened, or one that dropped: the snapshot call from now on.
      open.addEventListener('close', fallBackToPolling)
      open.addEventListener('error', fallBackToPolling)
    }

    return () => {
      stopped = true
      clearTimeout(pollTimer)
      clearInterval(pingTimer)
      socket?.close()
    }
  }, [live, orderNumber, token])

  return feed
}

export interface DeviceClock {
  /** The device's time (ms). */
  now: number
  /** Server clock minus device clock, as the page's own snapshot says. */
  offsetMs: number
}

/**
 * The device's clock, ticking every `everyMs`, so a position turns stale on time. Its first render
 * is the page's server time with no offset, as the server rendered it (hydration must match);
 * right after, it reads the device and the offset from `serverTime`.
 */
export function useDeviceClock(serverTime: string, everyMs: number): DeviceClock {
  const [clock, setClock] = useState<DeviceClock>(() => ({
    now: Date.parse(serverTime),
    offsetMs: 0,
  }))
  useEffect(() => {
    const first = Date.now()
    const offsetMs = clockOffsetMs(serverTime, first)
    const start = setTimeout(() => setClock({ now: first, offsetMs }), 0)
    const timer = setInterval(() => setClock({ now: Date.now(), offsetMs }), everyMs)
    return () => {
      clearTimeout(start)
      clearInterval(timer)
    }
  }, [serverTime, everyMs])
  return clock
}

import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TrackingStatus } from '../../../client/components/tracking/TrackingStatus.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { TrackingSnapshot } from '../../../schemas/tracking.ts'
import { trackingSnapshot } from './snapshot.ts'

/** The words a reader gets, tags dropped. */
function said(
  snapshot: TrackingSnapshot,
  options: { driverAgeSeconds?: number | null; failed?: boolean } = {}
): string {
  const html = renderToString(
    <TrackingStatus
      snapshot={snapshot}
      timeZone="Europe/London"
      driverAgeSeconds={options.driverAgeSeconds ?? null}
      failed={options.failed ?? false}
    />
  )
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
}

describe('the tracking status in words', () => {
  it('says the status, its tracking message, and the driver’s distance and arrival', () => {
    const text = said(trackingSnapshot('en_route'), { driverAgeSeconds: 20 })
    expect(text).toContain('Driver en Route')
    expect(text).toContain('Your driver is en route.')
    expect(text).toContain('Your driver is 0.7 miles away, arriving in about 6 minutes.')
    expect(text).not.toContain('Last seen')
  })

  it('marks a position older than a minute as stale', () => {
    const text = said(trackingSnapshot('en_route'), { driverAgeSeconds: 130 })
    expect(text).toContain('Last seen 2 min ago.')
  })

  it('waits for the driver’s first position en route', () => {
    const snapshot = trackingSnapshot('en_route', {
      driver: null,
      distanceKm: null,
      etaMinutes: null,
    })
    expect(said(snapshot)).toContain(MESSAGES.trackingWaitingForDriver)
  })

  it('says nothing of a driver before the order is en route', () => {
    const text = said(trackingSnapshot('picked'))
    expect(text).toContain('Picked')
    expect(text).not.toContain('Your driver')
    expect(text).toContain('Not yet')
  })

  it('says when the order cannot be followed', () => {
    expect(said(trackingSnapshot('en_route'), { failed: true })).toContain(
      'Unable to track the driver at this time.'
    )
  })
})

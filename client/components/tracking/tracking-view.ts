import { type CountNoun, englishCount } from '../../../schemas/count-nouns.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { fillMessage } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  TRACKING_STALE_AFTER_SECONDS,
  type TrackingPosition,
  type TrackingSnapshot,
} from '../../../schemas/tracking.ts'
import { distanceLabel, formatStoreTime } from '../../lib/format.ts'
import { dayMonthYear } from '../../lib/slots.ts'

/*
 * What the tracking page says, worked out without the DOM or the clock: the caller hands in the
 * device's time and the offset between it and the server's (clockOffsetMs), so the page's text is
 * the same on the server, in the browser and in a test (ADR 011).
 */

/*
 * Each sentence is said by `say` (the page's text(): the brand's language) and counted by `count`
 * (its useCount()), distances in the shop's country's unit (client/lib/format.ts); all default to
 * English and the UK, word for word what UK pages always showed.
 */
type Say = (english: string, ...values: Array<string | number>) => string
type Count = (noun: CountNoun, count: number) => string

/** The driver's distance in a sentence: '0.4 miles', '1 mile' in the UK; '0,6 km' in Dutch. */
export function distanceText(
  km: number,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  return distanceLabel(km, shop.countryCode, shop, say, MESSAGES.pageDistanceLessThan)
}

/** 'about 1 minute', '7 minutes', '1 hr 5 min' ('7 minuten', '1 uur 5 min'). */
export function etaText(
  minutes: number,
  say: Say = fillMessage,
  count: Count = englishCount
): string {
  const whole = Math.max(1, Math.round(minutes))
  if (whole < 60) return count('minutes', whole)
  const hours = Math.floor(whole / 60)
  const rest = whole % 60
  return rest === 0
    ? say(MESSAGES.pageHoursShort, hours)
    : say(MESSAGES.pageHoursMinutesShort, hours, rest)
}

/** The driver's distance and arrival as one sentence, or null while there is nothing to say. */
export function distanceEtaText(
  view: Pick<TrackingSnapshot, 'distanceKm' | 'etaMinutes'>,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage,
  count: Count = englishCount
): string | null {
  if (view.distanceKm === null) return null
  const distance = distanceText(view.distanceKm, shop, say)
  if (view.etaMinutes === null) return say(MESSAGES.trackingDistance, distance)
  return say(MESSAGES.trackingDistanceEta, distance, etaText(view.etaMinutes, say, count))
}

/** Seconds since the position was taken, on the server's clock (never below zero). */
export function positionAgeSeconds(at: string, deviceNowMs: number, offsetMs: number): number {
  const serverNow = deviceNowMs + offsetMs
  return Math.max(0, Math.floor((serverNow - Date.parse(at)) / 1000))
}

/** Spec: a position older than a minute is shown as stale. */
export function isStale(ageSeconds: number): boolean {
  return ageSeconds > TRACKING_STALE_AFTER_SECONDS
}

/** 'Last seen 2 min ago.', 'Last seen 1 hr 5 min ago.' */
export function lastSeenText(
  ageSeconds: number,
  say: Say = fillMessage,
  count: Count = englishCount
): string {
  const minutes = Math.max(1, Math.floor(ageSeconds / 60))
  const ago = minutes < 60 ? say(MESSAGES.pageMinutesShort, minutes) : etaText(minutes, say, count)
  return say(MESSAGES.trackingLastSeen, ago)
}

export type StepState = 'done' | 'current' | 'upcoming'

export interface TimelineStep {
  label: string
  state: StepState
  /** 'at 12:05' in the shop's zone, when the step was reached. */
  at: string | null
}

/**
 * The timeline's steps: every reached step is done except the last reached, which is current;
 * an order that ended early (rejected, cancelled) shows what it reached and nothing current.
 */
export function timelineSteps(
  snapshot: Pick<TrackingSnapshot, 'timeline' | 'status'>,
  timeZone: string
): Array<TimelineStep> {
  const lastReached = snapshot.timeline.findLastIndex((step) => step.reachedAt !== null)
  const inTimeline = snapshot.timeline.some((step) => step.status === snapshot.status)
  return snapshot.timeline.map((step, index) => ({
    label: step.label,
    state:
      index < lastReached || (index === lastReached && !inTimeline)
        ? 'done'
        : index === lastReached
          ? step.status === 'delivered'
            ? 'done'
            : 'current'
          : 'upcoming',
    at: step.reachedAt ? formatStoreTime(step.reachedAt, timeZone) : null,
  }))
}

/** 'Delivery, 25 Nov 2026, 18:00–19:00' or 'Delivery, as soon as possible (ready about 12:40)'. */
export function whenText(
  snapshot: Pick<TrackingSnapshot, 'fulfilmentMethod' | 'slot' | 'estimatedReadyAt'>,
  timeZone: string,
  shop: ShopLocale = GB_LOCALE,
  say: Say = fillMessage
): string {
  const delivery = snapshot.fulfilmentMethod === 'delivery'
  if (snapshot.slot.kind === 'scheduled') {
    const { date, startsAt, endsAt } = snapshot.slot
    return say(
      delivery ? MESSAGES.pageTrackDeliverySlot : MESSAGES.pageTrackCollectionSlot,
      dayMonthYear(date, shop),
      startsAt,
      endsAt
    )
  }
  if (snapshot.estimatedReadyAt === null) {
    return say(delivery ? MESSAGES.pageTrackDeliveryAsap : MESSAGES.pageTrackCollectionAsap)
  }
  return say(
    delivery ? MESSAGES.pageTrackDeliveryAsapReady : MESSAGES.pageTrackCollectionAsapReady,
    formatStoreTime(snapshot.estimatedReadyAt, timeZone)
  )
}

/** A live position folded into the snapshot the page shows. */
export function withPosition(
  snapshot: TrackingSnapshot,
  position: TrackingPosition
): TrackingSnapshot {
  return {
    ...snapshot,
    driver: { lat: position.lat, lng: position.lng, at: position.at },
    distanceKm: position.distanceKm,
    etaMinutes: position.etaMinutes,
  }
}

/** Whether the page keeps listening: only while tracking is offered (spec §4). */
export function isLive(snapshot: Pick<TrackingSnapshot, 'trackingOffered'>): boolean {
  return snapshot.trackingOffered
}

/** The words the page shows when it cannot follow the order any more. */
export const TRACKING_FAILED_TEXT = MESSAGES.driverTrackingFailed

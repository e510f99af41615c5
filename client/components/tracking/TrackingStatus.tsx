import { NamedDiscounts } from '../basket/NamedDiscounts.tsx'
import type { TrackingSnapshot } from '../../../schemas/tracking.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  distanceEtaText,
  isStale,
  lastSeenText,
  timelineSteps,
  type StepState,
} from './tracking-view.ts'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { useCount, useText } from '../../lib/page-text.ts'
import type { CountNoun } from '../../../schemas/count-nouns.ts'

/** What the live tracking page may say only after an update (island texts), the map's too. */
export const TRACKING_LIVE_TEXTS = [
  MESSAGES.driverTrackingFailed,
  MESSAGES.trackingWaitingForDriver,
  MESSAGES.pageNotYet,
  MESSAGES.pageNowParens,
  MESSAGES.pageYourMoney,
  MESSAGES.pageMapFailed,
  MESSAGES.pageLoadingMap,
  MESSAGES.orderTrackingStoreReason,
  // The driver's distance and arrival, which change with every position.
  MESSAGES.trackingDistance,
  MESSAGES.trackingDistanceEta,
  MESSAGES.trackingLastSeen,
  MESSAGES.pageDistanceLessThan,
  MESSAGES.pageKilometres,
  MESSAGES.pageHoursShort,
  MESSAGES.pageHoursMinutesShort,
  MESSAGES.pageMinutesShort,
]

/** The counts the live page may say only after an update: the driver's minutes away. */
export const TRACKING_LIVE_COUNTS: ReadonlyArray<CountNoun> = ['minutes']

const STEP_DOT: Record<StepState, string> = {
  done: 'border-primary bg-primary',
  current: 'border-primary bg-white ring-4 ring-primary/20',
  upcoming: 'border-black/20 bg-white',
}

/** The order's progress as an ordered list: reached steps with their time, the current one marked. */
function Timeline({ snapshot, timeZone }: { snapshot: TrackingSnapshot; timeZone: string }) {
  const steps = timelineSteps(snapshot, timeZone)
  const text = useText()
  return (
    <ol aria-label={text(MESSAGES.pageOrderProgress)} className="relative space-y-4">
      {steps.map((step, index) => (
        <li
          key={step.label}
          className="relative flex items-start gap-3"
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-step-state={step.state}
        >
          {index < steps.length - 1 ? (
            <span
              aria-hidden="true"
              className={`absolute top-5 start-[0.5625rem] h-[calc(100%+0.25rem)] w-0.5 ${
                step.state === 'done' ? 'bg-primary' : 'bg-black/15'
              }`}
            />
          ) : null}
          <span
            aria-hidden="true"
            className={`relative mt-0.5 size-5 shrink-0 rounded-full border-2 ${STEP_DOT[step.state]}`}
          />
          <span className="min-w-0">
            <span
              className={`block ${step.state === 'upcoming' ? 'text-ink/60' : 'font-semibold'}`}
            >
              {step.label}
            </span>
            <span className="block text-sm text-ink/70">
              {step.at ? step.at : step.state === 'upcoming' ? text(MESSAGES.pageNotYet) : ''}
              <span className="sr-only">
                {step.state === 'current' ? ` ${text(MESSAGES.pageNowParens)}` : ''}
              </span>
            </span>
          </span>
        </li>
      ))}
    </ol>
  )
}

/** While en route: how far the driver is and when they arrive, in words (the map only repeats it). */
function DriverText({
  snapshot,
  driverAgeSeconds,
  failed,
}: {
  snapshot: TrackingSnapshot
  driverAgeSeconds: number | null
  failed: boolean
}) {
  const text = useText()
  const count = useCount()
  const shop = useShopLocale()
  if (failed) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 font-semibold text-red-800">
        {text(MESSAGES.driverTrackingFailed)}
      </p>
    )
  }
  if (snapshot.status !== 'en_route') return null
  const distance = distanceEtaText(snapshot, shop, text, count)
  const stale = driverAgeSeconds !== null && isStale(driverAgeSeconds)
  return (
    <div className="rounded-xl bg-tint p-3" data-testid="driver-eta">
      <p className="text-lg font-bold">{distance ?? text(MESSAGES.trackingWaitingForDriver)}</p>
      {stale && driverAgeSeconds !== null ? (
        <p className="mt-1 text-sm font-semibold text-amber-800" data-testid="driver-stale">
          {lastSeenText(driverAgeSeconds, text, count)}
        </p>
      ) : null}
    </div>
  )
}

/** The order's money once it is no longer on its way (schemas/money-summary.ts's rows). */
function MoneyTable({ rows }: { rows: TrackingSnapshot['money'] }) {
  const formatMoney = useMoney()
  const text = useText()
  return (
    <div className="mt-5 border-t border-black/10 pt-5">
      <h3 className="font-bold">{text(MESSAGES.pageYourMoney)}</h3>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="order-money">
        {rows.map((row) => (
          <div key={row.key} className="contents">
            <dt className={row.key === 'total' ? 'font-bold' : undefined}>{row.label}</dt>
            <dd className={`text-end ${row.key === 'total' ? 'font-bold' : ''}`}>
              {row.amount < 0 ? '−' : ''}
              {formatMoney(Math.abs(row.amount))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/**
 * The tracking page's words: the status, its spec §4 tracking message, the driver's distance and
 * arrival (or that tracking failed), and the timeline. Announced politely when it changes.
 */
export function TrackingStatus({
  snapshot,
  timeZone,
  driverAgeSeconds,
  failed,
}: {
  snapshot: TrackingSnapshot
  timeZone: string
  driverAgeSeconds: number | null
  failed: boolean
}) {
  const text = useText()
  return (
    <section
      aria-labelledby="tracking-status-title"
      className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
    >
      <div aria-live="polite" className="space-y-3">
        <h2 id="tracking-status-title" className="text-2xl font-extrabold" data-testid="status">
          {snapshot.statusLabel}
        </h2>
        {snapshot.message ? <p className="text-lg">{snapshot.message}</p> : null}
        {snapshot.closingReason ? (
          <p data-testid="closing-reason">
            {text(MESSAGES.orderTrackingStoreReason, snapshot.closingReason)}
          </p>
        ) : null}
        <DriverText snapshot={snapshot} driverAgeSeconds={driverAgeSeconds} failed={failed} />
      </div>
      <div className="mt-5 border-t border-black/10 pt-5">
        <Timeline snapshot={snapshot} timeZone={timeZone} />
      </div>
      {!snapshot.trackingOffered && snapshot.money.length > 0 ? (
        <MoneyTable rows={snapshot.money} />
      ) : null}
      <NamedDiscounts
        discounts={snapshot.discounts}
        headingLevel={3}
        className="mt-5 border-t border-black/10 pt-5"
      />
    </section>
  )
}

import { useEffect, useRef, useState } from 'react'
import { AlertIcon, ClockIcon } from '../components/icons.tsx'
import { routePath } from '../lib/routes.ts'
import {
  clockOffsetMs,
  countdownState,
  expiredText,
  formatRemaining,
  type PickerReservation,
  remainingMs,
  warningText,
  warningToAnnounce,
} from '../lib/slots.ts'
import { useText } from '../lib/page-text.ts'
import { MESSAGES } from '../../schemas/messages.ts'

/** The contract the basket page renders this island with (hydrate 'load'). */
export interface SlotCountdownProps {
  reservation: PickerReservation
  /** The server's now when the page was rendered (ISO 8601 UTC). */
  serverTime: string
  storeSlug: string
  /** On the slot page itself: choosing again clears the lapsed hold instead of reloading. */
  onChooseAgain?: () => void
  islandId?: string
}

/** The time-slot page in change mode: back to where the shopper is after choosing again. */
export function chooseAgainHref(storeSlug: string): string {
  return routePath('stores-storeSlug-time-slots', { storeSlug }, { change: '1' })
}

const CHOOSE_AGAIN_CLASS =
  'inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-bold text-on-primary hover:opacity-90 focus-visible:outline-3 focus-visible:outline-offset-2'

function ChooseAgain({
  storeSlug,
  onChooseAgain,
}: {
  storeSlug: string
  onChooseAgain?: () => void
}) {
  const text = useText()
  if (onChooseAgain) {
    return (
      <button type="button" onClick={onChooseAgain} className={CHOOSE_AGAIN_CLASS}>
        {text(MESSAGES.pageChooseASlot)}
      </button>
    )
  }
  return (
    <a href={chooseAgainHref(storeSlug)} className={CHOOSE_AGAIN_CLASS}>
      {text(MESSAGES.pageChooseASlot)}
    </a>
  )
}

/**
 * How long a slot stays held (spec §4 Slot reservation: 15 minutes), counted against the server's
 * clock: the offset between serverTime and this device's clock at load is added to every tick, so
 * a device clock set wrong does not change what it shows. Under 5, 4, 3 and 2 minutes it
 * announces a warning once each (polite status), then 'This slot has now expired'.
 */
export function SlotCountdown({
  reservation,
  serverTime,
  storeSlug,
  onChooseAgain,
}: SlotCountdownProps) {
  const text = useText()
  // The first render (server and hydration alike) counts from serverTime so the markup matches.
  const [remaining, setRemaining] = useState(() =>
    remainingMs(reservation.expiresAt, Date.parse(serverTime), 0)
  )
  const [announcement, setAnnouncement] = useState<string>('')
  const announced = useRef(new Set<number>())

  useEffect(() => {
    if (reservation.status !== 'held') return undefined
    const offset = clockOffsetMs(serverTime, Date.now())
    function tick() {
      const left = remainingMs(reservation.expiresAt, Date.now(), offset)
      setRemaining(left)
      const warning = warningToAnnounce(left, announced.current)
      if (warning !== null) {
        announced.current.add(warning)
        setAnnouncement(warningText(warning))
      }
      if (left <= 0) {
        setAnnouncement(expiredText('countdown'))
        window.clearInterval(timer)
      }
    }
    const timer = window.setInterval(tick, 1000)
    tick()
    return () => window.clearInterval(timer)
  }, [reservation.expiresAt, reservation.status, serverTime])

  if (reservation.status === 'expired') {
    return (
      <div className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900" role="alert">
        <p className="flex items-start gap-2 font-semibold">
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          {expiredText('on-load')}
        </p>
        <div className="mt-3">
          <ChooseAgain storeSlug={storeSlug} onChooseAgain={onChooseAgain} />
        </div>
      </div>
    )
  }
  if (reservation.status !== 'held') return null

  const state = countdownState(remaining)
  const warning = state.kind === 'running' ? state.warning : null
  return (
    <div
      className={`rounded-xl border-2 p-4 ${
        state.kind === 'expired'
          ? 'border-red-700 bg-red-50 text-red-900'
          : warning !== null
            ? 'border-amber-700 bg-amber-50 text-amber-950'
            : 'border-black/10 bg-white text-ink'
      }`}
      data-testid="slot-countdown"
    >
      {state.kind === 'running' ? (
        <p className="flex items-center gap-2">
          <ClockIcon className="size-5 shrink-0" />
          <span>
            {text(MESSAGES.pageSlotHeldFor)}{' '}
            <time
              className="font-bold tabular-nums"
              dateTime={`PT${Math.ceil(state.remainingMs / 1000)}S`}
              aria-label={text(MESSAGES.pageMinutesLeft, formatRemaining(state.remainingMs))}
            >
              {formatRemaining(state.remainingMs)}
            </time>
          </span>
        </p>
      ) : null}
      {/* Always in the page so screen readers hear each warning and the expiry when it changes. */}
      <p role="status" aria-live="polite" className="mt-1 font-semibold empty:mt-0">
        {state.kind === 'expired' ? expiredText('countdown') : announcement}
      </p>
      {state.kind === 'expired' ? (
        <div className="mt-3">
          <ChooseAgain storeSlug={storeSlug} onChooseAgain={onChooseAgain} />
        </div>
      ) : null}
    </div>
  )
}

import { useEffect, useRef, useState } from 'react'
import { MESSAGES } from '../../schemas/messages.ts'
import type { SlotReservation, TimeSlot, TimeSlotDay } from '../../schemas/slots.ts'
import { HeldSlot } from '../components/slots/HeldSlot.tsx'
import { AlertIcon, ClockIcon } from '../components/icons.tsx'
import { ApiRequestError, postJson } from '../lib/api.ts'
import { BASKET_API, SLOT_API } from '../lib/api-paths.ts'
import {
  asapTime,
  clockOffsetMs,
  dayHasSlots,
  dayMonth,
  dayName,
  slotTimeRange,
  type FulfilmentMethod,
} from '../lib/slots.ts'

export interface SlotPickerProps {
  storeId: number
  storeSlug: string
  timeZone: string
  method: FulfilmentMethod
  /** The server's now when the page was rendered (ISO 8601 UTC): countdowns count against it. */
  serverTime: string
  /** The store's local date. */
  today: string
  /** Null on the calendar page, which offers future slots only. */
  asap: { available: boolean; estimatedAt: string | null } | null
  days: Array<TimeSlotDay>
  /** The day the 'choose a time' view opens on. */
  initialDay: string | null
  /** The display-ASAP flag: the page opens on the ASAP choice (reset whenever the page is left). */
  displayAsap: boolean
  /** The basket's live hold, if any. */
  reservation: SlotReservation | null
  /** Whether the shopper has a basket yet (reserving needs one). */
  hasBasket: boolean
  /** Change mode (spec §4): where to go back to after reserving; null outside it. */
  returnTo: string | null
  storeHref: string
  islandId?: string
}

type Choice = { kind: 'asap' } | { kind: 'slot'; slot: TimeSlot } | { kind: 'earliest' }

// The reservation of a reserve answer, checked by shape (islands stay free of zod).
function readReservation(payload: unknown): SlotReservation {
  const reservation: unknown =
    typeof payload === 'object' && payload !== null && 'reservation' in payload
      ? payload.reservation
      : null
  if (
    typeof reservation === 'object' &&
    reservation !== null &&
    'reservationId' in reservation &&
    typeof reservation.reservationId === 'number' &&
    'expiresAt' in reservation &&
    typeof reservation.expiresAt === 'string' &&
    'status' in reservation &&
    typeof reservation.status === 'string'
  ) {
    return reservation as SlotReservation
  }
  throw new ApiRequestError(502, MESSAGES.slotReserveFailed)
}

function failureText(choice: Choice, error: unknown): string {
  // The date rule's own message says what to fix; any other failure is the spec's slot error.
  if (error instanceof ApiRequestError && error.message === MESSAGES.slotDateInvalid) {
    return error.message
  }
  if (choice.kind === 'asap') return MESSAGES.slotDefaultAsapFailed
  if (choice.kind === 'earliest') return MESSAGES.slotDefaultFutureFailed
  return MESSAGES.slotReserveFailed
}

function firstAvailable(days: ReadonlyArray<TimeSlotDay>): TimeSlot | null {
  for (const day of days) {
    if (day.closed) continue
    const slot = day.slots.find((candidate) => candidate.available)
    if (slot) return slot
  }
  return null
}

const TAB =
  'min-h-11 rounded-lg px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2'

/**
 * Chooses and reserves a slot (spec §4 Slot reservation): ASAP with its estimate, or a day and one
 * of its slots. Reserving makes the basket first when there is none (get-or-create sets the
 * cookie), then holds the slot for 15 minutes; in change mode the shopper goes straight back to the
 * basket or checkout, otherwise the held slot shows here with its countdown.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { storeId, storeSlug, timeZone, method, today, asap, days, returnTo } = props
  const asapOffered = asap?.available === true
  const [view, setView] = useState<'asap' | 'later'>(
    asapOffered && props.displayAsap ? 'asap' : 'later'
  )
  const [day, setDay] = useState(props.initialDay ?? days[0]?.date ?? null)
  const [reservation, setReservation] = useState(
    props.reservation?.status === 'held' ? props.reservation : null
  )
  const [heldServerTime, setHeldServerTime] = useState(props.serverTime)
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const basketReady = useRef(props.hasBasket)
  const offset = useRef(0)
  const heldRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    offset.current = clockOffsetMs(props.serverTime, Date.now())
  }, [props.serverTime])

  async function reserve(choice: Choice, key: string) {
    setPending(key)
    setError(null)
    try {
      const slot =
        choice.kind === 'slot'
          ? choice.slot
          : choice.kind === 'earliest'
            ? firstAvailable(days)
            : null
      if (choice.kind === 'earliest' && !slot) {
        setError(MESSAGES.slotNoAlternative)
        return
      }
      if (!basketReady.current) {
        await postJson(BASKET_API.basket, { storeId, fulfilmentMethod: method })
        basketReady.current = true
      }
      const payload = await postJson(SLOT_API.reserve, {
        storeId,
        fulfilmentMethod: method,
        timeSlotDate: slot ? slot.timeSlotDate : today,
        ...(slot ? { timeSlotTime: slot.timeSlotTime } : {}),
      })
      const held = readReservation(payload)
      if (returnTo) {
        window.location.assign(returnTo)
        return
      }
      setHeldServerTime(new Date(Date.now() + offset.current).toISOString())
      setReservation(held)
      requestAnimationFrame(() => heldRef.current?.focus())
    } catch (caught) {
      setError(failureText(choice, caught))
    } finally {
      setPending(null)
    }
  }

  const selectedDay = days.find((candidate) => candidate.date === day) ?? null
  const heldKey =
    reservation && reservation.type === 'future'
      ? `${reservation.timeSlotDate} ${reservation.timeSlotTime ?? ''}`
      : null

  return (
    <div className="mt-6 space-y-6">
      {reservation ? (
        <div ref={heldRef} tabIndex={-1} className="focus:outline-none">
          <HeldSlot
            key={reservation.reservationId}
            reservation={reservation}
            serverTime={heldServerTime}
            storeSlug={storeSlug}
            today={today}
            timeZone={timeZone}
            onChooseAgain={() => {
              setReservation(null)
              setView('later')
            }}
            next={
              returnTo
                ? { href: returnTo, label: 'Back to your order' }
                : { href: props.storeHref, label: 'Continue shopping' }
            }
          />
        </div>
      ) : null}

      {asap ? (
        <div
          role="group"
          aria-label="When"
          className="grid grid-cols-2 gap-2 sm:inline-grid sm:min-w-80"
        >
          <button
            type="button"
            aria-pressed={view === 'asap'}
            disabled={!asapOffered}
            onClick={() => setView('asap')}
            className={`${TAB} ${view === 'asap' ? 'bg-primary text-on-primary' : 'bg-white ring-1 ring-black/15'} disabled:opacity-60`}
          >
            ASAP
          </button>
          <button
            type="button"
            aria-pressed={view === 'later'}
            onClick={() => setView('later')}
            className={`${TAB} ${view === 'later' ? 'bg-primary text-on-primary' : 'bg-white ring-1 ring-black/15'}`}
          >
            Choose a time
          </button>
        </div>
      ) : null}

      {asap && view === 'asap' ? (
        <section
          aria-labelledby="asap-heading"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-6"
        >
          <h2 id="asap-heading" className="flex items-center gap-2 text-lg font-bold">
            <ClockIcon className="size-5" />
            As soon as possible
          </h2>
          {asap.available && asap.estimatedAt ? (
            <p className="mt-1">
              {method === 'delivery' ? 'Delivered' : 'Ready to collect'} at about{' '}
              <strong>{asapTime(asap.estimatedAt, timeZone)}</strong>
            </p>
          ) : null}
          <button
            type="button"
            onClick={() => void reserve({ kind: 'asap' }, 'asap')}
            disabled={pending !== null}
            aria-pressed={reservation?.type === 'asap'}
            className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-5 font-bold text-on-primary hover:opacity-90 focus-visible:outline-3 focus-visible:outline-offset-2 disabled:opacity-70 sm:w-auto"
          >
            {pending === 'asap'
              ? 'Reserving…'
              : reservation?.type === 'asap'
                ? 'ASAP reserved'
                : `Choose ASAP ${method}`}
          </button>
        </section>
      ) : (
        <section aria-labelledby="later-heading">
          <h2 id="later-heading" className="sr-only">
            Choose a day and time
          </h2>
          {days.length > 1 ? (
            <div
              role="group"
              aria-label="Day"
              className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2"
            >
              {days.map((candidate) => {
                const active = candidate.date === day
                const open = dayHasSlots(candidate)
                return (
                  <button
                    key={candidate.date}
                    type="button"
                    aria-pressed={active}
                    onClick={() => setDay(candidate.date)}
                    className={`flex min-h-14 min-w-24 shrink-0 flex-col items-center justify-center rounded-xl px-3 py-1 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 ${
                      active ? 'bg-primary text-on-primary' : 'bg-white ring-1 ring-black/15'
                    } ${open ? '' : 'opacity-70'}`}
                  >
                    <span className="font-bold">
                      {dayName(candidate.date, today).split(' ')[0]}
                    </span>
                    <span>{dayMonth(candidate.date)}</span>
                  </button>
                )
              })}
            </div>
          ) : null}
          {selectedDay ? (
            <DaySlots
              day={selectedDay}
              today={today}
              showHeading={days.length > 1}
              heldKey={heldKey}
              pending={pending}
              onChoose={(slot) => void reserve({ kind: 'slot', slot }, slotKey(slot))}
            />
          ) : null}
          {days.length > 1 ? (
            <button
              type="button"
              onClick={() => void reserve({ kind: 'earliest' }, 'earliest')}
              disabled={pending !== null}
              className="mt-4 min-h-11 rounded-lg px-4 font-semibold text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-2"
            >
              {pending === 'earliest' ? 'Reserving…' : 'Reserve the first available slot'}
            </button>
          ) : null}
        </section>
      )}

      <p role="alert" className="empty:hidden">
        {error ? (
          <span className="flex items-start gap-2 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40">
            <AlertIcon className="mt-0.5 size-5 shrink-0" />
            {error}
          </span>
        ) : null}
      </p>
    </div>
  )
}

function slotKey(slot: TimeSlot): string {
  return `${slot.timeSlotDate} ${slot.timeSlotTime}`
}

function DaySlots({
  day,
  today,
  showHeading,
  heldKey,
  pending,
  onChoose,
}: {
  day: TimeSlotDay
  today: string
  /** Off on the calendar page, whose own heading names the day. */
  showHeading: boolean
  heldKey: string | null
  pending: string | null
  onChoose: (slot: TimeSlot) => void
}) {
  const heading = dayName(day.date, today)
  if (!dayHasSlots(day)) {
    return (
      <div className="mt-3 rounded-xl bg-white p-4 ring-1 ring-black/10">
        {showHeading ? <h3 className="font-bold">{heading}</h3> : null}
        <p className={showHeading ? 'mt-1' : undefined}>
          {day.date === today ? MESSAGES.slotsNoneToday : MESSAGES.slotsNoneOnDay}
        </p>
      </div>
    )
  }
  return (
    <div className="mt-3">
      {showHeading ? (
        <h3 className="mb-2 font-bold">
          {heading}
          {heading === 'Today' || heading === 'Tomorrow' ? `, ${dayMonth(day.date)}` : ''}
        </h3>
      ) : null}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {day.slots.map((slot) => {
          const key = slotKey(slot)
          const held = key === heldKey
          return (
            <li key={key}>
              <button
                type="button"
                disabled={!slot.available || pending !== null}
                aria-pressed={held}
                onClick={() => onChoose(slot)}
                className={`flex min-h-14 w-full flex-col items-center justify-center rounded-xl px-2 py-1 focus-visible:outline-3 focus-visible:outline-offset-2 ${
                  held
                    ? 'bg-primary text-on-primary'
                    : slot.available
                      ? 'bg-white ring-1 ring-black/20 hover:ring-2 hover:ring-primary'
                      : 'bg-black/5 text-ink/70 line-through'
                } disabled:cursor-not-allowed`}
              >
                <span className="font-semibold tabular-nums">{slotTimeRange(slot)}</span>
                <span className="text-xs">
                  {pending === key
                    ? 'Reserving…'
                    : held
                      ? 'Reserved'
                      : slot.available
                        ? `${slot.remaining} left`
                        : slot.remaining === 0
                          ? 'Full'
                          : 'Unavailable'}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

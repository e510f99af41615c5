import { useRef, useState } from 'react'
import type { SlotPrice } from '../../schemas/slot-price.ts'
import { AlertIcon } from '../components/icons.tsx'
import { AsapChoice } from '../components/slots/AsapChoice.tsx'
import { DaySlots, slotKey } from '../components/slots/DaySlots.tsx'
import { DayTabs } from '../components/slots/DayTabs.tsx'
import { HeldSlot } from '../components/slots/HeldSlot.tsx'
import { useSlotReservation } from '../components/slots/use-slot-reservation.ts'
import type { FulfilmentMethod, PickerDay, PickerReservation } from '../lib/slots.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

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
  days: Array<PickerDay>
  /** The day the 'choose a time' view opens on. */
  initialDay: string | null
  /** The display-ASAP flag: the page opens on the ASAP choice (reset whenever the page is left). */
  displayAsap: boolean
  /** The basket's live hold, if any. */
  reservation: PickerReservation | null
  /** Whether the shopper has a basket yet (reserving needs one). */
  hasBasket: boolean
  /** What every slot adds to the basket ('£3.50', 'Free'): one fee, as the basket charges it. */
  price: Pick<SlotPrice, 'label' | 'note'>
  /** Change mode (spec §4): where to go back to after reserving; null outside it. */
  returnTo: string | null
  storeHref: string
  islandId?: string
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
  const text = useText()
  const asapOffered = asap?.available === true
  const [view, setView] = useState<'asap' | 'later'>(
    asapOffered && props.displayAsap ? 'asap' : 'later'
  )
  const [day, setDay] = useState(props.initialDay ?? days[0]?.date ?? null)
  const heldRef = useRef<HTMLDivElement>(null)
  const { reservation, clearReservation, heldServerTime, pending, error, reserve } =
    useSlotReservation({
      storeId,
      method,
      today,
      days,
      serverTime: props.serverTime,
      reservation: props.reservation,
      hasBasket: props.hasBasket,
      returnTo,
      onHeld: () => requestAnimationFrame(() => heldRef.current?.focus()),
    })

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
              clearReservation()
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
          aria-label={text(MESSAGES.pageWhen)}
          className="grid grid-cols-2 gap-2 sm:inline-grid sm:min-w-80"
        >
          <button
            type="button"
            aria-pressed={view === 'asap'}
            disabled={!asapOffered}
            onClick={() => setView('asap')}
            className={`${TAB} ${view === 'asap' ? 'bg-primary text-on-primary' : 'bg-white ring-1 ring-black/15'} disabled:opacity-60`}
          >
            {text(MESSAGES.pageAsap)}
          </button>
          <button
            type="button"
            aria-pressed={view === 'later'}
            onClick={() => setView('later')}
            className={`${TAB} ${view === 'later' ? 'bg-primary text-on-primary' : 'bg-white ring-1 ring-black/15'}`}
          >
            {text(MESSAGES.pageChooseATime)}
          </button>
        </div>
      ) : null}

      {asap && view === 'asap' ? (
        <AsapChoice
          asap={asap}
          method={method}
          timeZone={timeZone}
          pending={pending}
          reserved={reservation?.type === 'asap'}
          onReserve={() => void reserve({ kind: 'asap' }, 'asap')}
        />
      ) : (
        <section aria-labelledby="later-heading">
          <h2 id="later-heading" className="sr-only">
            {text(MESSAGES.pageChooseADayAndTime)}
          </h2>
          {days.length > 1 ? (
            <DayTabs days={days} day={day} today={today} onChoose={setDay} />
          ) : null}
          {props.price.note ? <p className="mt-3 text-sm">{props.price.note}</p> : null}
          {selectedDay ? (
            <DaySlots
              price={props.price.label}
              day={selectedDay}
              today={today}
              // The calendar page names its day in its own heading; the slot page always names it,
              // a store taking orders for today only included.
              showHeading={asap !== null}
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
              {pending === 'earliest'
                ? text(MESSAGES.pageReserving)
                : text(MESSAGES.pageReserveFirstSlot)}
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

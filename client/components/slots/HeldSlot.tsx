import { SlotCountdown } from '../../islands/SlotCountdown.tsx'
import { type PickerReservation, reservationLabel } from '../../lib/slots.ts'
import { CheckIcon } from '../icons.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/**
 * The slot the basket holds: what it is, the countdown of its hold and where to go next (back to
 * the basket or checkout in change mode, else on to the store).
 */
export function HeldSlot({
  reservation,
  serverTime,
  storeSlug,
  today,
  timeZone,
  next,
  onChooseAgain,
}: {
  reservation: PickerReservation
  serverTime: string
  storeSlug: string
  today: string
  timeZone: string
  next: { href: string; label: string }
  onChooseAgain?: () => void
}) {
  const text = useText()
  const shop = useShopLocale()
  return (
    <section
      aria-labelledby="held-slot-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-6"
    >
      <h2 id="held-slot-heading" className="flex items-center gap-2 text-lg font-bold">
        <CheckIcon className="size-5 text-primary" />
        {text(MESSAGES.pageYourSlot)}
      </h2>
      <p className="mt-1 text-ink" data-testid="held-slot">
        {reservationLabel(reservation, today, timeZone, shop, text)}
      </p>
      <div className="mt-3">
        <SlotCountdown
          reservation={reservation}
          serverTime={serverTime}
          storeSlug={storeSlug}
          onChooseAgain={onChooseAgain}
        />
      </div>
      {reservation.status === 'held' ? (
        <a
          href={next.href}
          className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-5 font-bold text-on-primary hover:brightness-90 focus-visible:outline-3 focus-visible:outline-offset-2 sm:w-auto"
        >
          {next.label}
        </a>
      ) : null}
    </section>
  )
}

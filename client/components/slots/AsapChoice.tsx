import { ClockIcon } from '../icons.tsx'
import { asapTime, type FulfilmentMethod } from '../../lib/slots.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** The ASAP choice: its estimate, and the button that reserves it. */
export function AsapChoice({
  asap,
  method,
  timeZone,
  pending,
  reserved,
  onReserve,
}: {
  asap: { available: boolean; estimatedAt: string | null }
  method: FulfilmentMethod
  timeZone: string
  /** Which reserve is under way, if any: every choice waits for it. */
  pending: string | null
  /** The basket holds ASAP. */
  reserved: boolean
  onReserve: () => void
}) {
  const text = useText()
  return (
    <section
      aria-labelledby="asap-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-6"
    >
      <h2 id="asap-heading" className="flex items-center gap-2 text-lg font-bold">
        <ClockIcon className="size-5" />
        {text(MESSAGES.pageAsSoonAsPossible)}
      </h2>
      {asap.available && asap.estimatedAt ? (
        <p className="mt-1">
          {method === 'delivery'
            ? text(MESSAGES.pageDeliveredAtAbout)
            : text(MESSAGES.pageReadyAtAbout)}{' '}
          <strong>{asapTime(asap.estimatedAt, timeZone)}</strong>
        </p>
      ) : null}
      <button
        type="button"
        onClick={onReserve}
        disabled={pending !== null}
        aria-pressed={reserved}
        className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-5 font-bold text-on-primary hover:brightness-90 focus-visible:outline-3 focus-visible:outline-offset-2 disabled:opacity-70 sm:w-auto"
      >
        {pending === 'asap'
          ? text(MESSAGES.pageReserving)
          : reserved
            ? text(MESSAGES.pageAsapReserved)
            : method === 'delivery'
              ? text(MESSAGES.pageChooseAsapDelivery)
              : text(MESSAGES.pageChooseAsapCollection)}
      </button>
    </section>
  )
}

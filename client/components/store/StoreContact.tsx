import type { StoreDetails } from '../../../schemas/stores.ts'
import { MailIcon, PhoneIcon, PinIcon } from '../icons.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** The store's address, phone and email, and the ways it takes payment. */
export function StoreContact({
  store,
  addressLines,
}: {
  store: StoreDetails
  addressLines: Array<string>
}) {
  const text = useText()
  const payments = [
    store.payments.card ? text(MESSAGES.pageCard) : null,
    store.payments.applePay ? 'Apple Pay' : null,
    store.payments.googlePay ? 'Google Pay' : null,
    store.payments.cash ? text(MESSAGES.pageCash) : null,
  ].filter((method): method is string => method !== null)
  return (
    <aside
      aria-labelledby="contact-title"
      className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/10"
    >
      <h2 id="contact-title" className="text-lg font-bold">
        {text(MESSAGES.pageContactTheStore)}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {addressLines.length > 0 ? (
          <li className="flex gap-2">
            <PinIcon className="size-5 shrink-0 text-primary" />
            <address className="not-italic">
              {addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </li>
        ) : null}
        {store.phone ? (
          <li className="flex items-center gap-2">
            <PhoneIcon className="size-5 shrink-0 text-primary" />
            <a
              href={`tel:${store.phone.replace(/\s+/g, '')}`}
              className="font-semibold underline-offset-4 hover:underline"
            >
              {store.phone}
            </a>
          </li>
        ) : null}
        {store.email ? (
          <li className="flex items-center gap-2">
            <MailIcon className="size-5 shrink-0 text-primary" />
            <a
              href={`mailto:${store.email}`}
              className="font-semibold break-all underline-offset-4 hover:underline"
            >
              {store.email}
            </a>
          </li>
        ) : null}
      </ul>
      {payments.length > 0 ? (
        <>
          <h3 className="mt-6 text-sm font-bold">{text(MESSAGES.pagePaymentAccepted)}</h3>
          <p className="mt-1 text-sm text-ink/80">{payments.join(' · ')}</p>
        </>
      ) : null}
    </aside>
  )
}

import { useRef, type FormEvent } from 'react'
import type { CardBrand } from '../../schemas/payments.ts'
import { CardBrandIcon } from '../components/checkout/CardBrandIcon.tsx'
import { CARD_BRAND_NAMES } from '../lib/card-brands.ts'
import { useFramesPayment } from '../components/payment/use-frames-payment.ts'
import { providerFieldIds, type ProviderFieldIds } from '../lib/frames-provider.ts'
import type { OrderDraft } from '../lib/payment-step.ts'
import { useMoney } from '../lib/shop-locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

/**
 * What the card step may say only once paying has begun (island texts): the busy button, and the
 * refusals the frames' hook fills in English (client/components/payment/use-frames-payment.ts).
 */
export const CARD_FRAMES_TEXTS = [
  MESSAGES.pageProcessing,
  MESSAGES.pagePayTotal,
  MESSAGES.cardFormInvalid,
  MESSAGES.cardFormLoadFailed,
  MESSAGES.cvvRequired,
  MESSAGES.systemError,
  MESSAGES.paymentFailed,
]

export interface CardFramesProps {
  /** The local sandbox's card frame (on this origin); absent with the provider's frames. */
  frameUrl?: string
  /** The sandbox frame's origin: its messages are read from there only, ours are posted there only. */
  frameOrigin?: string
  /**
   * The provider's own frames (FRAMES_PUBLIC_KEY set): its script, tagged on the page, fills the
   * card number, expiry date and CVV containers.
   */
  provider?: { publicKey: string } | null
  order: OrderDraft
  total: number
  /** This site's origin: the gateway's return addresses are absolute. */
  origin: string
  /** The member ticked "Save card" on the billing address step. */
  saveCard: boolean
  /**
   * A member's saved card: the frame is the sandbox's CVV-only frame, and Pay charges this card
   * with the CVV's token.
   */
  savedCard?: { cardId: number; brand: CardBrand; last4: string } | null
  islandId?: string
}

/**
 * The card step with embedded card frames (spec §9): the card number, expiry and CVV are typed in
 * the provider's frames (or the local sandbox's frame), which tell us only whether the form is
 * valid, the detected brand and, on Pay, a single-use token (client/lib/frames-provider.ts).
 * Paying runs process order then make payment with the token (useFramesPayment).
 */
export function CardFrames({
  frameUrl,
  frameOrigin,
  provider = null,
  order,
  total,
  origin,
  saveCard,
  savedCard = null,
  islandId = 'cardframes',
}: CardFramesProps) {
  const formatMoney = useMoney()
  const text = useText()
  const frame = useRef<HTMLIFrameElement>(null)
  const { brand, busy, error, submit } = useFramesPayment({
    frame,
    islandId,
    publicKey: provider?.publicKey ?? null,
    frameOrigin,
    order,
    origin,
    saveCard,
    savedCard,
  })
  const errorId = `${islandId}-error`

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    submit()
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mb-4 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40"
        >
          {text(error)}
        </p>
      ) : null}
      <div className="mb-2 flex items-center gap-2" aria-live="polite">
        <CardBrandIcon brand={brand} />
        <span className="text-sm text-ink/80">
          {savedCard
            ? `${CARD_BRAND_NAMES[savedCard.brand]} •••• ${savedCard.last4}`
            : brand
              ? CARD_BRAND_NAMES[brand]
              : text(MESSAGES.pageCardBrandsAccepted)}
        </span>
      </div>
      {provider ? (
        <ProviderFields ids={providerFieldIds(islandId)} />
      ) : frameUrl ? (
        <iframe
          ref={frame}
          src={frameUrl}
          title={text(savedCard ? MESSAGES.pageSecureCvvFrame : MESSAGES.pageSecureCardFrame)}
          allow="payment"
          className={`${savedCard ? 'h-40' : 'h-72'} w-full rounded-xl border-2 border-black/15 bg-white`}
        />
      ) : null}
      <button
        type="submit"
        disabled={busy}
        aria-disabled={busy}
        className="mt-6 h-12 w-full rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 disabled:opacity-60"
      >
        {busy ? text(MESSAGES.pageProcessing) : text(MESSAGES.pagePayTotal, formatMoney(total))}
      </button>
    </form>
  )
}

const FIELD_LABELS: ReadonlyArray<[keyof ProviderFieldIds, string]> = [
  ['cardNumber', MESSAGES.pageCardNumber],
  ['expiryDate', MESSAGES.pageExpiryDate],
  ['cvv', MESSAGES.pageSecurityCode],
]

/**
 * The containers the provider's script fills with one frame each. React renders them empty, so it
 * never touches the frames inside; each is named by its visible label.
 */
function ProviderFields({ ids }: { ids: ProviderFieldIds }) {
  const text = useText()
  return (
    <fieldset className="grid gap-4">
      <legend className="sr-only">{text(MESSAGES.pageCardDetails)}</legend>
      {FIELD_LABELS.map(([field, label]) => (
        <div key={field} className={field === 'cardNumber' ? '' : 'max-w-48'}>
          <span id={`${ids[field]}-label`} className="mb-1 block font-semibold">
            {text(label)}
          </span>
          <div
            id={ids[field]}
            role="group"
            aria-labelledby={`${ids[field]}-label`}
            className="h-12 rounded-xl border-2 border-black/15 bg-white px-3"
          />
        </div>
      ))}
    </fieldset>
  )
}

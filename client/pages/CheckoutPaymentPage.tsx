import { PaidByCreditForm } from '../components/payment/PaidByCreditForm.tsx'
import type { CheckoutState } from '../../schemas/checkout.ts'
import type { AddedTax } from '../../schemas/added-tax.ts'
import { AddedTaxRows } from '../components/AddedTaxRows.tsx'
import { FormAlert } from '../components/forms/Form.tsx'
import { BasketTotals, TotalsRow } from '../components/basket/BasketTotals.tsx'
import { slotLabel } from '../components/basket/SlotSummary.tsx'
import {
  CheckoutCard,
  CheckoutFrame,
  SandboxBanner,
} from '../components/checkout/CheckoutFrame.tsx'
import { OrderLines } from '../components/checkout/OrderLines.tsx'
import { basketSummaryLines } from '../lib/checkout-summary.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { island } from '../components/Island.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { CheckoutLayout } from '../components/checkout/CheckoutLayout.tsx'
import { PAYMENT_FORM_TEXTS, PaymentForm } from '../islands/PaymentForm.tsx'
import { StoreCreditSwitch } from '../islands/StoreCreditSwitch.tsx'
import { billingAddressHref, type OrderDraft } from '../lib/payment-step.ts'
import { routePath } from '../lib/routes.ts'
import { displayPhone } from '../../schemas/phone.ts'
import { useMoney, useShopLocale } from '../lib/shop-locale.ts'
import { formatMessage } from '../../schemas/messages.ts'
import type { CheckoutHeaderSummary } from '../lib/checkout-summary.ts'
import { useText } from '../lib/page-text.ts'

// Paying is the page: hydrate at once.
const PaymentFormIsland = island('PaymentForm', PaymentForm, {
  hydrate: 'load',
  texts: PAYMENT_FORM_TEXTS,
})
const StoreCreditSwitchIsland = island('StoreCreditSwitch', StoreCreditSwitch, {
  hydrate: 'load',
  texts: [MESSAGES.storeCreditUpdateFailed],
})

export interface CheckoutPaymentPageProps {
  chrome: PageChrome
  /** The slim header's order and slot countdown (null without a basket store). */
  summary: CheckoutHeaderSummary | null
  state: CheckoutState
  order: OrderDraft
  origin: string
  /** The no-JavaScript form's attempt anchor (its idempotency keys derive from it). */
  attempt: string
  timeSlotsHref: string
  /** Why the shopper is back here: a declined or cancelled payment, a closed store. */
  alert: string | null
  /** The tax checkout adds (ADR 055), quoted for this basket; null where prices include VAT. */
  addedTax?: AddedTax | null
}

/** The basket being paid for: store, slot, lines and totals (spec §3 Basket totals). */
export function PaymentSummary({
  state,
  addedTax = null,
}: {
  state: CheckoutState
  addedTax?: AddedTax | null
}) {
  const money = useMoney()
  const text = useText()
  const shop = useShopLocale()
  const { basket } = state
  const store = basket.store
  return (
    <CheckoutCard title={MESSAGES.pageYourOrder} titleId="summary-title">
      {store ? <p className="font-semibold">{store.name}</p> : null}
      {store && basket.slot ? (
        <p className="mb-3 text-sm text-ink/80">
          {basket.fulfilmentMethod === 'delivery'
            ? text(MESSAGES.pageDelivery)
            : text(MESSAGES.pageCollection)}
          : {slotLabel(basket.slot, store.timeZone, shop, text)}
        </p>
      ) : null}
      <OrderLines lines={basketSummaryLines(basket)} />
      <div className="mt-3 border-t border-black/10 pt-3">
        <BasketTotals basket={basket} />
        {addedTax ? (
          // Tax added at checkout (ADR 055): what it comes to here, and what the shopper pays.
          <dl className="mt-2 flex flex-col gap-1.5 border-t border-black/10 pt-2 text-sm">
            <AddedTaxRows tax={addedTax} />
            <TotalsRow
              label={MESSAGES.pageTotalToPay}
              value={money(basket.totals.total + addedTax.total)}
              strong
            />
          </dl>
        ) : null}
      </div>
      <ContactSummary contact={state.contact} />
    </CheckoutCard>
  )
}

/** Who the order is for, as the shopper typed it (the phone in its UK form), to check before paying. */
function ContactSummary({ contact }: { contact: CheckoutState['contact'] }) {
  const shopCountry = useShopLocale().countryCode
  const text = useText()
  if (!contact) return null
  return (
    <section aria-labelledby="contact-summary-title" className="mt-4 border-t border-black/10 pt-3">
      <h3 id="contact-summary-title" className="font-semibold">
        {text(MESSAGES.pageYourDetails)}
      </h3>
      <p className="[overflow-wrap:anywhere]">
        {contact.firstName} {contact.lastName}
      </p>
      <p className="[overflow-wrap:anywhere]">{contact.email}</p>
      {contact.phoneNumber ? (
        <p className="tabular-nums">{displayPhone(contact.phoneNumber, shopCountry)}</p>
      ) : null}
      <a
        href={routePath('checkout-details')}
        className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
      >
        {text(MESSAGES.pageChangeYourDetails)}
      </a>
    </section>
  )
}

/**
 * The payment step (spec §2, §5 Payment source): the order summary, the sandbox banner in
 * sandbox mode and the payment form island.
 */
export function CheckoutPaymentPage({
  chrome,
  summary,
  state,
  order,
  origin,
  attempt,
  timeSlotsHref,
  alert,
  addedTax = null,
}: CheckoutPaymentPageProps) {
  const money = useMoney()
  const credit = state.basket.totals
  // What the card, wallet or cash is asked for: the basket's total and any tax added to it.
  const toPay = credit.total + (addedTax?.total ?? 0)
  // Store credit pays the whole order: nothing to choose, one button places it.
  const paidByCredit = toPay === 0 && credit.creditApplied > 0
  return (
    <CheckoutLayout chrome={chrome} summary={summary}>
      <CheckoutFrame
        title={MESSAGES.pagePayment}
        progress="payment"
        aside={<PaymentSummary state={state} addedTax={addedTax} />}
      >
        <SandboxBanner sandbox={state.sandbox} />
        <FormAlert id="payment-alert" message={alert ?? undefined} />
        {credit.creditAvailable !== null && credit.creditAvailable > 0 ? (
          <CheckoutCard title={MESSAGES.pageStoreCredit} titleId="store-credit-title">
            <StoreCreditSwitchIsland
              available={credit.creditAvailable}
              useCredit={credit.useCredit}
            />
          </CheckoutCard>
        ) : null}
        {paidByCredit ? (
          <CheckoutCard>
            <PaidByCreditForm attempt={attempt} />
          </CheckoutCard>
        ) : (
          <CheckoutCard>
            {state.weighedHold !== null ? (
              <p className="mb-3 font-semibold">
                {formatMessage('weighedHold', money(state.weighedHold))}
              </p>
            ) : null}
            <PaymentFormIsland
              order={order}
              total={toPay}
              paymentOptions={state.paymentOptions}
              savedCards={state.savedCards}
              cardGateway={state.cardGateway}
              origin={origin}
              attempt={attempt}
              billingHref={billingAddressHref(order.expectedTotal)}
              timeSlotsHref={timeSlotsHref}
              walletSandbox={state.wallets.sandbox}
              googlePay={state.wallets.googlePay}
            />
          </CheckoutCard>
        )}
      </CheckoutFrame>
    </CheckoutLayout>
  )
}

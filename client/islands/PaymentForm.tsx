import { lazy, Suspense, useState, type FormEvent } from 'react'
import type { CardGateway, PaymentOptions, SavedCard } from '../../schemas/checkout.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { SandboxWalletTokenSchema } from '../../schemas/checkout-answers.ts'
import { startApplePay } from '../components/payment/apple-pay.ts'
import { CashConfirmation } from '../components/payment/CashConfirmation.tsx'
import { startGooglePay, type GooglePayConfig } from '../components/payment/google-pay.ts'
import {
  choiceOptions,
  isWallet,
  savedCardOf,
  WALLETS,
  type Choice,
  type WalletChoice,
} from '../components/payment/payment-choices.ts'
import { PaymentChoiceList } from '../components/payment/PaymentChoiceList.tsx'
import { usePlaceOrder } from '../components/payment/use-place-order.ts'
import { useWalletAvailability } from '../components/payment/use-wallet-availability.ts'
import { postJsonAs } from '../lib/api.ts'
import { SANDBOX_WALLET_TOKEN_URL } from '../lib/api-paths.ts'
import {
  PAYMENT_ATTEMPT_FIELD,
  SAVED_CARD_QUERY,
  SHOWN_TOTAL_FIELD,
  type OrderDraft,
} from '../lib/payment-step.ts'
import { routePath } from '../lib/routes.ts'
import { useMoney, useShopLocale } from '../lib/shop-locale.ts'
import { useText } from '../lib/page-text.ts'

/**
 * What the payment form may say only after the shopper acts (island texts): its button as the
 * choice changes, the refusals it fills in English, and the sandbox wallet sheet's words.
 */
export const PAYMENT_FORM_TEXTS = [
  MESSAGES.pageProcessing,
  MESSAGES.pageContinue,
  MESSAGES.pagePayTotal,
  MESSAGES.paymentSourceRequired,
  MESSAGES.cashConfirmRequired,
  MESSAGES.applePayAvailability,
  MESSAGES.googlePayFailed,
  MESSAGES.systemError,
  MESSAGES.storeClosedCheckout,
  MESSAGES.paymentFailed,
  MESSAGES.pageChooseNewSlot,
  MESSAGES.sandboxBanner,
  MESSAGES.pageSandboxNamed,
  MESSAGES.pageTestOutcome,
  MESSAGES.pageApproved,
  MESSAGES.pageDeclined,
  MESSAGES.pageCancel,
]

// Only sandbox wallets open a sheet, and only when chosen: its dialog code loads then.
const SandboxWalletSheet = lazy(() =>
  import('../components/checkout/SandboxWalletSheet.tsx').then((module) => ({
    default: module.SandboxWalletSheet,
  }))
)

export interface PaymentFormProps {
  order: OrderDraft
  total: number
  paymentOptions: PaymentOptions
  savedCards: Array<SavedCard>
  cardGateway: CardGateway
  /** This site's origin: the gateway's return addresses are absolute. */
  origin: string
  /** The no-JavaScript post's attempt anchor; the island makes its own keys per attempt. */
  attempt: string
  /** Where a new card goes first (the billing address step). */
  billingHref: string
  /** The time-slot page, for a slot that lapsed while paying. */
  timeSlotsHref: string
  /**
   * No wallet merchant configured in sandbox mode: Apple Pay and Google Pay open the sandbox
   * wallet sheet instead of the device's (spec §4 sandbox).
   */
  walletSandbox?: boolean
  /** Google Pay's gateway tokenisation (real Google Pay); without it only the sandbox sheet. */
  googlePay?: GooglePayConfig | null
  islandId?: string
}

// The page's own no-JavaScript handler (worker/pages/checkout/payment.tsx).
const PAYMENT_FORM_ACTION = routePath('checkout-payment')

/**
 * The payment step's choice of payment source (spec §5 Payment source): a saved card, a new card
 * (billing address, then the hosted card page), a wallet where the store and the device allow it,
 * or cash where the store takes it (with the shopper's confirmation that the amount will be
 * ready, spec §5 Cash orders). Paying runs process order then make payment (usePlaceOrder).
 */
export function PaymentForm({
  order,
  total,
  paymentOptions,
  savedCards,
  cardGateway,
  origin,
  attempt: formAttempt,
  billingHref,
  timeSlotsHref,
  walletSandbox = false,
  googlePay = null,
  islandId = 'paymentform',
}: PaymentFormProps) {
  const money = useMoney()
  const text = useText()
  const shop = useShopLocale()
  const [choice, setChoice] = useState<Choice | null>(null)
  const [walletSheet, setWalletSheet] = useState<WalletChoice | null>(null)
  const [cashConfirmed, setCashConfirmed] = useState(false)
  const placing = usePlaceOrder({ order, origin, savedCards, cardGateway })
  const { busy, error, showFieldError } = placing

  const device = useWalletAvailability()
  // The sandbox sheet stands in for the device's wallet, so it is offered from the first render.
  const wallets = {
    apple: paymentOptions.applePay && (walletSandbox || device.apple),
    google: paymentOptions.googlePay && (walletSandbox || (device.google && googlePay !== null)),
  }
  const formErrorId = `${islandId}-form-error`

  /** A saved frames card is charged with its CVV, typed in the provider's frame on the card step. */
  function savedFramesCard(current: Choice | null): SavedCard | undefined {
    const card = savedCardOf(savedCards, current)
    return card?.gateway === 'frames' ? card : undefined
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (!choice) {
      showFieldError({ field: 'choice', message: MESSAGES.paymentSourceRequired })
      return
    }
    if (choice === 'new-card') {
      window.location.assign(billingHref)
      return
    }
    const framesCard = savedFramesCard(choice)
    if (framesCard) {
      const query = { [SAVED_CARD_QUERY]: String(framesCard.cardId) }
      window.location.assign(routePath('checkout-payment-card-form', undefined, query))
      return
    }
    if (choice === 'cash' && !cashConfirmed) {
      showFieldError({ field: 'cash', message: MESSAGES.cashConfirmRequired })
      return
    }
    showFieldError(null)
    if (isWallet(choice)) {
      startWallet(choice)
      return
    }
    await placing.payOrShow(choice)
  }

  /** Opens the wallet's sheet: the sandbox sheet, or the device's Apple Pay / Google Pay. */
  function startWallet(wallet: WalletChoice) {
    if (walletSandbox) {
      setWalletSheet(wallet)
      return
    }
    const sheet = { total, shop, ...placing.startWalletSheet(wallet, WALLETS[wallet].failed) }
    if (wallet === 'apple-pay') startApplePay({ ...sheet, storeId: order.storeId })
    else void startGooglePay({ ...sheet, config: googlePay })
  }

  /** The sandbox sheet's Pay: a signed test token with the chosen outcome, then the payment. */
  async function paySandboxWallet(wallet: WalletChoice, outcome: 'approve' | 'decline') {
    setWalletSheet(null)
    const body = { wallet: WALLETS[wallet].method, outcome }
    const token = async () =>
      (await postJsonAs(SANDBOX_WALLET_TOKEN_URL, body, SandboxWalletTokenSchema)).tokenData
    await placing.payWithTokenFrom(wallet, token, WALLETS[wallet].failed)
  }

  function choose(next: Choice) {
    setChoice(next)
    if (error?.field === 'choice') showFieldError(null)
  }

  return (
    <form
      method="post"
      action={PAYMENT_FORM_ACTION}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error?.field === 'form' ? formErrorId : undefined}
      className="group/payment"
    >
      {error?.field === 'form' ? (
        // The form's error summary takes focus when it appears (issue 35 item 15).
        <div
          id={formErrorId}
          role="alert"
          tabIndex={-1}
          autoFocus
          className="mb-5 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40"
        >
          <p>{text(error.message)}</p>
          {placing.slotLapsed ? (
            <a
              href={timeSlotsHref}
              className="mt-2 inline-flex min-h-11 items-center text-primary underline underline-offset-4"
            >
              {text(MESSAGES.pageChooseNewSlot)}
            </a>
          ) : null}
        </div>
      ) : null}
      <input type="hidden" name={PAYMENT_ATTEMPT_FIELD} value={formAttempt} />
      <input type="hidden" name={SHOWN_TOTAL_FIELD} value={order.expectedTotal} />
      <PaymentChoiceList
        idPrefix={islandId}
        options={choiceOptions({ paymentOptions, savedCards, wallets, walletSandbox })}
        choice={choice}
        onChoose={choose}
        error={error?.field === 'choice' ? error.message : null}
      />
      {walletSheet ? (
        <Suspense fallback={null}>
          <SandboxWalletSheet
            name={WALLETS[walletSheet].name}
            total={total}
            onPay={(outcome) => void paySandboxWallet(walletSheet, outcome)}
            onCancel={() => setWalletSheet(null)}
          />
        </Suspense>
      ) : null}
      {paymentOptions.paymentCash ? (
        <CashConfirmation
          idPrefix={islandId}
          total={total}
          fulfilmentMethod={order.fulfilmentMethod}
          confirmed={cashConfirmed}
          onConfirm={(confirmed) => {
            setCashConfirmed(confirmed)
            if (error?.field === 'cash') showFieldError(null)
          }}
          error={error?.field === 'cash' ? error.message : null}
        />
      ) : null}
      <button
        type="submit"
        disabled={busy}
        aria-disabled={busy}
        className="mt-6 h-12 w-full rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 disabled:opacity-60"
      >
        {busy
          ? text(MESSAGES.pageProcessing)
          : choice === 'new-card' || savedFramesCard(choice)
            ? text(MESSAGES.pageContinue)
            : text(MESSAGES.pagePayTotal, money(total))}
      </button>
    </form>
  )
}

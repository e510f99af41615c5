import type { PaymentOptions, SavedCard } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { CARD_BRAND_NAMES } from '../../lib/card-brands.ts'

/*
 * The payment step's choices (spec §5 Payment source) and what each one pays with.
 */

export type WalletChoice = 'apple-pay' | 'google-pay'
export type Choice = `card-${number}` | 'new-card' | 'cash' | WalletChoice

export const WALLETS: Readonly<
  Record<WalletChoice, { method: 'applePay' | 'googlePay'; name: string; failed: string }>
> = {
  'apple-pay': { method: 'applePay', name: 'Apple Pay', failed: MESSAGES.applePayAvailability },
  'google-pay': { method: 'googlePay', name: 'Google Pay', failed: MESSAGES.googlePayFailed },
}

export function isWallet(choice: Choice): choice is WalletChoice {
  return choice === 'apple-pay' || choice === 'google-pay'
}

export function savedCardChoice(card: SavedCard): Choice {
  return `card-${card.cardId}`
}

/** The saved card a choice names, if it names one. */
export function savedCardOf(
  savedCards: Array<SavedCard>,
  choice: Choice | null
): SavedCard | undefined {
  return savedCards.find((saved) => savedCardChoice(saved) === choice)
}

export interface ChoiceOption {
  value: Choice
  /** A catalogue message (MESSAGES.x) or a name, said by the list. */
  label: string
  /** Under the label: a catalogue message and its values, said by the list. */
  detail?: { message: string; values: ReadonlyArray<string> }
  /** The saved card whose brand icon shows beside it. */
  card?: SavedCard
}

/**
 * The choices offered, in order: saved cards and a new card where the store takes cards, cash
 * where it takes cash, then each wallet the store and the device allow.
 */
export function choiceOptions(input: {
  paymentOptions: PaymentOptions
  savedCards: Array<SavedCard>
  wallets: { apple: boolean; google: boolean }
  walletSandbox: boolean
}): Array<ChoiceOption> {
  const { paymentOptions, savedCards, wallets, walletSandbox } = input
  const options: Array<ChoiceOption> = []
  if (paymentOptions.paymentCard) {
    for (const card of savedCards) {
      options.push({
        value: savedCardChoice(card),
        label: `${CARD_BRAND_NAMES[card.brand]} •••• ${card.last4}`,
        detail: {
          message: MESSAGES.pageExpiresOn,
          values: [
            `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`,
          ],
        },
        card,
      })
    }
    options.push({ value: 'new-card', label: MESSAGES.pageNewCard })
  }
  if (paymentOptions.paymentCash) options.push({ value: 'cash', label: MESSAGES.pageCash })
  const offered: Array<[WalletChoice, boolean]> = [
    ['apple-pay', wallets.apple],
    ['google-pay', wallets.google],
  ]
  for (const [wallet, available] of offered) {
    if (!available) continue
    const { name } = WALLETS[wallet]
    options.push({
      value: wallet,
      label: name,
      ...(walletSandbox ? { detail: { message: MESSAGES.pageSandboxNamed, values: [name] } } : {}),
    })
  }
  return options
}

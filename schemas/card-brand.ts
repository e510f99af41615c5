import type { CardBrand } from './payments.ts'

/*
 * Card brand and checksum of a typed card number, for display only (the brand icon, an early
 * "Card form is not valid"): the gateway decides whether a card is accepted. Shared by the sandbox
 * card page and the storefront's card form island.
 */

/** Digits only: spaces and dashes that shoppers type are dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '')
}

function inRange(digits: string, length: number, low: number, high: number): boolean {
  const prefix = Number(digits.slice(0, length))
  return digits.length >= length && prefix >= low && prefix <= high
}

/**
 * The brand of a card number by its leading digits (IIN ranges): Visa 4; Mastercard 51–55 and
 * 2221–2720; Discover 6011, 644–649, 65 and 622126–622925; JCB 3528–3589. Null for anything else.
 *
 * @example detectCardBrand('4263 9700 0000 5262') // 'visa'
 */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = cardDigits(number)
  if (!/^\d+$/.test(digits)) return null
  if (digits.startsWith('4')) return 'visa'
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard'
  if (
    digits.startsWith('6011') ||
    digits.startsWith('65') ||
    inRange(digits, 3, 644, 649) ||
    inRange(digits, 6, 622126, 622925)
  ) {
    return 'discover'
  }
  if (inRange(digits, 4, 3528, 3589)) return 'jcb'
  return null
}

/**
 * The Luhn (mod 10) check of a 12–19 digit card number.
 *
 * @example luhnValid('4263970000005262') // true
 */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number)
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

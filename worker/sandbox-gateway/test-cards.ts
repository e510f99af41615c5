import type { CardBrand } from '../../schemas/payments.ts'
import { HPP_RESULT } from '../realex/hpp.ts'

/*
 * The Global Payments test cards the local sandbox accepts (reference/security-payments-platform.md
 * §3) and the RESULT each one answers. Any other number is refused, so a real card number typed
 * by mistake is never processed, stored or logged.
 */

export interface TestCard {
  brand: CardBrand
  result: string
  message: string
  /** A 3-D Secure challenge comes first; its outcome decides the RESULT. */
  challenge: boolean
}

const success = { result: HPP_RESULT.success, message: 'AUTH CODE: 12345', challenge: false }
const declined = { result: HPP_RESULT.declined, message: 'DECLINED', challenge: false }

export const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map<string, TestCard>([
  ['4263970000005262', { brand: 'visa', ...success }],
  ['5425230000004415', { brand: 'mastercard', ...success }],
  ['4000120000001154', { brand: 'visa', ...declined }],
  ['5114610000004778', { brand: 'mastercard', ...declined }],
  [
    '4000130000001724',
    { brand: 'visa', result: HPP_RESULT.referralB, message: 'REFERRAL B', challenge: false },
  ],
  [
    '4000160000004147',
    { brand: 'visa', result: HPP_RESULT.referralA, message: 'REFERRAL A', challenge: false },
  ],
  [
    '4242420000000091',
    {
      brand: 'visa',
      result: '111',
      message: 'STRONG CUSTOMER AUTHENTICATION REQUIRED',
      challenge: false,
    },
  ],
  ['4012001038488884', { brand: 'visa', ...success, challenge: true }],
])

/** The MESSAGE the sandbox answers with for a RESULT. */
export function resultMessage(result: string): string {
  for (const card of TEST_CARDS.values()) if (card.result === result) return card.message
  return 'DECLINED'
}

/** SAVED_PMT_TYPE of a brand, as Realex writes it. */
export const SAVED_PMT_TYPE: Readonly<Record<CardBrand, string>> = {
  visa: 'VISA',
  mastercard: 'MC',
  discover: 'DISCOVER',
  jcb: 'JCB',
}

import { formatMoney } from '../../../schemas/money.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

/*
 * The words of the points history and of the credit a reward gives. They name orders and
 * amounts, never a person: a forgotten member's history must hold nothing that says who they
 * were (README "Privacy").
 */

export function earnedWords(orderNumber: string): string {
  return `Points for order ${orderNumber}`
}

/** A refund's points taken back; when they had already become credit, says what happens next. */
export function reversedWords(orderNumber: string, owed: boolean): string {
  const taken = `Points taken back: order ${orderNumber} was refunded`
  return owed
    ? `${taken}. These points had already become store credit, which you keep, so the points ` +
        'you earn next pay them back first.'
    : taken
}

export function rewardWords(points: number, value: number, shop: ShopLocale = GB_LOCALE): string {
  return `${points} points became ${formatMoney(value, shop)} store credit`
}

/** The store credit ledger's line for a reward. */
export function rewardCreditWords(schemeName: string, points: number): string {
  return `${schemeName}: reward for ${points} points`
}

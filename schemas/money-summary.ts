import { fillMessage, type Say } from './message-format.ts'
import { sayIn } from './message-catalogue.ts'
import { MESSAGES } from './messages.ts'
import { formatMoney } from './money.ts'
import type { OrderStatusName } from './order-states.ts'
import { GB_LOCALE, type ShopLocale } from './locale.ts'

/*
 * What an order's money came to, for everyone who is told about it (issue 35 items 3 and 5):
 * what was charged, what was given back and how, what is still to come. Pure and in pence (ADR
 * 005), so the store console, the tracking page, the shopper's email and the member's order page
 * say the same thing. A reject, cancel or failed delivery gives back under its own label; only
 * refunds made after delivery are "refunds after delivery".
 */

/** The order's money fields (spec §2) and what has actually gone back so far. */
export interface MoneyFacts {
  status: OrderStatusName
  paymentMethod: string | null
  /** What checkout charged to the payment (after store credit). */
  originalTotal: number
  /** Store credit the order spent. */
  creditApplied: number
  /** Signed: picking differences (≤ 0). */
  totalAdjustment: number
  refund: number
  tipRefund: number
  /** What the shopper finally pays. */
  total: number
  /** Refunds and voids the gateway confirmed (cash: recorded). */
  givenBack: number
  /** Store credit given back to the member (order returns, refunds as credit). */
  creditReturned: number
}

/** Why money went back when the order ended without reaching the shopper. */
export type ClosingKind = 'store_rejected' | 'cancelled' | 'unable_to_deliver'

export interface MoneySummary {
  /** What the payment was charged at checkout. */
  charged: number
  creditUsed: number
  /** Taken off by picking (short, out of stock, cheaper substitute), ≥ 0. */
  pickingChanges: number
  /** Given back when the order ended (reject, cancel, failed delivery); null otherwise. */
  closing: { kind: ClosingKind; amount: number } | null
  /** Refunds of lines or the whole order after it was delivered. */
  refundsAfterDelivery: number
  creditReturned: number
  /** What the payment owes back in all: charged − what the shopper finally pays. */
  owedBack: number
  /** Of that, what has gone back (a void counts as all of it). */
  givenBack: number
  /** What is still to come back to the payment. */
  stillToCome: number
  total: number
  cash: boolean
}

const CLOSING: ReadonlyArray<string> = ['store_rejected', 'cancelled', 'unable_to_deliver']

export function isClosing(status: OrderStatusName): status is ClosingKind {
  return CLOSING.includes(status)
}

export function moneySummary(facts: MoneyFacts): MoneySummary {
  const backByAction = facts.refund + facts.tipRefund
  const closing = isClosing(facts.status) ? { kind: facts.status, amount: backByAction } : null
  const cash = facts.paymentMethod === 'paymentCash'
  // Cash is paid at the door: an order that ended before it took nothing, so owes nothing back.
  const owedBack = cash && closing !== null ? 0 : Math.max(0, facts.originalTotal - facts.total)
  // A void gives back the whole authorisation, also the part picking took off: never more than
  // the payment owes back. A cash refund the staff gave as store credit is given back too (the
  // door's and the store's are recorded as given).
  const givenBack = Math.min(owedBack, facts.givenBack + (cash ? facts.creditReturned : 0))
  return {
    charged: facts.originalTotal,
    creditUsed: facts.creditApplied,
    pickingChanges: Math.max(0, -facts.totalAdjustment),
    closing,
    refundsAfterDelivery: closing === null ? backByAction : 0,
    creditReturned: facts.creditReturned,
    owedBack,
    givenBack,
    stillToCome: owedBack - givenBack,
    total: facts.total,
    cash,
  }
}

export const CLOSING_LABELS: Record<ClosingKind, string> = {
  store_rejected: MESSAGES.pageMoneyGivenBackRejected,
  cancelled: MESSAGES.pageMoneyGivenBackCancelled,
  unable_to_deliver: MESSAGES.pageMoneyGivenBackUndelivered,
}

/** One line of the money table as a page shows it: a label and an amount (negative: off). */
export interface MoneyRow {
  key: string
  label: string
  amount: number
}

/**
 * The rows worth showing: charged, then what came off and back, then what is still to come; each
 * label said by `say` (the backend's sayIn(shop): the business's language; English by default).
 */
export function moneyRows(summary: MoneySummary, say: Say = fillMessage): Array<MoneyRow> {
  const rows: Array<MoneyRow> = [
    { key: 'charged', label: say(MESSAGES.pageMoneyCharged), amount: summary.charged },
  ]
  if (summary.creditUsed > 0) {
    rows.push({
      key: 'credit_used',
      label: say(MESSAGES.pageMoneyCreditUsed),
      amount: summary.creditUsed,
    })
  }
  if (summary.pickingChanges > 0) {
    rows.push({
      key: 'picking',
      label: say(MESSAGES.pageMoneyPickingChanges),
      amount: -summary.pickingChanges,
    })
  }
  if (summary.closing !== null && summary.closing.amount > 0) {
    rows.push({
      key: 'closing',
      label: say(CLOSING_LABELS[summary.closing.kind]),
      amount: -summary.closing.amount,
    })
  }
  if (summary.refundsAfterDelivery > 0) {
    rows.push({
      key: 'after_delivery',
      label: say(MESSAGES.pageMoneyRefundsAfterDelivery),
      amount: -summary.refundsAfterDelivery,
    })
  }
  if (summary.creditReturned > 0) {
    rows.push({
      key: 'credit_returned',
      label: say(MESSAGES.pageMoneyReturnedToCredit),
      amount: summary.creditReturned,
    })
  }
  rows.push({ key: 'total', label: say(MESSAGES.pageTotal), amount: summary.total })
  if (!summary.cash || summary.givenBack > 0) {
    rows.push({
      key: 'given_back',
      label: say(MESSAGES.pageMoneyGivenBackSoFar),
      amount: summary.givenBack,
    })
  }
  if (summary.stillToCome > 0) {
    rows.push({
      key: 'to_come',
      label: say(MESSAGES.pageMoneyStillToCome),
      amount: summary.stillToCome,
    })
  }
  return rows
}

const CLOSING_MESSAGES: Record<ClosingKind, { cash: string; toCome: string; givenBack: string }> = {
  store_rejected: {
    cash: MESSAGES.orderTrackingRejectedCash,
    toCome: MESSAGES.orderTrackingRejected,
    givenBack: MESSAGES.orderTrackingRejectedGivenBack,
  },
  cancelled: {
    cash: MESSAGES.orderTrackingCancelledCash,
    toCome: MESSAGES.orderTrackingCancelled,
    givenBack: MESSAGES.orderTrackingCancelledGivenBack,
  },
  unable_to_deliver: {
    cash: MESSAGES.orderTrackingDeliveryProblem,
    toCome: MESSAGES.orderTrackingDeliveryProblemRefunded,
    givenBack: MESSAGES.orderTrackingDeliveryProblemGivenBack,
  },
}

/**
 * What the shopper is told about an ended order's money: nothing was charged (cash), it has been
 * given back (a void, a refund the gateway confirmed), or it will be; then the credit returned.
 * In the shop's language and money (two messages, each said on its own); English by default. Null
 * for an order that did not end.
 */
export function closingMessage(summary: MoneySummary, shop: ShopLocale = GB_LOCALE): string | null {
  if (summary.closing === null) return null
  const say = sayIn(shop)
  const words = CLOSING_MESSAGES[summary.closing.kind]
  const credit =
    summary.creditReturned > 0
      ? ` ${say(MESSAGES.orderTrackingCreditReturned, formatMoney(summary.creditReturned, shop))}`
      : ''
  if (summary.cash || summary.owedBack === 0 || summary.closing.amount === 0) {
    return `${say(words.cash)}${credit}`
  }
  // The amount is the ending's own (what picking took off was told when picking finished).
  const english = summary.stillToCome === 0 ? words.givenBack : words.toCome
  return `${say(english, formatMoney(summary.closing.amount, shop))}${credit}`
}

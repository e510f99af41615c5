import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { OrderActionType } from '../../../schemas/order-states.ts'
import { returnOrderCredit, returnPickingBeyondCard } from '../credit/order-credit.ts'
import { creditReturnedBy } from '../credit/order-credit-repo.ts'
import type { StoreOrderRow } from '../orders/repo.ts'
import { trackingMessage, type MoneyOutcome } from './effects.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'

/*
 * The store credit side of an action's effects (ADR 020 "Refunds"): the card gives back what it
 * paid (effects.ts), the credit the order spent comes back as credit. Idempotent by the ledger's
 * references, so a double press or a retried effect gives it back once.
 */

/** The action's part that goes back as credit: the rest of a refund_lines beyond the card. */
export interface CreditWrite {
  token: string
  creditBack?: number
}

/** Credit given back by a committed action, in pence (0: none, or given back before). */
export async function giveCreditBack(
  db: D1Database,
  after: StoreOrderRow,
  action: OrderActionType,
  write: CreditWrite,
  now: Date
): Promise<MoneyOutcome> {
  switch (action) {
    case 'reject':
    case 'auto_reject':
    case 'cancel':
    case 'unable_to_deliver':
    case 'refund_order':
      return returnOrderCredit(db, after.id, now)
    case 'refund_lines':
      // Written in the action's batch (transitions-repo.ts), under its own condition.
      return (write.creditBack ?? 0) > 0
        ? creditReturnedBy(db, after.id, `order:${after.id}:return:${write.token}`)
        : 0
    case 'finish_picking':
      return returnPickingBeyondCard(db, after.id, now)
    default:
      return 0
  }
}

/**
 * The shopper's message with the credit that came back: the card's sentence (trackingMessage),
 * then the credit's. An order the card paid nothing for (cash, or all credit) says so, not
 * "£0.00 will be refunded".
 */
export function trackingMessageWithCredit(
  action: OrderActionType,
  moneyBack: MoneyOutcome,
  fallbackAmount: number,
  cash: boolean,
  creditBack: MoneyOutcome,
  /** Says each sentence on its own, in the shop's language and money: English by default. */
  shop: ShopLocale = GB_LOCALE
): string | null {
  if (creditBack <= 0) return trackingMessage(action, moneyBack, fallbackAmount, cash, shop)
  const say = sayIn(shop)
  const credit = say(MESSAGES.orderTrackingCreditReturned, formatMoney(creditBack, shop))
  const cardNothing = cash || (moneyBack <= 0 && fallbackAmount <= 0)
  if (cardNothing && (action === 'refund_order' || action === 'refund_lines')) return credit
  if (cardNothing && action === 'finish_picking') {
    return `${say(MESSAGES.orderTrackingPicked)} ${credit}`
  }
  const card = trackingMessage(action, moneyBack, fallbackAmount, cardNothing, shop)
  return card === null ? credit : `${card} ${credit}`
}

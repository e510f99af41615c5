import { formatMessage } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { effectStatement } from '../effects/repo.ts'
import { ACTION_EFFECTS } from './action-effect-rows.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

/*
 * The outbox rows of credit a manager gives (ADR 020, ADR 037): the shopper's email and the
 * boards' and tracking's notice, written in the credit's own batch only where that batch wrote
 * the credit, keyed by the request, so a retried or racing request writes none again. They run
 * through the store action's email and notice handlers (action-effects.ts).
 */

export function creditEffectKeys(orderId: number, key: string): { email: string; notice: string } {
  const base = `order:${orderId}:credit:${key}`
  return { email: `${base}:email`, notice: `${base}:notice` }
}

/**
 * The rows for the credit's batch; `written` is the condition (SQL returning a row) that the
 * batch's credit is in the ledger.
 */
export function creditEffectStatements(
  db: D1Database,
  credit: { businessId: number; orderId: number; storeId: number; amount: number; key: string },
  now: Date,
  written: { sql: string; params: ReadonlyArray<string | number | null> },
  shop: ShopLocale = GB_LOCALE
): Array<D1PreparedStatement> {
  const keys = creditEffectKeys(credit.orderId, credit.key)
  const base = { orderId: credit.orderId, storeId: credit.storeId }
  const message = formatMessage('orderTrackingCreditReturned', formatMoney(credit.amount, shop))
  const row = (key: string, kind: string, payload: Record<string, string | number>) =>
    effectStatement(db, { businessId: credit.businessId, key, kind, payload }, now, written)
  return [
    row(keys.email, ACTION_EFFECTS.email, { ...base, message }),
    row(keys.notice, ACTION_EFFECTS.notice, base),
  ]
}

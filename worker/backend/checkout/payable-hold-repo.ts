/*
 * The order's hold in the batch that pays it (ADR 069), and the one place that knows how that
 * hold aborts a batch: a guard that fails writes null into orders.cash_confirmed (not null), so
 * D1 rolls back the whole batch with SQLite's NOT NULL error on that column. D1 gives no code
 * for it, only the message, so isOrderNoLongerPayable reads the column the message names (on the
 * error or any cause it wraps) and nothing else; test/integration/checkout/payable-hold.test.ts
 * provokes the real abort on the migrated database, so a change in D1's wording fails there.
 */

/** The column the hold writes null into when the order can no longer be paid. */
const SENTINEL = { table: 'orders', column: 'cash_confirmed' } as const

/**
 * A cash (or store credit) payment's hold on its order, first after its key in the batch that
 * takes it and places the order: the order is still unpaid, at the total the payment takes,
 * priced from its basket as the basket is now, and the shopper's cash confirmation is recorded;
 * otherwise the statement writes null into cash_confirmed, which rolls the whole batch back
 * (isOrderNoLongerPayable): no attempt, no placing, no key.
 */
export function payableCashStatement(
  db: D1Database,
  order: { orderId: number; total: number },
  cashConfirmed: boolean
): D1PreparedStatement {
  return db
    .prepare(
      `update ${SENTINEL.table} set ${SENTINEL.column} = case
         when status in ('draft', 'payment_pending', 'payment_failed') and total = ?2
           and exists (select 1 from baskets b where b.id = orders.basket_id
                       and b.status = 'active' and b.version = orders.basket_version)
           then case when ?3 = 1 then 1 else ${SENTINEL.column} end
         end
       where id = ?1`
    )
    .bind(order.orderId, order.total, cashConfirmed ? 1 : 0)
}

/**
 * A card attempt's hold on its order, in the batch that claims its key and writes the attempt
 * before the gateway is asked: payableCashStatement's guard without a cash confirmation
 * (cash_confirmed is written back unchanged), rolling the batch back the same way.
 */
export function payableCardStatement(
  db: D1Database,
  order: { orderId: number; total: number }
): D1PreparedStatement {
  return payableCashStatement(db, order, false)
}

/**
 * A direct card or wallet authorisation's hold on its order, after its record in the batch that
 * places the order: the authorisation is kept (no void_reason, which its record decides in the
 * same transaction), else the batch rolls back as payableCashStatement's does, so nothing of the
 * placing is written for an authorisation that will be voided.
 */
export function keptAuthorisationStatement(
  db: D1Database,
  orderId: number,
  paymentId: number
): D1PreparedStatement {
  return db
    .prepare(
      `update ${SENTINEL.table} set ${SENTINEL.column} = case
         when exists (select 1 from payments p where p.id = ?2 and p.order_id = orders.id
                      and p.status = 'authorised' and p.void_reason is null)
           then ${SENTINEL.column}
         end
       where id = ?1`
    )
    .bind(orderId, paymentId)
}

// SQLite's words for a null written into a NOT NULL column, with the table and column it names.
const NOT_NULL_FAILED = /\bNOT NULL constraint failed: ([A-Za-z_]\w*)\.([A-Za-z_]\w*)\b/

/** The error's own message and those of the causes it wraps (D1 wraps SQLite's error). */
function messagesOf(error: unknown): Array<string> {
  const messages: Array<string> = []
  let current: unknown = error
  // A few levels are all D1 nests; the bound keeps a cause cycle from looping.
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    messages.push(current.message)
    current = current.cause
  }
  return messages
}

/**
 * Whether a batch was rolled back by payableCashStatement (or payableCardStatement, or
 * keptAuthorisationStatement): a NOT NULL
 * failure on exactly orders.cash_confirmed. Any other failure (another column, a CHECK, a
 * duplicate key) is not the hold's and is left to its own handling.
 */
export function isOrderNoLongerPayable(error: unknown): boolean {
  return messagesOf(error).some((message) => {
    const failed = NOT_NULL_FAILED.exec(message)
    return failed?.[1] === SENTINEL.table && failed[2] === SENTINEL.column
  })
}

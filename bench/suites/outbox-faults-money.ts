import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'

/*
 * The fault bench's money check (issue 37): what the shop recorded as given back on its card
 * payments against what the local sandbox's own ledger says it gave back — the sandbox stands
 * for the provider and keeps its ledger on the database without faults. A refund the shop counts
 * done is in the sandbox's ledger once, for that amount; a void the shop counts done voided the
 * sandbox's transaction; the sandbox gave back nothing the shop does not know of.
 */

/** One card payment of the run's orders, with the shop's and the sandbox's records of it. */
export interface CardMoneyRow {
  orderId: number
  paymentId: number
  gatewayOrderId: string
  /** The shop's refund rows done, and their sum. */
  refundsDone: number
  refundedDone: number
  /** The shop's void row is done. */
  voidDone: boolean
  /** The shop's refund and void rows not settled (pending or unknown). */
  unsettled: number
  /** All the shop's refund and void rows (requested). */
  requested: number
  /** The sandbox's ledger: refunds taken and their sum, and whether it voided the transaction. */
  sandboxRefunds: number
  sandboxRefunded: number
  sandboxVoided: boolean
}

/** The card payments of these orders with both records; one query each side. */
export function cardMoneyOf(
  stateDir: string,
  orderIds: ReadonlyArray<number>
): Array<CardMoneyRow> {
  if (orderIds.length === 0) return []
  const ids = orderIds.join(', ')
  return queryLocalD1(
    stateDir,
    `select p.order_id, p.id as payment_id, p.gateway_order_id,
       (select count(*) from payment_refunds r where r.payment_id = p.id) as requested,
       (select count(*) from payment_refunds r where r.payment_id = p.id and r.kind = 'refund'
          and r.status = 'done') as refunds_done,
       (select coalesce(sum(r.amount), 0) from payment_refunds r where r.payment_id = p.id
          and r.kind = 'refund' and r.status = 'done') as refunded_done,
       (select count(*) from payment_refunds r where r.payment_id = p.id and r.kind = 'void'
          and r.status = 'done') as voids_done,
       (select count(*) from payment_refunds r where r.payment_id = p.id
          and r.status in ('pending', 'unknown')) as unsettled,
       (select count(*) from sandbox_refunds f where f.provider = 'realex'
          and f.transaction_ref = p.gateway_order_id) as sandbox_refunds,
       (select coalesce(sum(f.amount), 0) from sandbox_refunds f where f.provider = 'realex'
          and f.transaction_ref = p.gateway_order_id) as sandbox_refunded,
       (select count(*) from sandbox_hpp_requests h where h.order_id = p.gateway_order_id
          and h.status = 'voided') as sandbox_voided
     from payments p
     where p.order_id in (${ids}) and p.gateway = 'realex' and p.status <> 'pending'`
  ).map((row) => ({
    orderId: Number(row.order_id),
    paymentId: Number(row.payment_id),
    gatewayOrderId: String(row.gateway_order_id),
    requested: Number(row.requested),
    refundsDone: Number(row.refunds_done),
    refundedDone: Number(row.refunded_done),
    voidDone: Number(row.voids_done) > 0,
    unsettled: Number(row.unsettled),
    sandboxRefunds: Number(row.sandbox_refunds),
    sandboxRefunded: Number(row.sandbox_refunded),
    sandboxVoided: Number(row.sandbox_voided) > 0,
  }))
}

/** Where the shop's record and the sandbox's ledger disagree, or money back is not settled. */
export function moneyBackBroken(
  rows: ReadonlyArray<CardMoneyRow>,
  expected: { refunded: ReadonlyArray<number>; rejected: ReadonlyArray<number> }
): Array<string> {
  const broken: Array<string> = []
  for (const row of rows) {
    const name = `card payment ${row.paymentId} of order ${row.orderId}`
    if (row.unsettled > 0) broken.push(`${name}: ${row.unsettled} refunds or voids not settled`)
    if (row.sandboxRefunded !== row.refundedDone || row.sandboxRefunds !== row.refundsDone) {
      broken.push(
        `${name}: the shop has ${row.refundsDone} refunds of ${row.refundedDone}p done, ` +
          `the sandbox ${row.sandboxRefunds} of ${row.sandboxRefunded}p`
      )
    }
    if (row.voidDone !== row.sandboxVoided) {
      broken.push(`${name}: void done ${row.voidDone}, voided at the sandbox ${row.sandboxVoided}`)
    }
  }
  const paidBack = (orderId: number) =>
    rows.some((row) => row.orderId === orderId && (row.refundsDone > 0 || row.voidDone))
  for (const orderId of [...expected.refunded, ...expected.rejected]) {
    if (rows.some((row) => row.orderId === orderId) && !paidBack(orderId)) {
      broken.push(`card order ${orderId}: the store gave it back but no money came back`)
    }
  }
  return broken
}

/** The figures the bench prints: requested, refused by the gateway, settled at the sandbox. */
export function moneyBackFigures(rows: ReadonlyArray<CardMoneyRow>): {
  requested: number
  refused: number
  refundsSettled: number
  voidsSettled: number
  unsettled: number
} {
  return {
    requested: rows.reduce((sum, row) => sum + row.requested, 0),
    refused: rows.reduce(
      (sum, row) => sum + row.requested - row.refundsDone - (row.voidDone ? 1 : 0) - row.unsettled,
      0
    ),
    refundsSettled: rows.reduce(
      (sum, row) => sum + (row.sandboxRefunds === row.refundsDone ? row.sandboxRefunds : 0),
      0
    ),
    voidsSettled: rows.filter((row) => row.voidDone && row.sandboxVoided).length,
    unsettled: rows.reduce((sum, row) => sum + row.unsettled, 0),
  }
}

/**
 * Card payments the sandbox authorised whose answer the shop never recorded (its payment still
 * pending): money taken with no order placed. The shopper was told the payment failed.
 */
export function chargedWithoutOrder(stateDir: string, emails: string): Array<string> {
  return queryLocalD1(
    stateDir,
    `select p.order_id, p.gateway_order_id from payments p
     join orders o on o.id = p.order_id
     join sandbox_hpp_requests h on h.order_id = p.gateway_order_id
     where o.email in (${emails}) and p.gateway = 'realex' and p.status = 'pending'
       and h.result_code = '00' and h.status = 'answered'`
  ).map(
    (row) =>
      `order ${String(row.order_id)}: authorised at the sandbox (${String(row.gateway_order_id)}) ` +
      'but the shop still has its payment pending and the order not placed'
  )
}

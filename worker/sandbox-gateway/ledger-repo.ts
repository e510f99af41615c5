/*
 * The local sandbox gateways' ledger (migration 0025): refunds of sandbox transactions, the
 * nightly settlement that ends voids, and the per-transaction sums a test checks
 * (captured − refunded − voided = what the shopper finally paid). Each refund is one conditional
 * insert, so two refunds at once can never give back more than was captured.
 */

/** Why a refund was not taken: no such transaction, it was voided, or it is not that much. */
export type SandboxRefundRefusal = 'not_found' | 'not_refundable' | 'exceeds_balance'

/** Which refund a call made or replays (`replayed`: the same reference was seen before). */
export type SandboxRefundResult =
  | { kind: 'refunded'; actionId: string; replayed: boolean }
  | { kind: 'refused'; reason: SandboxRefundRefusal }
  | { kind: 'reference_in_use' }

/** What a transaction took: all of it when settled at once, what a capture took of a hold. */
const HPP_TAKEN = `coalesce(r.captured_amount,
  case when r.auto_settle = 1 then cast(r.amount as integer) else 0 end)`
const FRAMES_TAKEN = `coalesce(p.captured_amount, case when p.auto_capture = 1 then p.amount else 0 end)`

const REFUNDED_SUM = `coalesce((select sum(f.amount) from sandbox_refunds f
  where f.provider = ?1 and f.transaction_ref = ?2), 0)`

/**
 * Gives back `amount` pence of a Realex sandbox transaction named by ORDER_ID and PASREF, when it
 * was authorised (RESULT 00), is not voided and has that much left.
 */
export async function refundRealexTransaction(
  db: D1Database,
  input: {
    merchantId: string
    orderId: string
    pasref: string
    amount: number
    currency: string
    actionId: string
    at: string
  }
): Promise<SandboxRefundResult> {
  const inserted = await db
    .prepare(
      `insert into sandbox_refunds (provider, transaction_ref, amount, currency, reference,
         action_id, created_at)
       select ?1, r.order_id, ?5, r.currency, null, ?6, ?7 from sandbox_hpp_requests r
       where r.order_id = ?2 and r.merchant_id = ?3 and r.pasref = ?4 and r.currency = ?8
         and r.status = 'answered' and r.result_code = '00'
         and ${HPP_TAKEN} - ${REFUNDED_SUM} >= ?5`
    )
    .bind(
      'realex',
      input.orderId,
      input.merchantId,
      input.pasref,
      input.amount,
      input.actionId,
      input.at,
      input.currency
    )
    .run()
  if (inserted.meta.changes === 1) {
    return { kind: 'refunded', actionId: input.actionId, replayed: false }
  }
  const row = await db
    .prepare(
      `select status, result_code from sandbox_hpp_requests
       where order_id = ?1 and merchant_id = ?2 and pasref = ?3 and currency = ?4`
    )
    .bind(input.orderId, input.merchantId, input.pasref, input.currency)
    .first<{ status: string; result_code: string | null }>()
  if (!row || row.result_code !== '00') return { kind: 'refused', reason: 'not_found' }
  return {
    kind: 'refused',
    reason: row.status === 'answered' ? 'exceeds_balance' : 'not_refundable',
  }
}

/**
 * Gives back `amount` pence of a frames sandbox payment. The reference is the refund's
 * idempotency anchor: the same reference for the same payment and amount answers the first
 * refund; for anything else it is in use.
 */
export async function refundFramesPayment(
  db: D1Database,
  input: { paymentId: string; amount: number; reference: string; actionId: string; at: string }
): Promise<SandboxRefundResult> {
  const inserted = await db
    .prepare(
      `insert into sandbox_refunds (provider, transaction_ref, amount, currency, reference,
         action_id, created_at)
       select ?1, p.id, ?3, p.currency, ?4, ?5, ?6 from sandbox_frames_payments p
       where p.id = ?2 and p.status = 'Authorized' and ${FRAMES_TAKEN} - ${REFUNDED_SUM} >= ?3
       on conflict (provider, reference) do nothing`
    )
    .bind('frames', input.paymentId, input.amount, input.reference, input.actionId, input.at)
    .run()
  if (inserted.meta.changes === 1) {
    return { kind: 'refunded', actionId: input.actionId, replayed: false }
  }
  const earlier = await db
    .prepare(
      `select transaction_ref, amount, action_id from sandbox_refunds
       where provider = 'frames' and reference = ?1`
    )
    .bind(input.reference)
    .first<{ transaction_ref: string; amount: number; action_id: string }>()
  if (earlier) {
    return earlier.transaction_ref === input.paymentId && earlier.amount === input.amount
      ? { kind: 'refunded', actionId: earlier.action_id, replayed: true }
      : { kind: 'reference_in_use' }
  }
  const payment = await db
    .prepare(`select status from sandbox_frames_payments where id = ?1`)
    .bind(input.paymentId)
    .first<{ status: string }>()
  if (!payment) return { kind: 'refused', reason: 'not_found' }
  return {
    kind: 'refused',
    reason: payment.status === 'Authorized' ? 'exceeds_balance' : 'not_refundable',
  }
}

/**
 * Records an authorisation the sandbox gave outside its card page (a sandbox wallet sheet's token
 * charged through "Realex"), as the real gateway would hold it: so it can be voided or rebated,
 * and counts in the ledger. Nothing happens for an ORDER_ID already seen.
 */
export async function recordSandboxAuthorisation(
  db: D1Database,
  input: {
    merchantId: string
    account: string
    orderId: string
    pasref: string
    amount: number
    currency: string
    autoSettle: boolean
  }
): Promise<void> {
  await db
    .prepare(
      `insert into sandbox_hpp_requests (order_id, merchant_id, account, amount, currency,
         response_url, status, result_code, pasref, auto_settle)
       values (?1, ?2, ?3, ?4, ?5, '', 'answered', '00', ?6, ?7)
       on conflict (order_id) do nothing`
    )
    .bind(
      input.orderId,
      input.merchantId,
      input.account,
      String(input.amount),
      input.currency,
      input.pasref,
      input.autoSettle ? 1 : 0
    )
    .run()
}

/**
 * Closes the sandbox's settlement batch: every authorisation taken so far is settled, so it can
 * no longer be voided, only refunded (the real gateways settle nightly; tests and the local cron
 * call this instead of waiting for midnight).
 */
export async function settleSandboxBatch(db: D1Database): Promise<void> {
  await db.batch([
    db.prepare(
      `update sandbox_hpp_requests set settled = 1
       where settled = 0 and status = 'answered' and result_code = '00' and auto_settle = 1`
    ),
    db.prepare(
      `update sandbox_frames_payments set settled = 1
       where settled = 0 and status = 'Authorized' and amount > 0 and auto_capture = 1`
    ),
  ])
}

/** A frames sandbox payment's refunds, oldest first (its actions list answers them). */
export async function framesRefundsOf(
  db: D1Database,
  paymentId: string
): Promise<
  Array<{ action_id: string; amount: number; reference: string | null; created_at: string }>
> {
  const { results } = await db
    .prepare(
      `select action_id, amount, reference, created_at from sandbox_refunds
       where provider = 'frames' and transaction_ref = ?1 order by id`
    )
    .bind(paymentId)
    .all<{ action_id: string; amount: number; reference: string | null; created_at: string }>()
  return results
}

/** A sandbox Realex transaction as the remote API's query answers it. */
interface RealexTransaction {
  result_code: string | null
  pasref: string | null
  rebated: number
  /** 1 when voided. */
  voided: number
  /** What was taken: a hold's capture, or all of it when settled at once. */
  captured: number
}

/** A Realex sandbox transaction as the remote API's query answers it, or null when unknown. */
export function realexTransactionOf(
  db: D1Database,
  merchantId: string,
  orderId: string
): Promise<RealexTransaction | null> {
  return db
    .prepare(
      `select r.result_code, r.pasref, coalesce((select sum(f.amount) from sandbox_refunds f
         where f.provider = 'realex' and f.transaction_ref = r.order_id), 0) as rebated,
         case when r.status = 'voided' then 1 else 0 end as voided, ${HPP_TAKEN} as captured
       from sandbox_hpp_requests r where r.order_id = ?1 and r.merchant_id = ?2`
    )
    .bind(orderId, merchantId)
    .first<RealexTransaction>()
}

/** One sandbox transaction's money, in pence (the backend's PaymentSandbox port has its twin). */
export interface SandboxLedgerEntry {
  provider: 'realex' | 'frames'
  /** The shop's gateway order id (Realex ORDER_ID; the frames payment's reference). */
  gatewayOrderId: string
  /** What the shopper's card was asked to hold (a settled-at-once payment's is its capture). */
  authorised: number
  captured: number
  refunded: number
  voided: number
}

/** Every sandbox transaction that took money, with what was given back by refund or void. */
export async function sandboxLedger(db: D1Database): Promise<Array<SandboxLedgerEntry>> {
  const { results } = await db
    .prepare(
      `select 'realex' as provider, r.order_id as gateway_order_id,
         cast(r.amount as integer) as authorised, ${HPP_TAKEN} as captured,
         coalesce((select sum(f.amount) from sandbox_refunds f
           where f.provider = 'realex' and f.transaction_ref = r.order_id), 0) as refunded,
         case when r.status = 'voided' then ${HPP_TAKEN} else 0 end as voided
       from sandbox_hpp_requests r
       where r.result_code = '00' and r.status in ('answered', 'voided')
       union all
       select 'frames', p.reference, p.amount, ${FRAMES_TAKEN},
         coalesce((select sum(f.amount) from sandbox_refunds f
           where f.provider = 'frames' and f.transaction_ref = p.id), 0),
         case when p.status = 'Voided' then ${FRAMES_TAKEN} else 0 end
       from sandbox_frames_payments p
       where p.status in ('Authorized', 'Voided') and p.amount > 0
       order by 2`
    )
    .all<{
      provider: 'realex' | 'frames'
      gateway_order_id: string
      authorised: number
      captured: number
      refunded: number
      voided: number
    }>()
  return results.map((row) => ({
    provider: row.provider,
    gatewayOrderId: row.gateway_order_id,
    authorised: row.authorised,
    captured: row.captured,
    refunded: row.refunded,
    voided: row.voided,
  }))
}

/** Why a capture of a sandbox hold was not taken. */
export type SandboxCaptureResult = 'captured' | 'not_found' | 'refused'

/**
 * Takes `amount` of a Realex sandbox hold (AUTO_SETTLE_FLAG=0) by ORDER_ID and PASREF: one
 * guarded update, so a hold is captured once and never for more than it holds. A captured hold
 * is settled: it can no longer be voided, only rebated.
 */
export async function settleRealexHold(
  db: D1Database,
  input: { merchantId: string; orderId: string; pasref: string; amount: number; currency: string }
): Promise<SandboxCaptureResult> {
  const updated = await db
    .prepare(
      `update sandbox_hpp_requests set captured_amount = ?4, settled = 1
       where order_id = ?1 and merchant_id = ?2 and pasref = ?3 and currency = ?5
         and status = 'answered' and result_code = '00' and auto_settle = 0
         and captured_amount is null and cast(amount as integer) >= ?4`
    )
    .bind(input.orderId, input.merchantId, input.pasref, input.amount, input.currency)
    .run()
  if (updated.meta.changes === 1) return 'captured'
  const row = await realexTransactionOf(db, input.merchantId, input.orderId)
  return row?.result_code === '00' ? 'refused' : 'not_found'
}

/** Takes `amount` of a frames sandbox payment made with capture false; the same guard. */
export async function captureFramesHold(
  db: D1Database,
  input: { paymentId: string; amount: number }
): Promise<SandboxCaptureResult> {
  const updated = await db
    .prepare(
      `update sandbox_frames_payments set captured_amount = ?2, settled = 1
       where id = ?1 and status = 'Authorized' and auto_capture = 0
         and captured_amount is null and amount >= ?2`
    )
    .bind(input.paymentId, input.amount)
    .run()
  if (updated.meta.changes === 1) return 'captured'
  const row = await db
    .prepare(`select 1 as found from sandbox_frames_payments where id = ?1`)
    .bind(input.paymentId)
    .first<{ found: number }>()
  return row ? 'refused' : 'not_found'
}

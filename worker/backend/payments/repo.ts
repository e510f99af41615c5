import type { CardGateway, PaymentGateway, PaymentMethod } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { normaliseHost } from '../../lib/host.ts'
import type { PaidCard, PaymentAttempt, StoredCard } from './gateway.ts'

/** A payments row as the payments domain reads it. */
export interface PaymentRow {
  id: number
  business_id: number
  order_id: number
  customer_id: number | null
  gateway: PaymentGateway
  method: PaymentMethod
  status:
    | 'pending'
    | 'authorised'
    | 'captured'
    | 'declined'
    | 'failed'
    | 'cancelled'
    | 'refunded'
    | 'partially_refunded'
  amount: number
  currency: string
  gateway_order_id: string | null
  external_ref: string | null
  auth_code: string | null
  result_code: string | null
  result_message: string | null
  saved_card_id: number | null
  save_card: number
  success_url: string | null
  failure_url: string | null
  cancel_url: string | null
  response_url: string | null
  payer_ref: string | null
  pmt_ref: string | null
  completed_at: string | null
  shopper_message: string | null
  /** Set when the authorisation must not be kept (voided, or a void still owed). */
  void_reason: VoidReason | null
  voided_at: string | null
  void_result_code: string | null
  void_result_message: string | null
  /** 1: authorised for a hold, captured after picking (ADR 039). */
  capture_later: number
  /** What the capture took of the hold; null until then. */
  captured_amount: number | null
  /** A capture whose answer we could not trust: its looks so far (0: known). */
  capture_unknown: number
  /** An amend's top-up (ADR 059): the pending change its authorisation applies; never places an order. */
  amend_pending_id: number | null
}

/**
 * A stored payment as a later gateway call (status, void) needs it: the gateway's references,
 * amount, currency and return addresses from the row, no shopper details.
 */
export function storedAttempt(payment: PaymentRow, businessOrderId = ''): PaymentAttempt {
  return {
    businessId: payment.business_id,
    paymentId: payment.id,
    orderId: payment.order_id,
    businessOrderId,
    gatewayOrderId: payment.gateway_order_id ?? '',
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    responseUrl: payment.response_url ?? '',
    successUrl: payment.success_url ?? '',
    failureUrl: payment.failure_url ?? '',
    cancelUrl: payment.cancel_url ?? '',
    customer: {
      customerId: payment.customer_id,
      email: '',
      phone: null,
      firstName: '',
      lastName: '',
    },
    billingAddress: null,
    saveCard: payment.save_card === 1,
    savedCardToken: null,
    token: null,
    authCode: payment.auth_code,
    captureLater: payment.capture_later === 1,
  }
}

/**
 * Why an authorisation is voided: its attempt was superseded by a newer one, its order was
 * replaced by a newer draft (or cancelled), or its order is already paid.
 */
export type VoidReason = 'attempt_superseded' | 'order_superseded' | 'order_paid'

const PAYMENT_COLUMNS = `id, business_id, order_id, customer_id, gateway, method, status, amount, currency,
  gateway_order_id, external_ref, auth_code, result_code, result_message, saved_card_id, save_card,
  success_url, failure_url, cancel_url, response_url, payer_ref, pmt_ref, completed_at, shopper_message,
  void_reason, voided_at, void_result_code, void_result_message, capture_later, captured_amount,
  capture_unknown, amend_pending_id`

export function findPayment(
  db: D1Database,
  businessId: number,
  paymentId: number
): Promise<PaymentRow | null> {
  return paymentByIdStatement(db, businessId, paymentId).first<PaymentRow>()
}

/** The attempt a make-payment's key made (payments.idempotency_key), in its business. */
export function findPaymentByKey(
  db: D1Database,
  businessId: number,
  idempotencyKey: string
): Promise<PaymentRow | null> {
  return paymentByKeyStatement(db, businessId, idempotencyKey).first<PaymentRow>()
}

/** findPaymentByKey's statement, to read last in the batch that writes the attempt (ADR 069). */
export function paymentByKeyStatement(
  db: D1Database,
  businessId: number,
  idempotencyKey: string
): D1PreparedStatement {
  return db
    .prepare(
      `select ${PAYMENT_COLUMNS} from payments where idempotency_key = ?1 and business_id = ?2`
    )
    .bind(idempotencyKey, businessId)
}

export function findPaymentByGatewayOrderId(
  db: D1Database,
  gatewayOrderId: string
): Promise<PaymentRow | null> {
  return db
    .prepare(`select ${PAYMENT_COLUMNS} from payments where gateway_order_id = ?1`)
    .bind(gatewayOrderId)
    .first<PaymentRow>()
}

/** How many attempts the order has had (the next ORDER_ID suffix). */
export async function attemptCount(db: D1Database, orderId: number): Promise<number> {
  const row = await db
    .prepare(`select count(*) as n from payments where order_id = ?1`)
    .bind(orderId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

export interface NewPayment {
  businessId: number
  orderId: number
  customerId: number | null
  gateway: PaymentGateway
  method: PaymentMethod
  amount: number
  currency: string
  gatewayOrderId: string | null
  savedCardId: number | null
  saveCard: boolean
  idempotencyKey: string
  successUrl: string
  failureUrl: string
  cancelUrl: string
  responseUrl: string | null
  payerRef: string | null
  pmtRef: string | null
  at: string
  /** Authorise `amount` as a hold, capture after picking (an order with weighed lines). */
  captureLater?: boolean
  /** An amend's top-up: the pending change it pays for (ADR 059). */
  amendPendingId?: number
}

/** Insert of one payment attempt (batched with the order's payment_pending). */
export function insertPaymentStatement(db: D1Database, payment: NewPayment): D1PreparedStatement {
  return db
    .prepare(
      `insert into payments (business_id, order_id, customer_id, gateway, method, status, amount,
         currency, gateway_order_id, saved_card_id, save_card, idempotency_key, success_url,
         failure_url, cancel_url, response_url, payer_ref, pmt_ref, created_at, updated_at,
         capture_later, amend_pending_id)
       values (?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
         ?18, ?18, ?19, ?20)
       returning id`
    )
    .bind(
      payment.businessId,
      payment.orderId,
      payment.customerId,
      payment.gateway,
      payment.method,
      payment.amount,
      payment.currency,
      payment.gatewayOrderId,
      payment.savedCardId,
      payment.saveCard ? 1 : 0,
      payment.idempotencyKey,
      payment.successUrl,
      payment.failureUrl,
      payment.cancelUrl,
      payment.responseUrl,
      payment.payerRef,
      payment.pmtRef,
      payment.at,
      payment.captureLater === true ? 1 : 0,
      payment.amendPendingId ?? null
    )
}

/**
 * The per-order claim: the order's pending attempt (at most one, unique index
 * payments_one_live_attempt) is cancelled in our records. Batched right before the insert of the
 * new attempt, so of two concurrent make-payments the later batch's attempt is the live one; a
 * late authorisation of the cancelled attempt is voided (see recordAuthorisationStatement).
 */
export function supersedePendingStatement(
  db: D1Database,
  orderId: number,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set status = 'cancelled', result_message = 'superseded by a newer attempt',
         updated_at = ?2
       where order_id = ?1 and status = 'pending'`
    )
    .bind(orderId, at)
}

/**
 * A new attempt, as every make-payment path must write it: the claim, then the insert (returning
 * its id) — the first statement's result is the claim, the second's holds the id.
 */
export function newAttemptStatements(
  db: D1Database,
  payment: NewPayment
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    supersedePendingStatement(db, payment.orderId, payment.at),
    insertPaymentStatement(db, payment),
  ]
}

export interface PaymentOutcomeUpdate {
  status: 'authorised' | 'declined' | 'failed' | 'cancelled'
  externalRef: string | null
  authCode: string | null
  resultCode: string | null
  resultMessage: string | null
  at: string
}

/**
 * Records the gateway's answer once: only a pending attempt changes, so of concurrent replays of
 * one answer exactly one sees `changes === 1`.
 */
export function completePaymentStatement(
  db: D1Database,
  paymentId: number,
  outcome: PaymentOutcomeUpdate
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set status = ?2, external_ref = ?3, auth_code = ?4, result_code = ?5,
         result_message = ?6, completed_at = ?7, updated_at = ?7
       where id = ?1 and status = 'pending' and completed_at is null`
    )
    .bind(
      paymentId,
      outcome.status,
      outcome.externalRef,
      outcome.authCode,
      outcome.resultCode,
      outcome.resultMessage,
      outcome.at
    )
}

/** Whether an absolute URL's host is one of the business's brand hosts. */
export async function isBusinessUrl(
  db: D1Database,
  businessId: number,
  url: string
): Promise<boolean> {
  let host: string
  try {
    host = normaliseHost(new URL(url).host)
  } catch {
    return false
  }
  const row = await db
    .prepare(
      `select 1 as ok from brand_hosts h join brands b on b.id = h.brand_id
       where h.host = ?1 and b.business_id = ?2`
    )
    .bind(host, businessId)
    .first<{ ok: number }>()
  return row !== null
}

/** The gateway's authorisation of an attempt, as it reported it. */
export interface Authorisation {
  externalRef: string | null
  authCode: string | null
  resultCode: string
  resultMessage: string
  at: string
  /** The card that paid, when the gateway said: shown on the order confirmation. */
  paidCard?: PaidCard | null
}

/**
 * Records an authorisation once (pending or cancelled attempts not yet answered) and decides in
 * the same statement whether it may be kept. It may not when the attempt was cancelled (a newer
 * attempt superseded it), when its order is cancelled or a newer draft of the basket exists, or
 * when its order is paid or another authorisation of the order is kept; an amend's top-up is
 * never kept here (only recordTopUpAuthorisationStatement keeps one, ADR 059). Run inside D1's
 * serialised writes, so of two authorisations of one order at most one is kept; the others get a
 * void_reason and the caller voids them (voidOwed in service.ts). `changes === 1` for the
 * recording call only.
 */
export function recordAuthorisationStatement(
  db: D1Database,
  paymentId: number,
  authorisation: Authorisation
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set status = 'authorised', external_ref = ?2, auth_code = ?3,
         result_code = ?4, result_message = ?5, completed_at = ?6, updated_at = ?6,
         card_brand = case when ?7 is null then card_brand else ?7 end,
         card_last4 = case when ?7 is null then card_last4 else ?8 end,
         void_reason = case
           when status = 'cancelled' then 'attempt_superseded'
           when amend_pending_id is not null then 'attempt_superseded'
           when exists (select 1 from orders o where o.id = payments.order_id
                          and o.status = 'cancelled') then 'order_superseded'
           when exists (select 1 from orders o join orders newer on newer.basket_id = o.basket_id
                          and newer.id > o.id
                        where o.id = payments.order_id) then 'order_superseded'
           when exists (select 1 from orders o where o.id = payments.order_id
                          and o.status not in ('draft', 'payment_pending', 'payment_failed'))
             then 'order_paid'
           when exists (select 1 from payments kept where kept.order_id = payments.order_id
                          and kept.id <> payments.id and kept.void_reason is null
                          and kept.status in ('authorised', 'captured')) then 'order_paid'
           else null end
       where id = ?1 and status in ('pending', 'cancelled') and completed_at is null`
    )
    .bind(
      paymentId,
      authorisation.externalRef,
      authorisation.authCode,
      authorisation.resultCode,
      authorisation.resultMessage,
      authorisation.at,
      authorisation.paidCard?.brand ?? null,
      authorisation.paidCard?.last4 ?? null
    )
}

/**
 * Records an amend's top-up authorisation once (ADR 059) and decides in the same statement whether
 * it may be kept: only while its attempt is the live one and its pending change is still pending
 * on an order not cancelled. Kept, the caller applies the change; not kept, it is voided.
 */
export function recordTopUpAuthorisationStatement(
  db: D1Database,
  paymentId: number,
  authorisation: Authorisation
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set status = 'authorised', external_ref = ?2, auth_code = ?3,
         result_code = ?4, result_message = ?5, completed_at = ?6, updated_at = ?6,
         void_reason = case
           when status = 'cancelled' then 'attempt_superseded'
           when not exists (select 1 from amend_pending a where a.id = payments.amend_pending_id
                              and a.status = 'pending') then 'attempt_superseded'
           when exists (select 1 from orders o where o.id = payments.order_id
                          and o.status = 'cancelled') then 'order_superseded'
           else null end
       where id = ?1 and amend_pending_id is not null and status in ('pending', 'cancelled')
         and completed_at is null`
    )
    .bind(
      paymentId,
      authorisation.externalRef,
      authorisation.authCode,
      authorisation.resultCode,
      authorisation.resultMessage,
      authorisation.at
    )
}

/**
 * The order's other pending changes are superseded (ADR 059): by a new top-up's attempt (batched
 * with newAttemptStatements, so one change at most waits for its payment), or by an amend applied
 * meanwhile, only where `onlyIf` holds (its batch won). A late answer to a superseded change
 * applies nothing and its authorisation is voided.
 */
export function supersedeOtherChangesStatement(
  db: D1Database,
  orderId: number,
  keepId: number | null,
  at: string,
  onlyIf?: { sql: string; params: ReadonlyArray<string | number | null> }
): D1PreparedStatement {
  // The condition's own placeholders follow the three of the update.
  const condition = onlyIf
    ? `and exists (${onlyIf.sql.replace(/\?(\d+)/g, (_, n: string) => `?${Number(n) + 3}`)})`
    : ''
  return db
    .prepare(
      `update amend_pending set status = 'superseded', settled_at = ?3
       where order_id = ?1 and status = 'pending' and id <> coalesce(?2, 0) ${condition}`
    )
    .bind(orderId, keepId, at, ...(onlyIf?.params ?? []))
}

/**
 * A kept top-up whose change could not be applied (the order changed or closed meanwhile): its
 * void is owed, and the shopper is not charged (ADR 059).
 */
export function topUpNotKeptStatement(
  db: D1Database,
  paymentId: number,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set void_reason = 'attempt_superseded', updated_at = ?2
       where id = ?1 and amend_pending_id is not null and status = 'authorised'
         and void_reason is null and voided_at is null and captured_amount is null`
    )
    .bind(paymentId, at)
}

/**
 * An authorisation whose order could not be placed after all (its coupon ran out meanwhile,
 * issue 36.3) is not kept: its void is owed (voidOwed). The order as priced is superseded: the
 * shopper checks out again at the basket's new total.
 */
export function orderNotPlacedStatement(
  db: D1Database,
  paymentId: number,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set void_reason = 'order_superseded', updated_at = ?2
       where id = ?1 and status = 'authorised' and void_reason is null and voided_at is null
         and not exists (select 1 from orders o where o.id = payments.order_id
                         and o.status not in ('draft', 'payment_pending', 'payment_failed'))`
    )
    .bind(paymentId, at)
}

/**
 * Records what the gateway said about a void. A confirmed void cancels the payment (and wins over
 * any earlier failure); a failure leaves it authorised with the void still owed.
 */
export function recordVoidStatement(
  db: D1Database,
  paymentId: number,
  result: { voided: boolean; resultCode: string; resultMessage: string; at: string }
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set
         status = case when ?2 = 1 then 'cancelled' else status end,
         voided_at = case when ?2 = 1 then ?5 else null end,
         result_message = case when ?2 = 1 then 'authorisation voided: ' || void_reason
           else result_message end,
         void_result_code = ?3, void_result_message = ?4, updated_at = ?5
       where id = ?1 and void_reason is not null and voided_at is null and status = 'authorised'`
    )
    .bind(paymentId, result.voided ? 1 : 0, result.resultCode, result.resultMessage, result.at)
}

/** Authorisations whose void is still owed (a gateway refusal or outage), oldest first. */
export async function findOwedVoids(db: D1Database, limit: number): Promise<Array<PaymentRow>> {
  const { results } = await db
    .prepare(
      `select ${PAYMENT_COLUMNS} from payments
       where void_reason is not null and voided_at is null and status = 'authorised'
       order by id limit ?1`
    )
    .bind(limit)
    .all<PaymentRow>()
  return results
}

/**
 * The member's new card of `gateway`, kept unless they have it already (same brand, last four and
 * expiry); with a payment, one transaction also links it and the answer's note says which
 * ('Card already exists!'), the same for every replay.
 */
export function keepCardStatements(
  db: D1Database,
  gateway: CardGateway,
  customerId: number,
  card: StoredCard,
  paymentId: number | null
): Array<D1PreparedStatement> {
  const insert = db
    .prepare(
      `insert into saved_cards (customer_id, gateway, token, brand, last4, expiry_month,
         expiry_year, cardholder_name)
       select ?1, ?8, ?2, ?3, ?4, ?5, ?6, ?7
       where not exists (
         select 1 from saved_cards where customer_id = ?1 and gateway = ?8
           and (token = ?2 or (brand = ?3 and last4 = ?4 and expiry_month = ?5
             and expiry_year = ?6)))`
    )
    .bind(
      customerId,
      card.token,
      card.brand,
      card.last4,
      card.expiryMonth,
      card.expiryYear,
      card.cardholderName,
      gateway
    )
  if (paymentId === null) return [insert]
  return [
    insert,
    db
      .prepare(
        `update payments set
           saved_card_id = (select id from saved_cards where customer_id = ?2
             and gateway = ?5 and token = ?3),
           shopper_message = case when exists (select 1 from saved_cards where customer_id = ?2
             and gateway = ?5 and token = ?3) then null else ?4 end
         where id = ?1`
      )
      .bind(paymentId, customerId, card.token, MESSAGES.cardExists, gateway),
  ]
}

/** Keeps the gateway's reference of a payment still pending. */
export function pendingExternalRefStatement(
  db: D1Database,
  paymentId: number,
  ref: string,
  now: Date,
  /** The card the gateway named before its 3-D Secure challenge (kept if none is named). */
  paidCard: PaidCard | null = null
): D1PreparedStatement {
  return db
    .prepare(
      `update payments set external_ref = ?2, updated_at = ?3,
         card_brand = coalesce(?4, card_brand), card_last4 = coalesce(?5, card_last4)
       where id = ?1 and status = 'pending' and completed_at is null`
    )
    .bind(paymentId, ref, now.toISOString(), paidCard?.brand ?? null, paidCard?.last4 ?? null)
}

/** findPayment's statement, to read last in the batch that records the payment's answer. */
export function paymentByIdStatement(
  db: D1Database,
  businessId: number,
  paymentId: number
): D1PreparedStatement {
  return db
    .prepare(`select ${PAYMENT_COLUMNS} from payments where id = ?1 and business_id = ?2`)
    .bind(paymentId, businessId)
}

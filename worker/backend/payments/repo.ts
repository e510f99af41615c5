import type { PaymentGateway, PaymentMethod } from '../../../schemas/checkout.ts'
import { normaliseHost } from '../../lib/host.ts'

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
}

const PAYMENT_COLUMNS = `id, business_id, order_id, customer_id, gateway, method, status, amount, currency,
  gateway_order_id, external_ref, auth_code, result_code, result_message, saved_card_id, save_card,
  success_url, failure_url, cancel_url, response_url, payer_ref, pmt_ref, completed_at, shopper_message`

export function findPayment(
  db: D1Database,
  businessId: number,
  paymentId: number
): Promise<PaymentRow | null> {
  return db
    .prepare(`select ${PAYMENT_COLUMNS} from payments where id = ?1 and business_id = ?2`)
    .bind(paymentId, businessId)
    .first<PaymentRow>()
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
}

/** Insert of one payment attempt (batched with the order's payment_pending). */
export function insertPaymentStatement(db: D1Database, payment: NewPayment): D1PreparedStatement {
  return db
    .prepare(
      `insert into payments (business_id, order_id, customer_id, gateway, method, status, amount,
         currency, gateway_order_id, saved_card_id, save_card, idempotency_key, success_url,
         failure_url, cancel_url, response_url, payer_ref, pmt_ref, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
         ?18, ?18)
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
      payment.at
    )
}

/** The order keeps the method it is being paid with (the shopper may switch after a decline). */
export function orderMethodStatement(
  db: D1Database,
  orderId: number,
  method: PaymentMethod,
  gateway: PaymentGateway,
  cashConfirmed: boolean
): D1PreparedStatement {
  return db
    .prepare(
      `update orders set payment_method = ?2, payment_gateway = ?3, cash_confirmed = ?4,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where id = ?1`
    )
    .bind(orderId, method, gateway, cashConfirmed ? 1 : 0)
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

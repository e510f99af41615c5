import { MESSAGES, PAYMENT_FAILED_HELP } from '../../../schemas/messages.ts'
import type { PaymentRedirect, PaymentResult, PaymentStatus } from '../../../schemas/payments.ts'
import { AppError } from '../../lib/errors.ts'
import { findOrderReference, type OrderReference } from '../checkout/orders-repo.ts'
import { findPayment, type PaymentRow } from './repo.ts'

/*
 * A payment's answer to the shopper (spec §7 PaymentResult), read from the payment as it is
 * stored, so a replay answers the same.
 */

function statusOf(payment: PaymentRow, orderPlaced: boolean): PaymentStatus {
  // Not kept: voided, or its void still owed — either way the shopper is not charged for it.
  if (payment.void_reason !== null) return 'cancelled'
  switch (payment.status) {
    case 'authorised':
    case 'captured':
      return 'succeeded'
    case 'declined':
    case 'failed':
      return 'failed'
    case 'cancelled':
      return 'cancelled'
    case 'pending':
      // Cash is collected on delivery: the confirmed order is the success.
      return payment.gateway === 'cash' && orderPlaced ? 'succeeded' : 'pending'
    default:
      return 'succeeded'
  }
}

const MESSAGE_OF: Readonly<Record<PaymentStatus, string | null>> = {
  succeeded: null,
  failed: PAYMENT_FAILED_HELP,
  cancelled: MESSAGES.paymentCancelled,
  pending: MESSAGES.paymentPending,
  redirect: null,
}

/** The answer for a payment as it is stored now (replays answer exactly the same). */
export async function paymentResult(
  db: D1Database,
  payment: PaymentRow,
  redirect: PaymentRedirect | null = null
): Promise<PaymentResult> {
  return paymentResultOf(payment, await findOrderReference(db, payment.order_id), redirect)
}

/** paymentResult from its rows as read (a batch that wrote the payment reads them, ADR 069). */
export function paymentResultOf(
  payment: PaymentRow,
  order: OrderReference | null,
  redirect: PaymentRedirect | null = null
): PaymentResult {
  if (!order) throw new AppError('not_found', MESSAGES.orderNotFound)
  const status: PaymentStatus = redirect
    ? 'redirect'
    : statusOf(payment, order.status_code !== null)
  const nextUrl =
    status === 'succeeded'
      ? payment.success_url
      : status === 'failed'
        ? payment.failure_url
        : status === 'cancelled'
          ? payment.cancel_url
          : null
  return {
    paymentId: payment.id,
    draftOrderId: payment.order_id,
    businessOrderId: order.business_order_id,
    status,
    amount: payment.amount,
    currency: payment.currency,
    redirect,
    message:
      payment.void_reason !== null
        ? MESSAGES.paymentNotTaken
        : (payment.shopper_message ?? MESSAGE_OF[status]),
    nextUrl,
  }
}

export async function requirePayment(
  db: D1Database,
  businessId: number,
  paymentId: number
): Promise<PaymentRow> {
  const payment = await findPayment(db, businessId, paymentId)
  if (!payment) throw new AppError('not_found', MESSAGES.paymentNotFound)
  return payment
}

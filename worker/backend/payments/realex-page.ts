import type { PaymentRedirect } from '../../../schemas/payments.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import type { PayableOrder } from '../checkout/orders.ts'
import { findOwnCard, hasSavedCard } from '../checkout/saved-cards-repo.ts'
import { realexConfig } from './config.ts'
import type { PaymentsEnv } from './env.ts'
import type { GatewayOutcome, PaymentAttempt } from './gateway.ts'
import { createRealexGateway } from './realex-gateway.ts'
import { storedAttempt, type PaymentRow } from './repo.ts'

/*
 * A pending attempt as its gateway sees it, and the signed request of Realex's hosted card page
 * for it (make payment, producer data, an amend's top-up).
 */

export function attemptOf(
  order: PayableOrder,
  payment: PaymentRow,
  savedCardToken: string | null
): PaymentAttempt {
  const billing = order.billingAddress
  return {
    ...storedAttempt(payment, order.businessOrderId),
    customer: {
      customerId: order.customerId,
      email: order.contact.email,
      phone: order.contact.phone,
      firstName: order.contact.firstName,
      lastName: order.contact.lastName,
    },
    billingAddress: billing
      ? {
          addressLine1: billing.addressLine1,
          addressLine2: billing.addressLine2,
          town: billing.town,
          postcode: billing.postcode,
          country: billing.country,
        }
      : null,
    savedCardToken,
  }
}

async function payerExists(db: D1Database, customerId: number | null): Promise<boolean> {
  if (customerId === null) return false
  return hasSavedCard(db, customerId, 'realex')
}

export async function realexRedirect(
  env: PaymentsEnv,
  order: PayableOrder,
  payment: PaymentRow,
  now: Date
): Promise<PaymentRedirect> {
  const config = realexConfig(env)
  let savedCardToken: string | null = null
  if (payment.saved_card_id !== null && order.customerId !== null) {
    const card = await findOwnCard(env.DB, order.customerId, payment.saved_card_id)
    if (!card) throw new AppError('not_found', MESSAGES.cardNotFound)
    savedCardToken = card.token
  }
  const gateway = createRealexGateway(config, {
    now,
    origin: new URL(payment.response_url ?? payment.success_url ?? '').origin,
    payerExists: await payerExists(env.DB, order.customerId),
    ...(payment.cancel_url ? { cancelUrl: payment.cancel_url } : {}),
  })
  const outcome: GatewayOutcome = await gateway.start(attemptOf(order, payment, savedCardToken))
  if (outcome.kind !== 'redirect') throw new Error(`realex start answered ${outcome.kind}`)
  return outcome.redirect
}

import type { PaymentSandbox, WiredAdapters } from './backend/adapters.ts'
import { createBackend } from './backend/index.ts'
import { wireAdapters } from './backend/order-subscribers.ts'
import { retryOwedVoids as retryOwedVoidsWith } from './backend/payments/service.ts'
import { reconcileRefunds as reconcileRefundsWith } from './backend/payments/refund-reconciliation.ts'
import { settleUnansweredPayments as settleUnansweredPaymentsWith } from './backend/payments/unanswered-payments.ts'
import {
  type MoneyBack,
  type MoneyBackRequest,
  refundPayment as refundPaymentWith,
  voidPayment as voidPaymentWith,
} from './backend/payments/refunds.ts'
import { durableOrderBoard } from './live/notifier.ts'
import { durableOrderTracker } from './live/order-tracker-notifier.ts'
import { sandboxVerifyKeys } from './sandbox-identity/keys.ts'
import { localPaymentSandbox } from './sandbox-gateway/payment-sandbox.ts'
import { handleOverdueOrders as handleOverdueOrdersWith } from './backend/store-orders/cron.ts'
import { faultInjectorOf, injectedProviderError, rawDatabaseOf } from './lib/fault-injection.ts'

/*
 * The backend as this Worker runs it: with the local stand-ins that live outside worker/backend
 * (ADR 002). A backend deployed on its own builds itself with createBackend and its own adapters.
 */

/**
 * The adapters this Worker gives the backend: the local payment sandbox, and the store boards'
 * Durable Objects for live order events (ADR 017 "Live board"), and each order's tracker for the
 * shopper's tracking page (ADR 019), and the sandbox identity provider's keys (ADR 026).
 */
export const backendAdapters: WiredAdapters = wireAdapters({
  paymentSandbox: withGatewayFaults(localPaymentSandbox),
  orderBoard: durableOrderBoard,
  orderTracker: durableOrderTracker,
  identitySandbox: { verifyKeys: sandboxVerifyKeys },
  socialKeysFetch: null,
})

export const backend = createBackend(backendAdapters)

/**
 * The sandbox gateways' API calls (voids, refunds, their look-ups) with STOREFRONT_FAULTS' share
 * failing as a dropped connection (development only, ADR 037's fault bench). The sandbox keeps its
 * own ledger on the database without faults: it stands for a provider, not for this shop's D1.
 */
function withGatewayFaults(sandbox: PaymentSandbox): PaymentSandbox {
  const faulty = <F extends (...args: Array<never>) => Promise<Response>>(
    env: object,
    call: F
  ): F => {
    const faults = faultInjectorOf(env)
    if (!faults) return call
    const failing = (...args: Parameters<F>) =>
      faults.fails('provider') ? Promise.reject(injectedProviderError()) : call(...args)
    return failing as F
  }
  return {
    ...sandbox,
    framesFetch: (env) => faulty(env, sandbox.framesFetch({ ...env, DB: rawDatabaseOf(env) })),
    remoteFetch: (env) => faulty(env, sandbox.remoteFetch({ ...env, DB: rawDatabaseOf(env) })),
  }
}

/** The cron's retry of owed voids, with the same adapters as the backend's routes. */
export function retryOwedVoids(env: Env, now: Date): ReturnType<typeof retryOwedVoidsWith> {
  return retryOwedVoidsWith({ ...env, ...backendAdapters }, now)
}

/** The cron's look at card payments whose page never answered, with the same adapters. */
export function settleUnansweredPayments(
  env: Env,
  now: Date
): ReturnType<typeof settleUnansweredPaymentsWith> {
  return settleUnansweredPaymentsWith({ ...env, ...backendAdapters }, now)
}

/** The cron's reconciliation of refunds the gateway did not confirm, with the same adapters. */
export function reconcileRefunds(
  env: Env,
  now: Date,
  limit?: number
): ReturnType<typeof reconcileRefundsWith> {
  return reconcileRefundsWith({ ...env, ...backendAdapters }, now, limit)
}

/** refundPayment (ADR 017) with the Worker's adapters: the store console's refunds call this. */
export function refundPayment(
  env: Env,
  request: MoneyBackRequest & { amount: number },
  now: Date
): Promise<MoneyBack> {
  return refundPaymentWith({ ...env, ...backendAdapters }, request, now)
}

/** voidPayment (ADR 017) with the Worker's adapters. */
export function voidPayment(env: Env, request: MoneyBackRequest, now: Date): Promise<MoneyBack> {
  return voidPaymentWith({ ...env, ...backendAdapters }, request, now)
}

/** The cron's accept window (ADR 017): alerts, then auto-rejects, with the Worker's adapters. */
export function handleOverdueOrders(
  env: Env,
  now: Date
): ReturnType<typeof handleOverdueOrdersWith> {
  return handleOverdueOrdersWith({ ...env, ...backendAdapters }, now)
}

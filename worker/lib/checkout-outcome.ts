import { toAppError } from './error-response.ts'
import { log } from './log.ts'
import { metrics } from './metrics.ts'

/**
 * Counts a checkout step's failure (ADR 041): a refusal by its reason (store_closed,
 * slot_expired, …, else its code), anything unexpected as failed by its code. Rethrows nothing:
 * the caller rethrows.
 */
export function countCheckoutFailure(error: unknown): void {
  const appError = toAppError(error)
  if (appError === null || appError.status >= 500) {
    metrics.count('checkout', { outcome: 'failed', reason: appError?.code ?? 'internal_error' })
    return
  }
  const reason = appError.details?.reason
  metrics.count('checkout', {
    outcome: 'refused',
    reason: typeof reason === 'string' ? reason : appError.code,
  })
}

/** Names the order in every later log line of the request and counts it placed. */
export function countOrderPlaced(order: { orderId: number; businessId: number }): void {
  log.annotate(order)
  metrics.count('checkout', { outcome: 'placed', reason: 'paid' })
}

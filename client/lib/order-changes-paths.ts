import { ROUTE_PATHS, routePath } from './routes.ts'
import { TRACKING_PAGE_PATH } from '../../schemas/tracking.ts'

/*
 * Where a shopper's "Reject this substitute" forms post (no JavaScript needed) and the query their
 * redirect carries back (issue 42). The worker registers the same paths (worker/pages/index.tsx).
 */

export const MEMBER_REJECT_SUBSTITUTE_PATH = `${ROUTE_PATHS['member-orders-orderId']}/reject-substitute`
export const TRACKING_REJECT_SUBSTITUTE_PATH = `${TRACKING_PAGE_PATH}/reject-substitute`

export function memberRejectSubstitutePath(orderId: string): string {
  return `${routePath('member-orders-orderId', { orderId })}/reject-substitute`
}

export function trackingRejectSubstitutePath(orderNumber: string): string {
  return TRACKING_REJECT_SUBSTITUTE_PATH.replace(':orderNumber', encodeURIComponent(orderNumber))
}

/** `?substitute=` after a rejection: what happened; `?line=` the line it was about. */
export const SUBSTITUTE_QUERY = 'substitute'
export const SUBSTITUTE_LINE_QUERY = 'line'
export const SUBSTITUTE_OUTCOMES = ['rejected', 'late', 'again', 'failed'] as const
export type SubstituteOutcome = (typeof SUBSTITUTE_OUTCOMES)[number]

export function isSubstituteOutcome(value: string | undefined): value is SubstituteOutcome {
  return (SUBSTITUTE_OUTCOMES as ReadonlyArray<string>).includes(value ?? '')
}

import { AMEND_FIELDS } from '../../schemas/forms/amend.ts'
import { ROUTE_PATHS, routePath } from './routes.ts'

/*
 * Where the member's order forms post (no JavaScript needed) and the queries their redirects
 * carry back to the order page. The worker registers the same paths (worker/pages/index.tsx).
 */

export const REORDER_FORM_PATH = `${ROUTE_PATHS['member-orders-orderId']}/reorder`
export const REVIEW_FORM_PATH = `${ROUTE_PATHS['member-orders-orderId']}/review`

/** The member's printable receipt of one order (issue 41: the delivery note is the store's). */
export const RECEIPT_PATH = `${ROUTE_PATHS['member-orders-orderId']}/receipt`

export function receiptPath(orderId: string): string {
  return `${routePath('member-orders-orderId', { orderId })}/receipt`
}

/** An archived order's receipt, read from its archive file (ADR 050). */
export const ARCHIVED_RECEIPT_PATH = `${ROUTE_PATHS['member-orders-orderId']}/archived`

export function archivedReceiptPath(orderId: string): string {
  return `${routePath('member-orders-orderId', { orderId })}/archived`
}

export function reorderPath(orderId: string): string {
  return `${routePath('member-orders-orderId', { orderId })}/reorder`
}

export function reviewPath(orderId: string): string {
  return `${routePath('member-orders-orderId', { orderId })}/review`
}

/** `?reorder=` on the order page after a reorder: what happened. */
export const REORDER_QUERY = 'reorder'
export const REORDER_OUTCOMES = ['added', 'partial', 'none', 'confirm', 'failed'] as const
export type ReorderOutcome = (typeof REORDER_OUTCOMES)[number]
/** `?missing=` with the ids of the order's lines that could not be added (the page names them). */
export const REORDER_MISSING_QUERY = 'missing'
/** `?method=` the method the member chose, carried to the confirm form. */
export const REORDER_METHOD_QUERY = 'method'
/** `?review=saved` after a review was saved. */
export const REVIEW_QUERY = 'review'

/** The member's order in amend mode (issue 42, ADR 048): its quantities, until the cut-off. */
export const AMEND_PATH = `${ROUTE_PATHS['member-orders-orderId']}/amend`

export function amendPath(orderId: string, query?: Record<string, string>): string {
  return `${routePath('member-orders-orderId', { orderId })}/amend${
    query ? `?${new URLSearchParams(query).toString()}` : ''
  }`
}

/**
 * Back from paying the difference (ADR 059): `?paid=1` when the change was made, `?payment=failed`
 * or `?payment=cancelled` when nothing changed.
 */
export const AMEND_PAID_QUERY = 'paid'
export const AMEND_PAYMENT_QUERY = 'payment'

/** `?amended=<total>&refunded=<pence>` on the amend page after a change was saved. */
export const AMENDED_QUERY = 'amended'
export const AMEND_REFUNDED_QUERY = 'refunded'

/** `?q=` on the amend page: the store's items to add that match it. */
export const AMEND_SEARCH_QUERY = AMEND_FIELDS.q
/** A line's new quantity (`line-<lineId>`) and an item's quantity to add (`add-<itemId>`). */
export const AMEND_LINE_FIELD = /^line-(\d+)$/
export const AMEND_ADD_FIELD = /^add-(\d+)$/

export const amendLineField = (lineId: number): string => `line-${lineId}`
export const amendAddField = (itemId: number): string => `add-${itemId}`

/** The amend page's slot field: `YYYY-MM-DD HH:MM`, the slot's local date and start (ADR 054). */
export const AMEND_SLOT_FIELD = AMEND_FIELDS.slot
/** The slot the page showed as the order's: a post whose slot is this one moves nothing. */
export const AMEND_SLOT_WAS_FIELD = AMEND_FIELDS['slot-was']

export function amendSlotValue(date: string, startsAt: string): string {
  return `${date} ${startsAt}`
}

/** The slot a field's value names, or null (empty, or not a slot). */
export function amendSlotOf(
  value: string | undefined
): { timeSlotDate: string; timeSlotTime: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(value?.trim() ?? '')
  return match ? { timeSlotDate: match[1]!, timeSlotTime: match[2]! } : null
}

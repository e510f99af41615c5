import type { ORDER_STATUSES } from './checkout-answers.ts'
import type { FulfilmentMethod } from './constants.ts'
import { formatMessage, MESSAGES } from './messages.ts'
import type { StaffRole } from './staff.ts'

/**
 * The order state machine after payment (spec §4 Order statuses; ADR 017): which action moves an
 * order from which status to which, who may take it and for which fulfilment method. Pure: no I/O,
 * no clock. The backend asks {@link nextState} before its conditional update; the store console's
 * pages and islands ask {@link allowedActions} to show only the buttons that can work. It lives in
 * schemas/ because both sides need the same answer and schemas/ is the one layer every other may
 * import (ADR 013).
 */

export type OrderStatusName = (typeof ORDER_STATUSES)[number]

/** The five in-progress statuses of spec §4, in order, with their codes. */
export const PROGRESS_STATUSES = [
  'sent_to_store',
  'store_accepted_picking',
  'picked',
  'en_route',
  'delivered',
] as const satisfies ReadonlyArray<OrderStatusName>
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number]

export const STATUS_CODE: Readonly<Record<ProgressStatus, number>> = {
  sent_to_store: 20,
  store_accepted_picking: 40,
  picked: 60,
  en_route: 80,
  delivered: 100,
}

/** The five terminal statuses of spec §4. */
export const TERMINAL_STATUSES = [
  'store_rejected',
  'refunded',
  'declined',
  'cancelled',
  'unable_to_deliver',
] as const satisfies ReadonlyArray<OrderStatusName>
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number]

/** The statuses the store console works on: an order before payment is not the store's yet. */
export type StoreOrderStatus = ProgressStatus | TerminalStatus

/**
 * Spec §4 wording for each status; the draft and payment states have our own. Catalogue messages,
 * so the order-status call says them in the business's language (`sayIn`); the consoles show
 * them as they are.
 */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatusName, string>> = {
  draft: MESSAGES.orderStatusNotPlaced,
  payment_pending: MESSAGES.orderStatusAwaitingPayment,
  payment_failed: MESSAGES.orderStatusPaymentFailed,
  sent_to_store: MESSAGES.orderStatusSentToStore,
  store_accepted_picking: MESSAGES.orderStatusAcceptedPicking,
  picked: MESSAGES.orderStatusPicked,
  en_route: MESSAGES.orderStatusEnRoute,
  delivered: MESSAGES.pageStatusDelivered,
  store_rejected: MESSAGES.orderStatusStoreRejected,
  refunded: MESSAGES.pageStatusRefunded,
  declined: MESSAGES.orderStatusDeclined,
  cancelled: MESSAGES.orderStatusCancelled,
  unable_to_deliver: MESSAGES.orderStatusUnableToDeliver,
}

/**
 * What shoppers read for each status (the tracking page, their orders, emails). The spec's labels
 * above are the store's words, kept for the console and the spec's order-status call; a shopper
 * reads 'Being picked', not 'Store Accepted / Picking', and a collection is 'Collected'.
 */
const SHOPPER_STATUS_LABELS: Readonly<Record<OrderStatusName, string>> = {
  draft: 'Not placed',
  payment_pending: 'Awaiting payment',
  payment_failed: 'Payment failed',
  sent_to_store: 'Sent to the store',
  store_accepted_picking: 'Being picked',
  picked: 'Packed',
  en_route: 'On its way',
  delivered: 'Delivered',
  store_rejected: 'Not accepted by the store',
  refunded: 'Refunded',
  declined: 'Payment declined',
  cancelled: 'Cancelled',
  unable_to_deliver: 'Could not be delivered',
}

export function shopperStatusLabel(status: OrderStatusName, method: FulfilmentMethod): string {
  if (status === 'delivered' && method === 'collection') return 'Collected'
  return SHOPPER_STATUS_LABELS[status]
}

export function isProgressStatus(status: OrderStatusName): status is ProgressStatus {
  return (PROGRESS_STATUSES as ReadonlyArray<OrderStatusName>).includes(status)
}

export function isTerminalStatus(status: OrderStatusName): status is TerminalStatus {
  return (TERMINAL_STATUSES as ReadonlyArray<OrderStatusName>).includes(status)
}

/** Whether the store may act on an order at all: a draft or an unpaid order is not its yet. */
export function isStoreOrderStatus(status: OrderStatusName): status is StoreOrderStatus {
  return isProgressStatus(status) || isTerminalStatus(status)
}

/** The store's staff roles (schemas/staff.ts), plus the cron that rejects an order nobody accepted in time. */
/** Who moved an order: a member of staff, the system (the cron) or the shopper (ADR 048). */
export type ActorRole = StaffRole | 'system' | 'shopper'

/** Who acts: store scoping is the caller's check (a staff member outside the store gets 404). */
export interface Actor {
  readonly role: ActorRole
  /** The staff account; null for the system. A driver may act only on orders assigned to them. */
  readonly staffId: number | null
}

/**
 * What the machine needs to know of an order. Besides the status, three facts that are not
 * statuses but decide what may happen next: a line has been marked (picking has started),
 * a collection order has been announced ready, a delivery has a driver.
 */
export interface OrderProgress {
  readonly status: StoreOrderStatus
  readonly fulfilmentMethod: FulfilmentMethod
  readonly pickingStarted: boolean
  readonly readyForCollection: boolean
  readonly driverId: number | null
}

export type LineMark = 'picked' | 'short' | 'out_of_stock' | 'substituted'

/** A line's mark in words, as the console shows it and the stale-mark refusal names it. */
export const LINE_MARK_LABELS: Readonly<Record<LineMark, string>> = {
  picked: 'Picked',
  short: 'Short',
  out_of_stock: 'Out of stock',
  substituted: 'Substituted',
}

/**
 * Every action of the store console with its payload. The machine checks only what decides the move (a
 * reason is not blank, the driver it records); the request schema and the service check the rest
 * with the clock (an estimated ready time in the future, a line of this order).
 */
export type OrderAction =
  | { readonly type: 'accept'; readonly estimatedReadyAt: string }
  | { readonly type: 'reject'; readonly reason: string }
  | { readonly type: 'auto_reject' }
  | { readonly type: 'mark_line'; readonly lineId: number; readonly mark: LineMark }
  | { readonly type: 'finish_picking' }
  | { readonly type: 'ready_for_collection' }
  | { readonly type: 'collected' }
  | { readonly type: 'assign_driver'; readonly driverId: number }
  | { readonly type: 'start_route' }
  | { readonly type: 'deliver' }
  | { readonly type: 'unable_to_deliver'; readonly reason: string }
  | { readonly type: 'cancel'; readonly reason: string }
  | { readonly type: 'refund_order'; readonly reason: string }
  | { readonly type: 'refund_lines'; readonly reason: string }
export type OrderActionType = OrderAction['type']

interface Rule {
  /** The statuses the action may start from. */
  readonly from: ReadonlyArray<StoreOrderStatus>
  /** The status it leads to: the same one for the actions that record progress inside a status. */
  readonly to: StoreOrderStatus | 'same'
  readonly roles: ReadonlyArray<ActorRole>
  /** Null: both methods. */
  readonly method: FulfilmentMethod | null
}

/** The roles that run a store's orders: accept, reject, refund, give store credit. */
export const MANAGERS: ReadonlyArray<ActorRole> = ['operator', 'store_manager']
const SHOP_FLOOR: ReadonlyArray<ActorRole> = ['operator', 'store_manager', 'picker']

/**
 * The graph (ADR 017 has it as a table and a diagram). Delivered and Unable to Deliver may also be
 * recorded by a manager, so an order whose driver's phone died does not stay en route for ever,
 * and a manager may deliver a picked order themselves, so a store without a driver is not stuck;
 * starting the route is the driver's alone, because it starts the device's location sharing.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderActionType, Rule>> = {
  accept: { from: ['sent_to_store'], to: 'store_accepted_picking', roles: MANAGERS, method: null },
  reject: { from: ['sent_to_store'], to: 'store_rejected', roles: MANAGERS, method: null },
  auto_reject: { from: ['sent_to_store'], to: 'store_rejected', roles: ['system'], method: null },
  mark_line: { from: ['store_accepted_picking'], to: 'same', roles: SHOP_FLOOR, method: null },
  finish_picking: {
    from: ['store_accepted_picking'],
    to: 'picked',
    roles: SHOP_FLOOR,
    method: null,
  },
  ready_for_collection: { from: ['picked'], to: 'same', roles: SHOP_FLOOR, method: 'collection' },
  collected: { from: ['picked'], to: 'delivered', roles: SHOP_FLOOR, method: 'collection' },
  assign_driver: {
    from: ['store_accepted_picking', 'picked'],
    to: 'same',
    roles: MANAGERS,
    method: 'delivery',
  },
  start_route: { from: ['picked'], to: 'en_route', roles: ['driver'], method: 'delivery' },
  deliver: {
    // From Picked only by a manager (a store without a driver delivers it itself): the driver's
    // own deliveries start the route first, which starts the location sharing.
    from: ['en_route', 'picked'],
    to: 'delivered',
    roles: ['driver', ...MANAGERS],
    method: 'delivery',
  },
  unable_to_deliver: {
    from: ['en_route'],
    to: 'unable_to_deliver',
    roles: ['driver', ...MANAGERS],
    method: 'delivery',
  },
  cancel: {
    // Until the order leaves the store: a delivery not en route, a collection not collected.
    from: ['sent_to_store', 'store_accepted_picking', 'picked'],
    to: 'cancelled',
    roles: MANAGERS,
    method: null,
  },
  refund_order: { from: ['delivered'], to: 'refunded', roles: MANAGERS, method: null },
  refund_lines: { from: ['delivered'], to: 'same', roles: MANAGERS, method: null },
}

export const ORDER_ACTION_TYPES = Object.keys(ORDER_TRANSITIONS) as ReadonlyArray<OrderActionType>

/**
 * Why an action was refused, checked in this order: the role first (so a role that may never take
 * the action learns nothing about the order), then the method, then the driver's assignment, then
 * the state (a lost race or a double click lands here: `status` says where the order is now),
 * then the reason a refusal must carry.
 */
export type TransitionRefusal =
  | { readonly ok: false; readonly refusal: 'wrong_role' }
  | { readonly ok: false; readonly refusal: 'wrong_method' }
  | { readonly ok: false; readonly refusal: 'not_assigned_driver' }
  | { readonly ok: false; readonly refusal: 'wrong_state'; readonly status: StoreOrderStatus }
  | { readonly ok: false; readonly refusal: 'reason_required' }

export interface TransitionAccepted {
  readonly ok: true
  /** The order after the action; `from` is the status the conditional update must still find. */
  readonly order: OrderProgress
  readonly from: StoreOrderStatus
}

export type TransitionResult = TransitionAccepted | TransitionRefusal

function refuse(refusal: Exclude<TransitionRefusal['refusal'], 'wrong_state'>): TransitionRefusal {
  return { ok: false, refusal }
}

/** What the console and the API say for a refusal (schemas/messages.ts). */
export function refusalMessage(
  refusal: TransitionRefusal,
  fulfilmentMethod: FulfilmentMethod
): string {
  switch (refusal.refusal) {
    case 'wrong_role':
      return MESSAGES.orderActionWrongRole
    case 'wrong_method':
      return formatMessage('orderActionWrongMethod', fulfilmentMethod)
    case 'not_assigned_driver':
      return MESSAGES.orderActionNotYourDelivery
    case 'wrong_state':
      return formatMessage('orderActionWrongState', ORDER_STATUS_LABELS[refusal.status])
    case 'reason_required':
      return MESSAGES.orderActionReasonRequired
  }
}

/** A state the graph alone does not show: picking started, no driver yet, not announced ready. */
function blockedInside(order: OrderProgress, action: OrderAction, actor: Actor): boolean {
  switch (action.type) {
    case 'deliver':
      return order.status === 'picked' && actor.role === 'driver'
    case 'start_route':
      return order.driverId === null
    case 'collected':
      return !order.readyForCollection
    case 'ready_for_collection':
      return order.readyForCollection
    default:
      return false
  }
}

function reasonOf(action: OrderAction): string | null {
  return 'reason' in action ? action.reason : null
}

/** What the action changes besides the status. */
function progressAfter(order: OrderProgress, action: OrderAction): OrderProgress {
  switch (action.type) {
    case 'mark_line':
      return { ...order, pickingStarted: true }
    case 'ready_for_collection':
      return { ...order, readyForCollection: true }
    case 'assign_driver':
      return { ...order, driverId: action.driverId }
    default:
      return order
  }
}

/** The order after `action` by `actor`, or why it may not happen. */
export function nextState(
  order: OrderProgress,
  action: OrderAction,
  actor: Actor
): TransitionResult {
  const rule = ORDER_TRANSITIONS[action.type]
  if (!rule.roles.includes(actor.role)) return refuse('wrong_role')
  if (rule.method !== null && rule.method !== order.fulfilmentMethod) return refuse('wrong_method')
  if (actor.role === 'driver' && (actor.staffId === null || actor.staffId !== order.driverId)) {
    return refuse('not_assigned_driver')
  }
  if (!rule.from.includes(order.status) || blockedInside(order, action, actor)) {
    return { ok: false, refusal: 'wrong_state', status: order.status }
  }
  const reason = reasonOf(action)
  if (reason !== null && reason.trim() === '') return refuse('reason_required')
  const after = progressAfter(order, action)
  return {
    ok: true,
    from: order.status,
    order: rule.to === 'same' ? after : { ...after, status: rule.to },
  }
}

/**
 * The action types `actor` could take on `order` now (the payload aside), for the console's
 * buttons. Reasons are assumed given: the form asks for them.
 */
export function allowedActions(order: OrderProgress, actor: Actor): Array<OrderActionType> {
  return ORDER_ACTION_TYPES.filter((type) => nextState(order, sampleAction(type), actor).ok)
}

function sampleAction(type: OrderActionType): OrderAction {
  switch (type) {
    case 'accept':
      return { type, estimatedReadyAt: '' }
    case 'mark_line':
      return { type, lineId: 0, mark: 'picked' }
    case 'assign_driver':
      // Which driver is the form's choice; the machine does not check it.
      return { type, driverId: 0 }
    case 'reject':
    case 'cancel':
    case 'unable_to_deliver':
    case 'refund_order':
    case 'refund_lines':
      return { type, reason: 'given' }
    default:
      return { type }
  }
}

import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  type Actor,
  allowedActions,
  type OrderAction,
  type OrderActionType,
  type OrderProgress,
  ORDER_ACTION_TYPES,
  nextState,
  type TransitionResult,
} from '../../../schemas/order-states.ts'
import type { StaffRole } from '../../../schemas/staff.ts'
import type { StoreOrdersScope } from '../../../schemas/store-orders.ts'
import { AppError } from '../../lib/errors.ts'
import type { BackendEnv } from '../env.ts'
import { authenticateStaff } from '../staff/guard.ts'
import { countBusinessStores, storeRolesAt } from '../staff/repo.ts'

/*
 * Who may see and work a store's orders (ADR 017, ADR 009 addendum): an operator every store of
 * the business, a store manager or picker their stores, a driver only the orders assigned to them.
 * Anything else answers 404, as if the store or order did not exist: a member of staff learns
 * nothing about stores and orders that are not theirs. A shopper's token is 401 (authenticateStaff).
 */

/** A member of staff at one store, with every role they hold there. */
export interface StoreStaff {
  staffId: number
  businessId: number
  storeId: number
  /** Most powerful first: operator, store_manager, picker, driver. */
  roles: ReadonlyArray<StaffRole>
}

const ROLE_ORDER: ReadonlyArray<StaffRole> = ['operator', 'store_manager', 'picker', 'driver']

const storeNotFound = () => new AppError('not_found', MESSAGES.storeNotFound)
export const orderNotFound = () => new AppError('not_found', MESSAGES.orderNotFound)

/** The caller as staff of the store, or 401/404. */
export async function storeStaffOf(
  c: Context<BackendEnv>,
  scope: StoreOrdersScope
): Promise<StoreStaff> {
  const caller = await authenticateStaff(c, scope.businessId)
  const base = { staffId: caller.staffId, businessId: scope.businessId, storeId: scope.storeId }
  if (caller.operator) {
    if ((await countBusinessStores(c.env.DB, scope.businessId, [scope.storeId])) !== 1) {
      throw storeNotFound()
    }
    return { ...base, roles: ['operator'] }
  }
  const held = await storeRolesAt(c.env.DB, caller.staffId, scope.storeId)
  const roles = ROLE_ORDER.filter((role) => (held as ReadonlyArray<StaffRole>).includes(role))
  if (!roles.length) throw storeNotFound()
  return { ...base, roles }
}

/** A caller who is only a driver here sees the deliveries assigned to them, nothing else. */
export function onlyDriver(staff: StoreStaff): boolean {
  return staff.roles.length === 1 && staff.roles[0] === 'driver'
}

export function canSeeOrder(staff: StoreStaff, driverId: number | null): boolean {
  return !onlyDriver(staff) || driverId === staff.staffId
}

function actorsOf(staff: StoreStaff): Array<Actor> {
  return staff.roles.map((role) => ({ role, staffId: staff.staffId }))
}

/**
 * The machine's answer for the caller: the first of their roles that may take the action, or the
 * refusal their most powerful role gets.
 */
export function transitionFor(
  staff: StoreStaff,
  order: OrderProgress,
  action: OrderAction
): { result: TransitionResult; actor: Actor } {
  const actors = actorsOf(staff)
  for (const actor of actors) {
    const result = nextState(order, action, actor)
    if (result.ok) return { result, actor }
  }
  const [first] = actors
  if (!first) throw storeNotFound()
  return { result: nextState(order, action, first), actor: first }
}

/** What the caller could do now: every action any of their roles may take (allowedActions). */
export function allowedActionsFor(staff: StoreStaff, order: OrderProgress): Array<OrderActionType> {
  const allowed = new Set(actorsOf(staff).flatMap((actor) => allowedActions(order, actor)))
  return ORDER_ACTION_TYPES.filter((type) => allowed.has(type))
}

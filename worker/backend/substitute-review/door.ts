import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { DoorHandBackRequest, RejectSubstituteResult } from '../../../schemas/order-changes.ts'
import { now } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import type { BackendEnv } from '../env.ts'
import { findStoreOrder } from '../orders/repo.ts'
import { requireStaff } from '../staff/guard.ts'
import { rejectSubstitute } from './service.ts'

/**
 * POST /staff/deliveries/hand-back: the driver of the store records a substitute the shopper
 * handed back at the door. Only a delivery assigned to them (another's answers 404, as for the
 * route), only while it is en route; the same rejection and refund as a review.
 */
export async function handBackAtDoor(
  c: Context<BackendEnv>,
  body: DoorHandBackRequest
): Promise<RejectSubstituteResult> {
  const { businessId, storeId, orderId } = body
  const caller = await requireStaff(c, { businessId, roles: ['driver'], storeId })
  const order = await findStoreOrder(c.env.DB, businessId, storeId, orderId)
  if (!order || order.driver_id !== caller.staffId) {
    throw new AppError('not_found', MESSAGES.orderNotFound)
  }
  return rejectSubstitute(
    { ...c.env, ...c.var.adapters },
    order,
    { lineId: body.lineId, by: 'door', driverId: caller.staffId },
    now(c.env)
  )
}

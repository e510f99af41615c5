import { formatMessage } from '../../../schemas/messages.ts'
import { type Actor, nextState } from '../../../schemas/order-states.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { createMessenger } from '../messaging/messenger.ts'
import { applyAction } from './actions.ts'
import { afterCommit, type EffectsEnv, publishBoard } from './effects.ts'
import { storeManagers } from '../staff/repo.ts'
import { findStoreOrder } from '../orders/repo.ts'
import { markAcceptAlerted, waitingOrders, type WaitingOrderRow } from './transitions-repo.ts'
import { acceptWindowMinutes, progressOf } from './view.ts'

/*
 * The cron's part of the order machine (ADR 017 "Accept window"): a paid order nobody accepted
 * within its store's window first alerts the store's managers (email and board, once), then at
 * twice the window is rejected by the system with the same effects as a manager's reject. Ages
 * are instants (UTC) minus instants, so a clock change night neither shortens nor lengthens a
 * window; only the alert's wording shows the store's local time.
 */

const SYSTEM: Actor = { role: 'system', staffId: null }
const MINUTE = 60_000

export interface OverdueOutcome {
  alerted: number
  rejected: number
}

function localTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    instant
  )
}

async function alertManagers(env: EffectsEnv, order: WaitingOrderRow, rejectAt: Date, now: Date) {
  if (!(await markAcceptAlerted(env.DB, order.id, now.toISOString()))) return false
  const message = formatMessage(
    'orderAcceptOverdue',
    order.business_order_id,
    localTime(rejectAt, order.time_zone)
  )
  const managers = await storeManagers(env.DB, order.business_id, order.store_id)
  const messenger = createMessenger(env)
  for (const { email } of managers) {
    await afterCommit('alert email', order.id, undefined, () =>
      messenger.send({
        businessId: order.business_id,
        channel: 'email',
        to: email,
        template: 'staff_order_alert',
        data: { businessOrderId: order.business_order_id, storeId: order.store_id, message },
      })
    )
  }
  await publishBoard(
    env,
    {
      businessId: order.business_id,
      storeId: order.store_id,
      orderId: order.id,
      status: 'sent_to_store',
      change: 'updated',
    },
    now
  )
  return true
}

async function autoReject(env: EffectsEnv, order: WaitingOrderRow, now: Date): Promise<boolean> {
  const row = await findStoreOrder(env.DB, order.business_id, order.store_id, order.id)
  if (!row) return false
  const action = { type: 'auto_reject' } as const
  const result = nextState(progressOf(row), action, SYSTEM)
  if (!result.ok) return false
  try {
    await applyAction({ env, now }, row, action, SYSTEM, result)
    return true
  } catch (error) {
    // Accepted by the store between the read and the batch: the store won, nothing to do.
    if (error instanceof AppError && error.code === 'conflict') return false
    throw error
  }
}

/** Alerts, then rejects, the orders nobody accepted in time. */
export async function handleOverdueOrders(env: EffectsEnv, now: Date): Promise<OverdueOutcome> {
  const outcome: OverdueOutcome = { alerted: 0, rejected: 0 }
  // The shortest window a store may set is one minute: nothing younger can be late.
  const waiting = await waitingOrders(env.DB, new Date(now.getTime() - MINUTE).toISOString())
  for (const order of waiting) {
    const windowMs = acceptWindowMinutes(order) * MINUTE
    const placed = Date.parse(order.placed_at)
    const age = now.getTime() - placed
    try {
      if (age >= 2 * windowMs) {
        if (await autoReject(env, order, now)) outcome.rejected += 1
      } else if (age >= windowMs && order.accept_alerted_at === null) {
        if (await alertManagers(env, order, new Date(placed + 2 * windowMs), now)) {
          outcome.alerted += 1
        }
      }
    } catch (error) {
      // One order's failure must not stop the others; the next run tries it again.
      logError(error, { event: 'overdue order handling failed', orderId: order.id })
    }
  }
  return outcome
}

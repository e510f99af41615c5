import type { BackendAdapters, OrderChangeSubscriber, WiredAdapters } from './adapters.ts'
import { registrationHooks } from './registration-hooks.ts'
import { afterOrderChange } from './tracking/service.ts'

/*
 * Who follows an order's changes (ADR 038). The order's domains publish a change
 * (orders/events.ts) and never import its followers; they are registered here, where the
 * backend's adapters are wired, so a follower added later is one line below.
 */

/** The store's live boards (ADR 017); a failure reaches the publisher (an effect retries it). */
const toStoreBoards: OrderChangeSubscriber = async (env, change, now) => {
  await env.orderBoard?.publish(env, { ...change, at: now.toISOString() })
}

/** Tracking follows every change the board does: retention, then the page (ADR 019). */
const toTracking: OrderChangeSubscriber = (env, change, now) => afterOrderChange(env, change, now)

export const orderChangeSubscribers: ReadonlyArray<OrderChangeSubscriber> = [
  toStoreBoards,
  toTracking,
]

/** The adapters as the backend runs with them: the given ones, its order subscribers and hooks. */
export function wireAdapters(adapters: BackendAdapters): WiredAdapters {
  return { ...adapters, orderSubscribers: orderChangeSubscribers, registration: registrationHooks }
}

import { developmentToolsEnabled } from '../../schemas/development.ts'
import type { OrderBoardEvent, OrderBoardNotifier } from '../backend/adapters.ts'
import { logError } from '../lib/log.ts'
import {
  BOARD_DISCONNECT_PATH,
  BOARD_EVENTS_PATH,
  BOARD_ORIGIN,
  boardStub,
} from './board-address.ts'
import { startDriverSimulator } from './simulator-address.ts'

/** POSTs the event to the store's board; never throws (OrderBoardNotifier's contract). */
async function postToBoard(bindings: Env, event: OrderBoardEvent): Promise<void> {
  try {
    const stub = boardStub(bindings, event.businessId, event.storeId)
    const res = await stub.fetch(`${BOARD_ORIGIN}${BOARD_EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    })
    await res.body?.cancel()
    if (!res.ok) throw new Error(`order board answered ${res.status}`)
  } catch (error) {
    // A board that misses an event is still right on its next load (ADR 017).
    logError(error, { event: 'order board publish failed', orderId: event.orderId }, 'warn')
  }
}

/** Asks one store's board to close a member of staff's sockets; never throws. */
async function disconnectAtBoard(
  bindings: Env,
  businessId: number,
  storeId: number,
  staffId: number
): Promise<void> {
  try {
    const stub = boardStub(bindings, businessId, storeId)
    const res = await stub.fetch(`${BOARD_ORIGIN}${BOARD_DISCONNECT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ staffId }),
    })
    await res.body?.cancel()
    if (!res.ok) throw new Error(`order board answered ${res.status}`)
  } catch (error) {
    // The guard refuses the person's next call whatever happens here; the socket is the extra.
    logError(error, { event: 'order board disconnect failed', staffId, storeId }, 'warn')
  }
}

/**
 * The order board notifier this Worker wires into the backend (worker/local-backend.ts): each
 * event goes to the store's OrderBoard Durable Object, which sends it to the open boards. In
 * development and test, an order going en route also starts the local driver simulator, which
 * drives it if its driver is the demo driver (the phone a developer does not have).
 */
export const durableOrderBoard: OrderBoardNotifier = {
  async publish(bindings, event) {
    await postToBoard(bindings, event)
    if (event.status === 'en_route' && developmentToolsEnabled(bindings.APP_ENV)) {
      await startDriverSimulator(bindings, event.businessId, event.orderId)
    }
  },
  async disconnectStaff(bindings, { businessId, storeIds, staffId }) {
    await Promise.all(
      storeIds.map((storeId) => disconnectAtBoard(bindings, businessId, storeId, staffId))
    )
  },
}

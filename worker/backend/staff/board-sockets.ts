import type { BackendAdapters } from '../adapters.ts'
import { businessStoreIds } from './repo.ts'

/**
 * Closes the live board sockets of members of staff whose access just ended (deactivation,
 * sign-out): the guard refuses their next call, but an open socket makes no call, so without
 * this it would keep receiving the store's events. Every store of the business, since an
 * operator may watch any. Never throws (the notifier's contract).
 */
export async function closeBoardSockets(
  env: Env & BackendAdapters,
  businessId: number,
  staffIds: ReadonlyArray<number>
): Promise<void> {
  const board = env.orderBoard
  if (!board?.disconnectStaff || !staffIds.length) return
  const storeIds = await businessStoreIds(env.DB, businessId)
  await Promise.all(
    staffIds.map((staffId) => board.disconnectStaff?.(env, { businessId, storeIds, staffId }))
  )
}

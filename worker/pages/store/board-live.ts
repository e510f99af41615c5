import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { StaffRole } from '../../../schemas/staff.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { connectBoard } from '../../live/connect-board.ts'
import { storeOfPath } from './board.tsx'
import { currentStaff, rolesAt } from './session.ts'

// The role a board watches as when staff hold several at the store: the widest first.
const ROLE_ORDER: ReadonlyArray<StaffRole> = ['operator', 'store_manager', 'picker', 'driver']

/**
 * GET /store/<storeId>/board/live: the board's WebSocket, for staff who work at the store (the
 * staff cookie rides on the same-origin upgrade). The store's board Durable Object holds the
 * socket (connectBoard); events name orders only and the island reloads the list from the API.
 */
export async function boardLive(c: Context<AppEnv>): Promise<Response> {
  const staff = await currentStaff(c)
  if (!staff) throw new AppError('unauthorized', MESSAGES.loginRequired)
  const storeId = storeOfPath(c, staff)
  const held = rolesAt(staff, storeId)
  const role = ROLE_ORDER.find((r) => held.includes(r))
  if (!role) throw new AppError('not_found', MESSAGES.pageNotFound)
  return connectBoard(
    c.env,
    { businessId: c.var.brand.businessId, storeId, staffId: staff.staffId, role },
    c.req.raw
  )
}

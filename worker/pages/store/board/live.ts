import type { Context } from 'hono'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type { StaffRole } from '../../../../schemas/staff.ts'
import type { AppEnv } from '../../../env.ts'
import { AppError } from '../../../lib/errors.ts'
import { connectBoard, refusedHandshake } from '../../../live/connect-board.ts'
import { readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { StoreOrderBoardSchema } from '../../../../schemas/store-orders.ts'
import { currentStaff, rolesAt, storeOfPath } from '../session.ts'

// The role a board watches as when staff hold several at the store: the widest first.
const ROLE_ORDER: ReadonlyArray<StaffRole> = ['operator', 'store_manager', 'picker', 'driver']

/**
 * The socket opens only where the board's own call answers: an operator's role reaches every
 * store of the business, and that call is what knows a store id is one (an unknown id, or
 * another business's, is not found). It also refuses a session the backend no longer accepts.
 */
async function mayReadBoard(c: Context<AppEnv>, storeId: number): Promise<void> {
  try {
    await c.var.backend.post('/staff/orders/board', {
      body: { businessId: c.var.brand.businessId, storeId },
      token: readStaffAccessToken(c),
      schema: StoreOrderBoardSchema,
    })
  } catch (error) {
    if (error instanceof AppError && (error.code === 'forbidden' || error.code === 'not_found')) {
      throw new AppError('not_found', MESSAGES.pageNotFound)
    }
    throw error
  }
}

/**
 * GET /store/<storeId>/board/live: the board's WebSocket, for staff who work at the store (the
 * staff cookie rides on the same-origin upgrade; another origin's page is refused). The store's board Durable Object holds the
 * socket (connectBoard); events name orders only and the island reloads the list from the API.
 */
export async function boardLive(c: Context<AppEnv>): Promise<Response> {
  const refused = refusedHandshake(c.req.raw)
  if (refused) return refused
  const staff = await currentStaff(c)
  if (!staff) throw new AppError('unauthorized', MESSAGES.loginRequired)
  const storeId = storeOfPath(c, staff)
  const held = rolesAt(staff, storeId)
  const role = ROLE_ORDER.find((r) => held.includes(r))
  if (!role) throw new AppError('not_found', MESSAGES.pageNotFound)
  await mayReadBoard(c, storeId)
  return connectBoard(
    c.env,
    { businessId: c.var.brand.businessId, storeId, staffId: staff.staffId, role },
    c.req.raw
  )
}

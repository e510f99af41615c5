import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { storeOfPath } from './board.tsx'
import { currentStaff } from './session.ts'

/**
 * GET /store/<storeId>/board/live: the board's WebSocket, for staff who work at the store. The
 * order board's Durable Object (connectBoard) holds the sockets; until it is wired here the
 * upgrade is refused and the board shows changes on its next load.
 */
export async function boardLive(c: Context<AppEnv>): Promise<Response> {
  const staff = await currentStaff(c)
  if (!staff) throw new AppError('unauthorized', MESSAGES.loginRequired)
  storeOfPath(c, staff)
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new AppError('validation_error', MESSAGES.validationError)
  }
  throw new AppError('upstream_error', MESSAGES.systemError)
}

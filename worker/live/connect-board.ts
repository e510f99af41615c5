import type { StaffRole } from '../../schemas/staff.ts'
import {
  BOARD_CONNECT_PATH,
  BOARD_ORIGIN,
  boardStub,
  VIEWER_ROLE_HEADER,
  VIEWER_STAFF_HEADER,
} from './board-address.ts'
import { handshakeHeaders, refusedHandshake } from './handshake.ts'

// The console's route checks the handshake before it asks the backend anything.
export { refusedHandshake } from './handshake.ts'

/** The member of staff whose board connects, as the console's route authorised them. */
export interface BoardConnection {
  businessId: number
  storeId: number
  staffId: number
  role: StaffRole
}

/**
 * Opens a live board: forwards the browser's WebSocket upgrade to the store's board Durable
 * Object, naming who watches. Authorisation is the caller's (the console's route at
 * /store/<storeId>/board/live checks the staff session and the store first); this refuses a
 * request that is not a WebSocket upgrade (426) or that a page of another origin made (403).
 */
export async function connectBoard(
  env: Pick<Env, 'ORDER_BOARD'>,
  connection: BoardConnection,
  request: Request
): Promise<Response> {
  const refused = refusedHandshake(request)
  if (refused) return refused
  const headers = handshakeHeaders(request)
  headers.set(VIEWER_STAFF_HEADER, String(connection.staffId))
  headers.set(VIEWER_ROLE_HEADER, connection.role)
  const stub = boardStub(env, connection.businessId, connection.storeId)
  return stub.fetch(`${BOARD_ORIGIN}${BOARD_CONNECT_PATH}`, { headers })
}

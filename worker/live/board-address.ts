import { z } from 'zod'
import { STAFF_ROLES } from '../../schemas/staff.ts'

/*
 * How the Worker reaches a store's board Durable Object. The object is reachable only through its
 * stub (never from the internet), so the viewer headers below are set by connectBoard after the
 * console's route has authorised the member of staff, and are trusted by the board.
 */

/** The stubs' origin: never resolved, a Durable Object stub answers every URL itself. */
export const BOARD_ORIGIN = 'https://order-board.internal'
export const BOARD_EVENTS_PATH = '/events'
export const BOARD_CONNECT_PATH = '/connect'
export const BOARD_VIEWERS_PATH = '/viewers'
export const BOARD_DISCONNECT_PATH = '/disconnect'

/**
 * The close code a board's socket gets when its viewer's access ended (deactivated, signed out):
 * in the 4000s an application may use, after 4401 ~ HTTP 401.
 */
export const ACCESS_ENDED_CLOSE_CODE = 4401

/** The tag the board puts on each socket of a member of staff, to find them all at once. */
export const staffTag = (staffId: number): string => `staff:${staffId}`

export const VIEWER_STAFF_HEADER = 'x-board-staff-id'
export const VIEWER_ROLE_HEADER = 'x-board-role'

/** Who watches a board: kept on the socket (serializeAttachment), so it survives hibernation. */
export type BoardViewer = z.infer<typeof BoardViewerSchema>
export const BoardViewerSchema = z.object({
  staffId: z.coerce.number().int().positive(),
  role: z.enum(STAFF_ROLES),
})

/** One board per store of a business. */
export function boardName(businessId: number, storeId: number): string {
  return `board:${businessId}:${storeId}`
}

export function boardStub(
  env: Pick<Env, 'ORDER_BOARD'>,
  businessId: number,
  storeId: number
): DurableObjectStub {
  return env.ORDER_BOARD.get(env.ORDER_BOARD.idFromName(boardName(businessId, storeId)))
}

import type { Context } from 'hono'
import { IdSchema } from '../../../schemas/common.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/*
 * The checkout's markers (spec §4 Sessions): the order being checked out, and a 3-D Secure check
 * in progress. While either is held, a new app session version keeps the last-order record.
 */

/** Remembers the order being paid for, and whether the card's bank is checking it (3-D Secure). */
export function writeCheckoutOrder(
  c: Context,
  draftOrderId: number,
  threeDSecurePending: boolean
): void {
  writeCookie(c, COOKIE_NAMES.checkoutOrder, String(draftOrderId))
  if (threeDSecurePending) writeCookie(c, COOKIE_NAMES.threeDSecurePending, '1')
}

/** The order being checked out, if the cookie names one. */
export function readCheckoutOrderId(c: Context): number | null {
  const parsed = IdSchema.safeParse(readCookie(c, COOKIE_NAMES.checkoutOrder))
  return parsed.success ? parsed.data : null
}

/** The order is placed: no 3-D Secure check is waiting any more. */
export function clearThreeDSecurePending(c: Context): void {
  clearCookie(c, COOKIE_NAMES.threeDSecurePending)
}

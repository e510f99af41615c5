import type { Context } from 'hono'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/*
 * Change mode of the slot pages (spec §4): the basket or checkout page the shopper came from,
 * kept for half an hour while they choose. The slot pages check it is such a page before use.
 */

export function readSlotReferrer(c: Context): string | undefined {
  return readCookie(c, COOKIE_NAMES.slotReferrer)
}

export function writeSlotReferrer(c: Context, path: string): void {
  writeCookie(c, COOKIE_NAMES.slotReferrer, path)
}

export function clearSlotReferrer(c: Context): void {
  clearCookie(c, COOKIE_NAMES.slotReferrer)
}

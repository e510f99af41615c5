import type { Context } from 'hono'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { randomToken } from '../crypto.ts'
import { readCookie, writeCookie } from './cookies.ts'

/*
 * The browser's device id (ADR 021): random, first-party, httpOnly, kept a year. The storefront
 * sends it as messagingDeviceId when a shopper registers or orders; the referral guards refuse a
 * friend registering or ordering on the referrer's browser. It names no one and is never shown.
 */

const DEVICE_ID = /^web-[A-Za-z0-9_-]{20,64}$/

/** This browser's device id, made (and its cookie set) on first need. */
export function deviceIdFor(c: Context): string {
  const held = readCookie(c, COOKIE_NAMES.device)
  if (held && DEVICE_ID.test(held)) return held
  const id = `web-${randomToken(18)}`
  writeCookie(c, COOKIE_NAMES.device, id)
  return id
}

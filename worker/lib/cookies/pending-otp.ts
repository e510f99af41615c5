import type { Context } from 'hono'
import { z } from 'zod'
import { OTP_CHANNELS } from '../../../schemas/auth.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import type { AppEnv } from '../../env.ts'
import { now as clockNow } from '../clock.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/**
 * The pending one-time password sign-in (spec §7: the client keeps it under the key
 * 'restorable.strategy.' + 'otp'). Here the worker keeps it for the browser in the httpOnly
 * cookie `sf_restorable_strategy_otp`: the backend's answer (requestId, channel, expiresAt), what
 * the shopper typed (to say where the code went) and how many wrong codes this browser sent.
 */
export type PendingOtp = z.infer<typeof PendingOtpSchema>
const PendingOtpSchema = z.object({
  requestId: z.string().min(16).max(200),
  channel: z.enum(OTP_CHANNELS),
  expiresAt: z.iso.datetime(),
  sentTo: z.string().max(320),
  attempts: z.int().nonnegative(),
})

const PENDING_COOKIE = COOKIE_NAMES.restorableStrategyOtp

/** The pending sign-in, when its cookie is well formed and the code has not expired. */
export function readPendingOtp(c: Context<AppEnv>, now = clockNow(c.env)): PendingOtp | null {
  const value = readCookie(c, PENDING_COOKIE)
  if (!value) return null
  try {
    const parsed = PendingOtpSchema.safeParse(JSON.parse(value))
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= now.getTime()) return null
    return parsed.data
  } catch {
    return null
  }
}

export function rememberPendingOtp(
  c: Context<AppEnv>,
  pending: PendingOtp,
  now = clockNow(c.env)
): void {
  const seconds = Math.ceil((Date.parse(pending.expiresAt) - now.getTime()) / 1000)
  writeCookie(c, PENDING_COOKIE, JSON.stringify(pending), Math.max(1, seconds))
}

/** Forgets the pending sign-in (signed in, or the code is spent). */
export function forgetPendingOtp(c: Context): void {
  clearCookie(c, PENDING_COOKIE)
}

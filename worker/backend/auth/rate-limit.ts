import type { Context } from 'hono'
import { RATE_LIMIT_PERIOD_SECONDS } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import type { BackendEnv } from '../env.ts'
import { sha256Hex } from '../../lib/crypto.ts'

/** Auth calls limited with AUTH_LIMITER; each has its own allowance. */
export type AuthAction =
  | 'login'
  | 'register'
  | 'reset-request'
  | 'registration-status'
  | 'referral-verify'
  | 'password'
  | 'otp'
  | 'otp-check'
  | 'verification'
  | 'social'
  | 'social-nonce'
  | 'staff-sign-in'
  | 'staff-code'
  | 'staff-invitation'

/**
 * Limits an auth call twice with the AUTH_LIMITER binding: per shopper IP (one machine trying
 * many accounts) and per identifier such as the email (many machines trying one account). Over
 * either limit the call answers 429 rate_limited with details.retryAfterSeconds (the wait), before any
 * password is hashed. Called after the body is parsed, since the identifier is in it.
 *
 * @example await limitAuth(c, 'login', body.username)
 */
export async function limitAuth(
  c: Context<BackendEnv>,
  action: AuthAction,
  identifier: string
): Promise<void> {
  const ip = c.req.header('cf-connecting-ip')?.trim() || 'anonymous'
  // Hashed so emails never reach the limiter's storage.
  const keys = [`auth:${action}:ip:${ip}`, `auth:${action}:id:${await sha256Hex(identifier)}`]
  const outcomes = await Promise.all(
    keys.map((key) =>
      c.env.AUTH_LIMITER.limit({ key })
        .then((outcome) => outcome.success)
        .catch((error: unknown) => {
          // A limiter outage must not stop every sign-in; exact counters live in D1.
          logError(error, { requestId: c.var.requestId, event: 'auth rate limiter failed' }, 'warn')
          return true
        })
    )
  )
  if (outcomes.every(Boolean)) return
  throw new AppError('rate_limited', MESSAGES.tooManyRequests, {
    details: { retryAfterSeconds: RATE_LIMIT_PERIOD_SECONDS },
  })
}

import {
  LOGIN_FAILURE_WAITS,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_WINDOW_MAX,
  PASSWORD_ATTEMPTS_LOCKED_REASON,
} from '../../../schemas/constants.ts'
import { passwordAttemptsLockedMessage } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { deriveKey, hmacSha256, toHex } from '../../lib/crypto.ts'
import {
  type AttemptRule,
  deleteFailuresBefore,
  failureHistory,
  type FailureHistory,
  forgetFailuresStatement,
  recordAttemptIfAllowed,
} from './login-attempts-repo.ts'
import type { AuthDeps } from './sessions.ts'

// Password guessing (docs/decisions/009-auth-tokens-and-passwords.md): an hourly,
// escalating limit per account kept in D1, besides the approximate per-minute AUTH_LIMITER.

const IDENTIFIER_KEY_LABEL = 'storefront login attempts v1'

/**
 * The key of an account's failures: an HMAC of the normalised email (EmailSchema trims and
 * lower-cases it) with a key derived from AUTH_PEPPER, computed the same way whether or not a
 * member has that email. A leaked table names nobody, and nobody can test emails against it.
 */
export async function loginIdentifierHash(pepper: string, email: string): Promise<string> {
  const key = await deriveKey(pepper, IDENTIFIER_KEY_LABEL)
  return toHex(await hmacSha256(key, email))
}

/** Seconds to wait after the latest failure when the last hour holds `failures` of them. */
export function waitAfterFailures(failures: number): number {
  let wait = 0
  for (const step of LOGIN_FAILURE_WAITS) if (failures >= step.failures) wait = step.waitSeconds
  return wait
}

/**
 * When (ms) the next password check of an account is allowed, from its failures in the window:
 * the escalating wait after the latest one, and never while the window holds the most it may
 * (then not before the oldest leaves it).
 */
export function nextAttemptAt(history: FailureHistory, nowMs: number): number {
  if (history.failures === 0 || history.latest === null) return nowMs
  let at = Date.parse(history.latest) + waitAfterFailures(history.failures) * 1000
  if (history.failures >= LOGIN_FAILURES_PER_WINDOW_MAX && history.oldest !== null) {
    at = Math.max(at, Date.parse(history.oldest) + LOGIN_FAILURE_WINDOW_SECONDS * 1000)
  }
  return at
}

const secondsBefore = (nowMs: number, seconds: number) =>
  new Date(nowMs - seconds * 1000).toISOString()

/** The rule of {@link nextAttemptAt} as instants for the conditional insert. */
function attemptRule(nowMs: number): AttemptRule {
  return {
    windowStart: secondsBefore(nowMs, LOGIN_FAILURE_WINDOW_SECONDS),
    maxFailures: LOGIN_FAILURES_PER_WINDOW_MAX,
    waits: [...LOGIN_FAILURE_WAITS]
      .sort((a, b) => b.failures - a.failures)
      .map(({ failures, waitSeconds }) => ({
        failures,
        latestBy: secondsBefore(nowMs, waitSeconds),
      })),
  }
}

/** A password check under way: the account it counts against. */
export interface PasswordAttempt {
  businessId: number
  identifierHash: string
}

/**
 * Claims one password check of the account with this email, before any password is hashed: it is
 * recorded as a failure in advance (and forgotten if the password is right). While the account
 * is locked it throws 429 rate_limited with the wait in details.retryAfterSeconds (Retry-After)
 * and the ways in that still work (a one-time code, a reset). Known and unknown emails take the
 * same path and get the same answer, so the lock tells nobody which accounts exist.
 */
export async function claimPasswordAttempt(
  deps: AuthDeps,
  businessId: number,
  email: string
): Promise<PasswordAttempt> {
  const identifierHash = await loginIdentifierHash(deps.pepper, email)
  const nowMs = deps.now.getTime()
  const rule = attemptRule(nowMs)
  const nowIso = deps.now.toISOString()
  if (await recordAttemptIfAllowed(deps.db, businessId, identifierHash, nowIso, rule)) {
    return { businessId, identifierHash }
  }
  const history = await failureHistory(deps.db, businessId, identifierHash, rule.windowStart)
  const retryAfterSeconds = Math.max(1, Math.ceil((nextAttemptAt(history, nowMs) - nowMs) / 1000))
  throw new AppError('rate_limited', passwordAttemptsLockedMessage(retryAfterSeconds), {
    details: { retryAfterSeconds, reason: PASSWORD_ATTEMPTS_LOCKED_REASON },
  })
}

/**
 * The password was right: the account's failures are forgotten (NIST SP 800-63B §5.2.2 counts
 * consecutive failures), so an owner who mistyped a few times starts afresh. A statement, to run
 * with the sign-in's own writes.
 */
export function attemptSucceededStatement(
  deps: AuthDeps,
  attempt: PasswordAttempt
): D1PreparedStatement {
  return forgetFailuresStatement(deps.db, attempt.businessId, attempt.identifierHash)
}

/** Forgets the failures of the account with this email (its owner just reset the password). */
export async function forgetAccountFailuresStatement(
  deps: AuthDeps,
  businessId: number,
  email: string
): Promise<D1PreparedStatement> {
  return forgetFailuresStatement(deps.db, businessId, await loginIdentifierHash(deps.pepper, email))
}

/** Deletes failures older than the window (the cron), so the table holds one hour at most. */
export function sweepLoginFailures(db: D1Database, now: Date): Promise<number> {
  return deleteFailuresBefore(db, secondsBefore(now.getTime(), LOGIN_FAILURE_WINDOW_SECONDS))
}

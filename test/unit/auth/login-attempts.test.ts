import { describe, expect, it } from 'vitest'
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_WINDOW_MAX,
} from '../../../schemas/constants.ts'
import { passwordAttemptsLockedMessage } from '../../../schemas/messages.ts'
import { nextAttemptAt, waitAfterFailures } from '../../../worker/backend/auth/login-attempts.ts'
import type { FailureHistory } from '../../../worker/backend/auth/login-attempts-repo.ts'
import { DEFAULT_TEST_NOW } from '../../support/test-clock.ts'

const HOUR_MS = LOGIN_FAILURE_WINDOW_SECONDS * 1000
const T0 = Date.parse(DEFAULT_TEST_NOW)
const iso = (ms: number) => new Date(ms).toISOString()

/** The history the repo would answer at `nowMs` for failures at these instants. */
function historyAt(failures: ReadonlyArray<number>, nowMs: number): FailureHistory {
  const recent = failures.filter((at) => at > nowMs - HOUR_MS && at <= nowMs)
  if (recent.length === 0) return { failures: 0, latest: null, oldest: null }
  return {
    failures: recent.length,
    latest: iso(Math.max(...recent)),
    oldest: iso(Math.min(...recent)),
  }
}

/** The most failures any rolling hour holds. */
function busiestHour(failures: ReadonlyArray<number>): number {
  return Math.max(
    ...failures.map((from) => failures.filter((at) => at >= from && at < from + HOUR_MS).length)
  )
}

describe('escalating waits after failed password checks', () => {
  it('lets the first four go, then waits 1, 5 and 15 minutes', () => {
    expect([0, 1, 4, 5, 9, 10, 19, 20, 99].map(waitAfterFailures)).toEqual([
      0, 0, 0, 60, 60, 300, 300, 900, 900,
    ])
  })

  it('counts the wait from the latest failure', () => {
    const history = { failures: 5, latest: iso(T0), oldest: iso(T0 - 1000) }
    expect(nextAttemptAt(history, T0 + 1000)).toBe(T0 + 60_000)
    expect(nextAttemptAt({ failures: 0, latest: null, oldest: null }, T0)).toBe(T0)
  })

  it('never lets a guesser who retries the moment it is allowed past 20 an hour, far under 100', () => {
    const failures: Array<number> = []
    let now = T0
    while (now < T0 + 12 * HOUR_MS) {
      const next = nextAttemptAt(historyAt(failures, now), now)
      if (next > now) now = next
      else failures.push(now)
    }
    expect(busiestHour(failures)).toBe(20)
    expect(busiestHour(failures)).toBeLessThanOrEqual(LOGIN_FAILURES_PER_WINDOW_MAX)
    // Over twelve hours that is about a dozen an hour after the first.
    expect(failures.length).toBeLessThan(12 * 14)
  })

  it('holds a full hour until its oldest failure leaves it, whatever the wait says', () => {
    const oldest = T0 - HOUR_MS + 10 * 60_000
    const full = {
      failures: LOGIN_FAILURES_PER_WINDOW_MAX,
      latest: iso(T0 - 20 * 60_000),
      oldest: iso(oldest),
    }
    // The 15-minute wait is over, but the hour holds 100: not before the oldest is an hour old.
    expect(nextAttemptAt(full, T0)).toBe(oldest + HOUR_MS)
    expect(nextAttemptAt({ ...full, failures: LOGIN_FAILURES_PER_WINDOW_MAX - 1 }, T0)).toBe(
      T0 - 5 * 60_000
    )
  })

  it('says the wait in whole minutes, rounded up', () => {
    expect(passwordAttemptsLockedMessage(1)).toBe(
      'Too many wrong passwords. Please try your password again in 1 minute.'
    )
    expect(passwordAttemptsLockedMessage(61)).toContain('in 2 minutes.')
    expect(passwordAttemptsLockedMessage(900)).toContain('in 15 minutes.')
  })
})

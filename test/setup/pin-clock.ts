import { env } from 'cloudflare:test'
import { afterEach, vi } from 'vitest'

// Every test file runs at the run's pinned instant (test/support/test-clock.ts), never at the
// machine's date: Date is faked in the test isolate, which is also where the worker under test
// runs (SELF), so the app's clock (worker/lib/clock.ts) and the test agree. The pinned time moves
// on in real time from when the file starts, so expiries, token ages and timeouts behave, and it
// never runs backwards between hooks and tests (a token from beforeAll stays valid).
const realNow = Date.now
const offset = Date.parse(env.TEST_NOW) - realNow()

function pin(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: realNow() + offset, shouldAdvanceTime: true })
}

pin()

// A test may pin an instant of its own (vi.setSystemTime) or restore real timers; the next hook
// or test is back on the run's clock.
afterEach(pin)

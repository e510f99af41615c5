import { env } from 'cloudflare:test'
import { afterEach, beforeEach, vi } from 'vitest'

// Every test starts at the run's pinned instant (test/support/test-clock.ts), never at the
// machine's date: Date is faked in the test isolate, which is also where the worker under test
// runs (SELF), so the app's clock (worker/lib/clock.ts) and the test agree. Time still moves on in
// real time, so timeouts and expiries behave. A test may pin its own instant on top of this.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(env.TEST_NOW), shouldAdvanceTime: true })
})

afterEach(() => {
  vi.useRealTimers()
})

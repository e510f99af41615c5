import { describe, expect, it } from 'vitest'
import { scheduledTriggerUrl, startCronDriver } from '../../../scripts/vite-dev-cron.ts'

/** Timers driven by hand: `advance` runs what is due, as the clock moves. */
function manualTimers(start: number) {
  let now = start
  const pending: Array<{ at: number; run: () => void; id: number }> = []
  let nextId = 1
  return {
    timers: {
      now: () => now,
      setTimeout: (run: () => void, ms: number) => {
        const id = nextId++
        pending.push({ at: now + ms, run, id })
        return id
      },
      clearTimeout: (handle: unknown) => {
        const index = pending.findIndex((entry) => entry.id === handle)
        if (index >= 0) pending.splice(index, 1)
      },
    },
    async advance(ms: number) {
      now += ms
      for (;;) {
        pending.sort((a, b) => a.at - b.at)
        const due = pending[0]
        if (!due || due.at > now) break
        pending.shift()
        due.run()
        // Let the trigger's promise settle and the next run be scheduled.
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
    pendingCount: () => pending.length,
  }
}

describe('the cron under vite dev', () => {
  it("asks the Vite plugin's trigger route for the every-minute cron", () => {
    expect(scheduledTriggerUrl('http://localhost:5173')).toBe(
      'http://localhost:5173/cdn-cgi/handler/scheduled?cron=*%20*%20*%20*%20*'
    )
  })

  it('runs at the start of each minute, goes on after a failure, and stops', async () => {
    // 12:00:45: the first run is 15 s away, at the minute, then one a minute.
    const clock = manualTimers(Date.parse('2026-11-25T12:00:45.000Z'))
    const runs: Array<number> = []
    const logged: Array<string> = []
    let fail = true
    const driver = startCronDriver(
      () => {
        runs.push(clock.timers.now())
        if (fail) {
          fail = false
          return Promise.reject(new Error('workerd restarting'))
        }
        return Promise.resolve()
      },
      (message) => logged.push(message),
      clock.timers
    )
    await clock.advance(14_999)
    expect(runs).toHaveLength(0)
    await clock.advance(1)
    await clock.advance(60_000)
    await clock.advance(60_000)
    expect(runs.map((at) => new Date(at).toISOString())).toEqual([
      '2026-11-25T12:01:00.000Z',
      '2026-11-25T12:02:00.000Z',
      '2026-11-25T12:03:00.000Z',
    ])
    expect(logged).toEqual(['cron: the scheduled run failed: Error: workerd restarting'])
    driver.stop()
    expect(clock.pendingCount()).toBe(0)
    await clock.advance(120_000)
    expect(runs).toHaveLength(3)
  })
})

import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { WARM_UP_HEADER, gate, holdUntilWarm, warmUp } from '../../../scripts/vite-dev-warm-up.ts'

/*
 * The first requests after `npm run dev` (issue 39): the backend Worker's modules load on its first
 * call, longer than the 4 s backend timeout, so pages answered 504. The dev server now asks until
 * the backend answers and holds the developer's requests until then.
 */

/** A clock that moves only when slept on. */
function fakeTime() {
  let now = 0
  return { now: () => now, sleep: async (ms: number) => void (now += ms) }
}

const request = (headers: Record<string, string> = {}) => ({ headers }) as IncomingMessage
const response = {} as ServerResponse

describe('warming the backend as vite dev starts', () => {
  it('asks again past refusals and timeouts until the backend answers', async () => {
    const answers: Array<number | Error> = [new Error('ECONNREFUSED'), 502, 504, 200]
    let asked = 0
    const ready = await warmUp({
      request: async () => {
        const answer = answers[asked++]
        if (answer instanceof Error) throw answer
        return answer ?? 200
      },
      deadlineMs: 60_000,
      pauseMs: 250,
      ...fakeTime(),
    })
    expect(ready).toBe(true)
    expect(asked).toBe(4)
  })

  it('gives up at the deadline when the backend never answers', async () => {
    let asked = 0
    const ready = await warmUp({
      request: async () => {
        asked++
        return 504
      },
      deadlineMs: 1_000,
      pauseMs: 250,
      ...fakeTime(),
    })
    expect(ready).toBe(false)
    expect(asked).toBe(4)
  })

  it("holds a page request until warm, and lets the warm-up's own through", async () => {
    const warm = gate()
    const hold = holdUntilWarm(warm.pass)
    const passed: Array<string> = []
    hold(request(), response, () => passed.push('page'))
    hold(request({ [WARM_UP_HEADER]: '1' }), response, () => passed.push('warm-up'))
    await Promise.resolve()
    expect(passed).toEqual(['warm-up'])
    warm.open()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(passed).toEqual(['warm-up', 'page'])
    hold(request(), response, () => passed.push('later'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(passed).toEqual(['warm-up', 'page', 'later'])
  })
})

import { describe, expect, it } from 'vitest'
import wranglerToml from '../../../wrangler.toml?raw'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'

/** Each [[ratelimits]] binding's name and `simple.limit`, read from wrangler.toml's text. */
function configuredLimits(toml: string): Record<string, number> {
  const limits: Record<string, number> = {}
  for (const block of toml.split('[[ratelimits]]').slice(1)) {
    const name = /^name = "([A-Z_]+)"/m.exec(block)?.[1]
    const limit = /^simple = \{ limit = (\d+), period = \d+ \}/m.exec(block)?.[1]
    if (name && limit) limits[name] = Number(limit)
  }
  return limits
}

describe('countingLimiter (the tests’ stand-in for a rate-limit binding)', () => {
  it('has the limits wrangler.toml gives each binding', () => {
    expect(configuredLimits(wranglerToml)).toEqual(WRANGLER_LIMITS)
  })

  it('allows `limit` calls per key and refuses the rest, keys apart', async () => {
    const limiter = countingLimiter(2)
    const outcomes = []
    for (const key of ['a', 'a', 'b', 'a', 'b', 'b']) {
      outcomes.push((await limiter.limit({ key })).success)
    }
    expect(outcomes).toEqual([true, true, true, false, true, false])
  })
})

import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  parseLatencyPlan,
  takeRoundTrips,
  withLatency,
} from '../../../worker/lib/latency-simulation.ts'

/*
 * STOREFRONT_LATENCY (ADR 046's latency bench): each hop to the backend and each D1 round trip
 * waits its simulated time, in development and test only.
 */

function recording(): { sleep: (ms: number) => Promise<void>; waits: Array<number> } {
  const waits: Array<number> = []
  return { waits, sleep: (ms) => (waits.push(ms), Promise.resolve()) }
}

const latencyEnv = (text: string, appEnv = 'test'): Env =>
  ({ ...env, APP_ENV: appEnv, STOREFRONT_LATENCY: text, BACKEND: env.PLACED_BACKEND }) as Env

describe('simulated round trips', () => {
  it('delays each D1 statement, batch and session statement, and each backend call', async () => {
    const { sleep, waits } = recording()
    const delayed = withLatency(latencyEnv('backend=80,d1=5'), sleep)
    expect(await delayed.DB.prepare('select ?1 as n').bind(7).first('n')).toBe(7)
    await delayed.DB.batch([delayed.DB.prepare('select 1'), delayed.DB.prepare('select 2')])
    const session = delayed.DB.withSession('first-unconstrained')
    await session.prepare('select 1').all()
    expect(waits).toEqual([5, 5, 5])
    const answer = await delayed.BACKEND?.fetch('http://backend.internal/health')
    expect(answer?.status).toBe(200)
    expect(waits).toEqual([5, 5, 5, 80])
  })

  it('counts the round trips one after another apart from those started together', async () => {
    const delayed = withLatency(latencyEnv('backend=3,d1=2'))
    takeRoundTrips()
    await delayed.DB.prepare('select 1').first()
    await Promise.all([
      delayed.DB.prepare('select 2').first(),
      delayed.DB.batch([delayed.DB.prepare('select 3')]),
      delayed.DB.prepare('select 4').first(),
    ])
    await delayed.BACKEND?.fetch('http://backend.internal/health')
    expect(takeRoundTrips()).toEqual({ backendHops: 1, d1Sequential: 2, d1Statements: 4 })
    expect(takeRoundTrips()).toEqual({ backendHops: 0, d1Sequential: 0, d1Statements: 0 })
  })

  it('does nothing outside development and test', () => {
    const given = latencyEnv('d1=80', 'production')
    expect(withLatency(given)).toBe(given)
  })

  it('refuses a plan it cannot read, naming the part', () => {
    expect(parseLatencyPlan('')).toBeNull()
    expect(parseLatencyPlan('d1=80')).toEqual({ backendMs: 0, d1Ms: 80 })
    expect(() => parseLatencyPlan('kv=3')).toThrow('no round trip "kv"')
    expect(() => parseLatencyPlan('d1=fast')).toThrow('"d1=fast" is not name=milliseconds')
  })
})

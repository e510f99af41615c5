import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { runInBackground } from '../../../worker/lib/background.ts'
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
    expect(takeRoundTrips()).toEqual({
      backendHops: 1,
      d1Sequential: 2,
      d1Statements: 4,
      d1Primary: 2,
      d1Replica: 0,
      d1Background: 0,
    })
    expect(takeRoundTrips()).toMatchObject({ backendHops: 0, d1Sequential: 0, d1Statements: 0 })
  })

  it('tells the primary’s round trips from those a replica may answer, as the Sessions API routes them', async () => {
    const delayed = withLatency(latencyEnv('d1=1'))
    await delayed.DB.exec('create table if not exists counted (n integer)')
    takeRoundTrips()
    // A first-primary session: its first read goes to the primary, later reads to a replica.
    const writing = delayed.DB.withSession('first-primary')
    await writing.prepare('select 1').first()
    await writing.prepare('select 2').first()
    await writing.batch([writing.prepare('select 3'), writing.prepare('select 4')])
    // A write, alone or in a batch of reads, is the primary's wherever it runs.
    await writing.batch([
      writing.prepare('select 5'),
      writing.prepare('insert into counted values (1)'),
    ])
    await writing.prepare('update counted set n = 2').run()
    // An unconstrained session reads from a replica from the start.
    await delayed.DB.withSession('first-unconstrained').prepare('select 6').first()
    expect(takeRoundTrips()).toMatchObject({ d1Sequential: 6, d1Primary: 3, d1Replica: 3 })
  })

  it('counts work after the answer apart: no request waited for it', async () => {
    const delayed = withLatency(latencyEnv('d1=1'))
    takeRoundTrips()
    await delayed.DB.prepare('select 1').first()
    await runInBackground(undefined, () => delayed.DB.prepare('select 2').first(), {
      requestId: 'r',
      event: 'test',
    })
    expect(takeRoundTrips()).toMatchObject({ d1Sequential: 1, d1Primary: 1, d1Background: 1 })
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

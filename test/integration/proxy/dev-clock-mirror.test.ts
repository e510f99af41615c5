import { Hono } from 'hono'
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { nowMs, pinClock } from '../../../worker/lib/clock.ts'
import { backend } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import { seedTenancy } from '../backend/fixtures.ts'

/*
 * The development clock with the backend in its own Worker (ADR 046): a pin through /api reaches
 * the backend's isolate, and the storefront takes the same instant, so pages and the sandbox
 * gateways keep the backend's time (a one-time code issued at the pinned instant is not expired
 * here). The backend below answers as another isolate would: it pins nothing in this one.
 */

const PINNED = '2028-02-29T23:59:30.000Z'

function placedBackend(answer: { status: number; body: unknown }) {
  const app = new Hono<{ Bindings: Env }>()
  app.get('/brands/resolve', (c) => backend.fetch(c.req.raw, c.env))
  app.put('/dev/clock', (c) => c.json(answer.body as object, answer.status as 200))
  return app
}

function putClock(answer: { status: number; body: unknown }, now: string | null) {
  return createApp({ backend: placedBackend(answer) }).request(
    'http://localhost/api/dev/clock',
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ now }),
    },
    testEnv
  )
}

beforeAll(async () => {
  await seedTenancy(env.DB)
}, 60_000)

afterEach(() => pinClock(testEnv, null))

describe('a development clock pin through /api', () => {
  it('pins this isolate to the instant the backend pinned, and lets it go with the backend', async () => {
    const pinned = await putClock({ status: 200, body: { now: PINNED, pinned: true } }, PINNED)
    expect(pinned.status).toBe(200)
    const read = nowMs(testEnv)
    expect(read).toBeGreaterThanOrEqual(Date.parse(PINNED))
    expect(read).toBeLessThan(Date.parse(PINNED) + 10_000)

    const released = await putClock(
      { status: 200, body: { now: new Date().toISOString(), pinned: false } },
      null
    )
    expect(released.status).toBe(200)
    expect(Math.abs(nowMs(testEnv) - Date.now())).toBeLessThan(1_000)
  })

  it('changes nothing here when the backend refuses the pin', async () => {
    const refused = await putClock(
      { status: 422, body: { error: { code: 'validation_error', message: 'no' } } },
      'not a date'
    )
    expect(refused.status).toBe(422)
    expect(Math.abs(nowMs(testEnv) - Date.now())).toBeLessThan(1_000)
  })
})

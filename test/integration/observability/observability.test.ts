import { createScheduledController, env } from 'cloudflare:test'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOTAL_CHANGED_REASON } from '../../../schemas/constants.ts'
import { runEffect } from '../../../worker/backend/effects/consumer.ts'
import { createBackend } from '../../../worker/backend/index.ts'
import { createApp } from '../../../worker/app.ts'
import worker from '../../../worker/index.ts'
import { clearLocalMetrics, localMetricPoints } from '../../../worker/lib/metrics.ts'
import { backendAdapters, refundPayment } from '../../../worker/local-backend.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { freshIp, testEnv } from '../auth/fixtures.ts'
import { guestBearer, orderBody, plainItem, readyBasket } from '../checkout/fixtures.ts'
import {
  consumerData,
  draftOrder,
  makePayment,
  paymentBody,
  payOnSandbox,
  resultOf,
  seedCheckout,
  VALID_EXPIRY,
} from '../payments/fixtures.ts'
import { NOW, paidWithRealex } from '../payments/paid-fixtures.ts'
import { cashOrder, staffMember, STORES } from '../store-orders/fixtures.ts'

/*
 * Observability (ADR 041): the log lines a request writes, the metrics it records in the local
 * sink (Analytics Engine where bound), the error report a failure sends, and the health check.
 */

beforeAll(async () => {
  await seedCheckout(env.DB)
}, 30_000)

beforeEach(() => {
  clearLocalMetrics()
})

afterEach(() => {
  vi.restoreAllMocks()
})

type Line = Record<string, unknown>

/** Every JSON line the worker writes from now on, whatever its level. */
function captureLines(): Array<Line> {
  const lines: Array<Line> = []
  const keep = (text: unknown) => {
    if (typeof text !== 'string') return
    try {
      lines.push(JSON.parse(text) as Line)
    } catch {
      lines.push({ notJson: text })
    }
  }
  for (const level of ['log', 'debug', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation(keep)
  }
  return lines
}

/** The local sink's points of one metric, as [labels, value]. */
function pointsOf(name: string): Array<[ReadonlyArray<string>, number]> {
  return localMetricPoints()
    .filter((point) => point.name === name)
    .map((point) => [point.labels, point.value])
}

function post(path: string, body: unknown, requestId: string, bearer?: string) {
  return callBackend(path, body, {
    ip: freshIp(),
    bindings: testEnv,
    headers: { 'x-request-id': requestId },
    ...(bearer ? { bearer } : {}),
  })
}

describe('structured logs', () => {
  it("a checkout's lines are JSON with its request id, business and order", async () => {
    const draft = await draftOrder({ method: 'paymentCash' })
    const lines = captureLines()
    const paid = await post(
      '/payments/make',
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      }),
      'checkout-request-1',
      draft.bearer
    )
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expect(lines.filter((line) => 'notJson' in line)).toEqual([])
    const ours = lines.filter((line) => line.requestId === 'checkout-request-1')
    expect(ours.find((line) => line.event === 'request')).toMatchObject({
      level: 'debug',
      route: '/payments/make',
      status: '200',
      businessId: 1,
      orderId: draft.orderId,
    })
  })

  it("a store action's lines name the order and the store", async () => {
    const order = await cashOrder()
    const manager = await staffMember([{ storeId: STORES.main, role: 'store_manager' }])
    const lines = captureLines()
    const answer = await callBackend(
      '/staff/orders/action',
      {
        businessId: 1,
        storeId: STORES.main,
        orderId: order.orderId,
        expectedStatus: 'sent_to_store',
        action: { type: 'reject', reason: 'Out of drivers' },
      },
      {
        bearer: manager.bearer,
        ip: freshIp(),
        bindings: testEnv,
        headers: { 'x-request-id': 'action-request-1', 'idempotency-key': crypto.randomUUID() },
      }
    )
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(lines.find((line) => line.requestId === 'action-request-1')).toMatchObject({
      event: 'request',
      route: '/staff/orders/action',
      orderId: order.orderId,
      storeId: STORES.main,
      businessId: 1,
    })
  }, 20_000)

  it("an effect's failure is logged with its order, and the next effect does not inherit it", async () => {
    const order = await cashOrder()
    const { results } = await env.DB.prepare(
      `select id, kind from effects where json_extract(payload_json, '$.orderId') = ?1 order by id`
    )
      .bind(order.orderId)
      .all<{ id: number; kind: string }>()
    const effect = results[0]
    if (!effect) throw new Error('the paid order wrote no effect')
    const lines = captureLines()
    const failing = {
      [effect.kind]: () => Promise.reject(new Error('provider down')),
    }
    expect(await runEffect({ ...testEnv, ...backendAdapters }, failing, effect.id, NOW)).toBe(
      'failed'
    )
    const failed = lines.find((line) => line.event === 'effect failed')
    expect(failed).toMatchObject({
      level: 'warn',
      effectId: effect.id,
      orderId: order.orderId,
      businessId: 1,
      message: 'provider down',
    })
  })
})

describe('metrics in the local sink', () => {
  it('a paid card order counts one authorisation by Realex and one placed checkout', async () => {
    await paidWithRealex()
    expect(pointsOf('payment')).toEqual([[['authorised', 'realex'], 1]])
    expect(pointsOf('checkout')).toEqual([[['placed', 'paid'], 1]])
    const requests = pointsOf('request').map(([labels]) => labels)
    expect(requests).toContainEqual(['backend', 'POST', '/checkout/process-order', '200'])
    expect(requests).toContainEqual(['backend', 'POST', '/checkout/hpp/consumer-data', '200'])
  })

  it('a declined card counts a decline by Realex and places nothing', async () => {
    const draft = await draftOrder()
    const started = await makePayment(paymentBody(draft))
    const declined = await payOnSandbox(started.redirect!, {
      cardNumber: '4000120000001154',
      ...VALID_EXPIRY,
    })
    expect(resultOf(await consumerData(declined)).status).toBe('failed')
    expect(pointsOf('payment')).toEqual([[['declined', 'realex'], 1]])
    expect(pointsOf('checkout')).toEqual([])
  })

  it('a refused checkout counts by its reason', async () => {
    const bearer = await guestBearer()
    const item = await plainItem(500, 2500)
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }], email: 'a@b.example' })
    const refused = await callBackend(
      '/checkout/process-order',
      orderBody(ready, { expectedTotal: 1 }),
      { bearer, ip: freshIp(), bindings: testEnv }
    )
    expect(refused.status).toBe(409)
    expect(pointsOf('checkout')).toEqual([[['refused', TOTAL_CHANGED_REASON], 1]])
  })

  it('a refund the gateway settles counts as settled by its gateway', async () => {
    const paid = await paidWithRealex()
    clearLocalMetrics()
    const refund = await refundPayment(
      testEnv,
      {
        businessId: 1,
        paymentId: paid.paymentId,
        amount: 100,
        reference: `metrics-${paid.paymentId}`,
        reason: 'short pick',
      },
      NOW
    )
    expect(refund.status).toBe('done')
    expect(pointsOf('refund')).toEqual([[['settled', 'realex'], 1]])
  })

  it("the cron samples the outbox's pending and dead effects", async () => {
    await cashOrder()
    const depth = await env.DB.prepare(
      `select sum(status = 'pending') as pending, sum(status = 'dead') as dead from effects`
    ).first<{ pending: number; dead: number }>()
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), env)
    expect(pointsOf('effects')).toEqual([
      [['pending'], depth?.pending ?? 0],
      [['dead'], depth?.dead ?? 0],
    ])
  })

  it('with METRICS bound, requests go to Analytics Engine and not to the local sink', async () => {
    const written: Array<AnalyticsEngineDataPoint | undefined> = []
    const METRICS: AnalyticsEngineDataset = { writeDataPoint: (point) => written.push(point) }
    const backend = createBackend(backendAdapters)
    const res = await backend.request('/health', {}, { ...testEnv, METRICS })
    expect(res.status).toBe(200)
    expect(written).toEqual([
      {
        indexes: ['request'],
        blobs: ['request', 'backend', 'GET', '/health', '200'],
        doubles: [expect.any(Number)],
      },
    ])
    expect(pointsOf('request')).toEqual([])
  })
})

describe('error reports', () => {
  const SENTRY_DSN = 'https://publickey@sentry.example/42'

  /** A backend with one route that fails the way a bug does, naming a shopper in its message. */
  function failingBackend() {
    const backend = createBackend(backendAdapters)
    backend.get('/test/fails', () => {
      throw new Error('no slot for grace.hopper@example.com at SW1A 1AA')
    })
    return backend
  }

  function failingRequest(bindings: Env) {
    return failingBackend().request(
      '/test/fails?email=grace.hopper%40example.com',
      {
        headers: {
          'x-request-id': 'failing-request-1',
          cookie: 'sf_session=secret-session-token',
          authorization: 'Bearer secret-bearer',
          'user-agent': 'uptime-test',
        },
      },
      bindings
    )
  }

  it('sends one scrubbed report, tagged with the request id, to the DSN', async () => {
    const reports: Array<{ url: string; body: string }> = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      reports.push({ url: String(input), body: String(init?.body) })
      return new Response('{}', { status: 200 })
    })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const res = await failingRequest({ ...testEnv, SENTRY_DSN } as Env)
    expect(res.status).toBe(500)
    await vi.waitFor(() => expect(reports).toHaveLength(1))
    const [report] = reports
    expect(report?.url).toMatch(/^https:\/\/sentry\.example\/api\/42\/envelope\//)
    const event = report!.body
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((item) => 'exception' in item) as {
      tags: Record<string, string>
      exception: { values: Array<{ value: string }> }
      request: { url: string; headers?: Record<string, string> }
    }
    expect(event.tags.requestId).toBe('failing-request-1')
    expect(event.exception.values[0]?.value).toBe('no slot for [email] at [postcode]')
    expect(event.request.url).toBe('http://localhost/test/fails')
    expect(event.request.headers).toEqual({ 'user-agent': 'uptime-test' })
    for (const secret of ['grace.hopper', 'SW1A', 'sf_session', 'secret-bearer', 'cookie']) {
      expect(report!.body).not.toContain(secret)
    }
  })

  it('sends nothing without SENTRY_DSN', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect((await failingRequest(testEnv)).status).toBe(500)
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('GET /healthz', () => {
  const app = createApp()

  it('answers 200 with each check, the version and the outbox depth, never cached', async () => {
    const res = await app.request('/healthz', {}, testEnv)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(await res.json()).toMatchObject({
      ok: true,
      version: 'development',
      checks: { db: 'ok', kv: 'ok', queue: 'ok' },
      effects: { pending: expect.any(Number), dead: expect.any(Number) },
    })
  })

  it('answers 503 naming the database when D1 fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const broken = {
      prepare: () => {
        throw new Error('D1_ERROR: database unavailable')
      },
    } as unknown as D1Database
    const res = await app.request('/healthz', {}, { ...testEnv, DB: broken })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({
      ok: false,
      checks: { db: 'fail', kv: 'ok', queue: 'fail' },
    })
  })
})

import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMessenger } from '../../../worker/backend/messaging/messenger.ts'
import { configurationProblems } from '../../../worker/lib/deployment-config.ts'
import { faultInjectorOf, parseFaultPlan, withFaults } from '../../../worker/lib/fault-injection.ts'
import { productionEnv } from '../../support/workers/production-env.ts'
import { seedTenancy } from '../backend/fixtures.ts'

/*
 * STOREFRONT_FAULTS, the outbox fault bench's switch (ADR 037): a seeded run fails the plan's
 * share of D1 writes and provider sends, the same calls on every run of the seed, and never a
 * read; staging and production refuse to serve with it set (ADR 036).
 */

const PLAN = 'd1-writes=0.1,provider=0.2,seed=7'
const CALLS = 200

beforeAll(async () => {
  await seedTenancy(env.DB)
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A fresh env object with faults (withFaults keeps one per env object, as an isolate does). */
function faultedEnv(plan: string): Env {
  return withFaults({ ...env, STOREFRONT_FAULTS: plan })
}

async function outboxRows(prefix: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from outbox where idempotency_key like ?1')
    .bind(`${prefix}%`)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** CALLS single-row writes through `db`, sent at once (each draws as it is sent): which threw. */
async function writeRows(db: D1Database, prefix: string): Promise<Array<number>> {
  const outcomes = await Promise.allSettled(
    Array.from({ length: CALLS }, (_, n) =>
      db
        .prepare(
          `insert into outbox (business_id, channel, recipient, template, payload_json,
             idempotency_key) values (1, 'email', 'probe@example.com', 'order_status', '{}', ?1)`
        )
        .bind(`${prefix}${n}`)
        .run()
    )
  )
  const failed: Array<number> = []
  for (const [n, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') continue
    expect(String(outcome.reason)).toContain('D1_ERROR')
    failed.push(n)
  }
  return failed
}

describe('STOREFRONT_FAULTS in development', () => {
  it("fails about the plan's share of D1 writes, the same ones for the same seed, none of the reads", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const first = faultedEnv(PLAN)
    const failed = await writeRows(first.DB, 'fault-probe-a-')
    // 10% of 200 is 20; a seeded draw lands near it, and is the same draw every run.
    expect(failed.length).toBeGreaterThan(10)
    expect(failed.length).toBeLessThan(32)
    expect(await outboxRows('fault-probe-a-')).toBe(CALLS - failed.length)
    expect(faultInjectorOf(first)?.injected['d1-writes']).toBe(failed.length)
    expect(await writeRows(faultedEnv(PLAN).DB, 'fault-probe-b-')).toEqual(failed)

    const reads = Array.from({ length: 50 }, () =>
      first.DB.prepare('select count(*) as n from outbox').first()
    )
    expect((await Promise.allSettled(reads)).every((read) => read.status === 'fulfilled')).toBe(
      true
    )
    expect(faultInjectorOf(first)?.injected['d1-writes']).toBe(failed.length)
  }, 30_000)

  it('fails a batch that writes whole: none of its statements is applied', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { DB } = faultedEnv('d1-writes=1')
    const insert = (key: string) =>
      DB.prepare(
        `insert into outbox (business_id, channel, recipient, template, payload_json,
           idempotency_key) values (1, 'email', 'probe@example.com', 'order_status', '{}', ?1)`
      ).bind(key)
    await expect(DB.batch([insert('fault-batch-1'), insert('fault-batch-2')])).rejects.toThrow(
      'D1_ERROR'
    )
    expect(await outboxRows('fault-batch-')).toBe(0)
  })

  it("fails about the plan's share of provider sends, as an outage does", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const faulted = faultedEnv('provider=0.2,seed=7')
    const messenger = createMessenger(faulted)
    const sends = await Promise.allSettled(
      Array.from({ length: CALLS }, (_, n) =>
        messenger.send({
          businessId: 1,
          channel: 'email',
          to: 'probe@example.com',
          template: 'order_status',
          data: {},
          idempotencyKey: `fault-send-${n}`,
        })
      )
    )
    const failed = sends.filter((send) => send.status === 'rejected').length
    // 20% of 200 is 40.
    expect(failed).toBeGreaterThan(25)
    expect(failed).toBeLessThan(55)
    expect(await outboxRows('fault-send-')).toBe(CALLS - failed)
  }, 30_000)

  it('refuses a plan it cannot read, naming what is wrong', () => {
    expect(() => parseFaultPlan('d1-writes=0.1,disk=0.5')).toThrow('no fault "disk"')
    expect(() => parseFaultPlan('provider=2')).toThrow('provider must be a share from 0 to 1')
    expect(() => parseFaultPlan('seed=x')).toThrow('"seed=x" is not name=number')
    expect(parseFaultPlan('')).toBeNull()
  })
})

describe('STOREFRONT_FAULTS outside development', () => {
  it('is refused in production and staging, and never applied there', () => {
    for (const appEnv of ['production', 'staging']) {
      const config = productionEnv({ APP_ENV: appEnv, STOREFRONT_FAULTS: PLAN })
      const problems = configurationProblems(config as unknown as Record<string, unknown>)
      expect(problems.map((problem) => problem.name)).toContain('STOREFRONT_FAULTS')
      const served = withFaults(config)
      expect(served).toBe(config)
      expect(faultInjectorOf(served)).toBeNull()
    }
  })
})

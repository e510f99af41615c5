import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  batchKey,
  IDEMPOTENCY_TTL_MS,
  idempotent,
} from '../../../worker/backend/idempotency-repo.ts'
import { canonicalJson } from '../../../worker/lib/crypto.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { seedTenancy } from './fixtures.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

const NOW = new Date('2026-11-21T12:00:00.000Z')
let keyCount = 0
const freshKey = () => `key-${++keyCount}-${crypto.randomUUID()}`

/** The arguments of one idempotent claim of the checkout scope. */
function claimArgs(key: string | undefined, request: unknown = { amount: 1299 }, now = NOW) {
  return { businessId: 1, scope: 'checkout.process-order', key, request, now }
}

/** A run that counts how often it really ran. */
function counted<T>(body: T) {
  const state = { runs: 0 }
  const run = async () => {
    state.runs++
    // Long enough for concurrent callers to meet the claim.
    await new Promise((resolve) => setTimeout(resolve, 5))
    return body
  }
  return { state, run }
}

/**
 * The database with its key-settling statements (the completed answer, the release) failing as
 * D1 does when it cannot be reached, `failures` times before they work again.
 */
function settlingFails(failures: number): { db: D1Database; failed: () => number } {
  let failed = 0
  const settles = (sql: string) =>
    /^\s*(update|delete from) idempotency_keys/i.test(sql) && !/expires_at <=/.test(sql)
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property !== 'prepare') return Reflect.get(target, property, target) as unknown
      return (sql: string) => {
        const statement = target.prepare(sql)
        if (!settles(sql)) return statement
        const bound = (prepared: D1PreparedStatement): D1PreparedStatement =>
          new Proxy(prepared, {
            get(inner, name) {
              if (name === 'bind')
                return (...values: Array<unknown>) => bound(inner.bind(...values))
              if (name === 'run' && failed < failures) {
                return async () => {
                  failed++
                  throw new Error('D1_ERROR: Network connection lost.')
                }
              }
              const value = Reflect.get(inner, name, inner) as unknown
              return typeof value === 'function' ? (value as () => unknown).bind(inner) : value
            },
          })
        return bound(statement)
      }
    },
  })
  return { db, failed: () => failed }
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error
}

describe('idempotent calls', () => {
  it('runs once; a retry with the same key and body gets the stored answer', async () => {
    const key = freshKey()
    const { state, run } = counted({ orderId: 7 })
    expect(await idempotent(env.DB, claimArgs(key), run)).toEqual({
      body: { orderId: 7 },
      replayed: false,
    })
    expect(await idempotent(env.DB, claimArgs(key), run)).toEqual({
      body: { orderId: 7 },
      replayed: true,
    })
    expect(state.runs).toBe(1)
  })

  it('refuses the same key with another body (422) without running', async () => {
    const key = freshKey()
    await idempotent(env.DB, claimArgs(key, { amount: 1299 }), counted(1).run)
    const { state, run } = counted(2)
    const error = await refusal(idempotent(env.DB, claimArgs(key, { amount: 1 }), run))
    expect(error.code).toBe('validation_error')
    expect(error.message).toBe(MESSAGES.idempotencyKeyReused)
    expect(state.runs).toBe(0)
  })

  it('runs exactly once under 50 concurrent identical requests; the rest wait (409) or replay', async () => {
    const key = freshKey()
    const { state, run } = counted({ orderId: 42 })
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        idempotent(env.DB, claimArgs(key), run).then(
          (answer) => (answer.replayed ? 'replayed' : 'ran'),
          (error: unknown) => (error instanceof AppError ? error.code : 'unexpected')
        )
      )
    )
    expect(state.runs).toBe(1)
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1)
    expect(outcomes.every((outcome) => ['ran', 'replayed', 'conflict'].includes(outcome))).toBe(
      true
    )
    // Once it finished, every retry gets the same answer.
    expect((await idempotent(env.DB, claimArgs(key), run)).body).toEqual({ orderId: 42 })
  })

  it('saves nothing when the run fails, so the same key can be retried', async () => {
    const key = freshKey()
    const failing = async () => {
      throw new AppError('conflict', MESSAGES.storeClosedCheckout)
    }
    expect((await refusal(idempotent(env.DB, claimArgs(key), failing))).message).toBe(
      MESSAGES.storeClosedCheckout
    )
    const { state, run } = counted({ orderId: 8 })
    expect(await idempotent(env.DB, claimArgs(key), run)).toEqual({
      body: { orderId: 8 },
      replayed: false,
    })
    expect(state.runs).toBe(1)
  })

  it('keeps the answer when D1 drops the first two tries to record it; a retry replays it', async () => {
    const key = freshKey()
    const { db, failed } = settlingFails(2)
    const { state, run } = counted({ orderId: 9 })
    expect(await idempotent(db, claimArgs(key), run)).toEqual({
      body: { orderId: 9 },
      replayed: false,
    })
    expect(failed()).toBe(2)
    expect(await idempotent(env.DB, claimArgs(key), run)).toEqual({
      body: { orderId: 9 },
      replayed: true,
    })
    expect(state.runs).toBe(1)
  })

  it('answers a run that happened even when its answer cannot be kept, and never runs it twice', async () => {
    const key = freshKey()
    const { db } = settlingFails(10)
    const { state, run } = counted({ orderId: 10 })
    expect(await idempotent(db, claimArgs(key), run)).toEqual({
      body: { orderId: 10 },
      replayed: false,
    })
    const retry = await refusal(idempotent(env.DB, claimArgs(key), run))
    expect(retry.message).toBe(MESSAGES.idempotencyInProgress)
    expect(state.runs).toBe(1)
  })

  it('lets the key go after a failed run though D1 drops the first try to release it', async () => {
    const key = freshKey()
    const { db } = settlingFails(1)
    const failing = async () => {
      throw new AppError('conflict', MESSAGES.storeClosedCheckout)
    }
    expect((await refusal(idempotent(db, claimArgs(key), failing))).message).toBe(
      MESSAGES.storeClosedCheckout
    )
    const { state, run } = counted({ orderId: 11 })
    expect(await idempotent(env.DB, claimArgs(key), run)).toEqual({
      body: { orderId: 11 },
      replayed: false,
    })
    expect(state.runs).toBe(1)
  })

  it('forgets a key after its lifetime and runs again', async () => {
    const key = freshKey()
    const { state, run } = counted({ orderId: 9 })
    await idempotent(env.DB, claimArgs(key), run)
    const later = new Date(NOW.getTime() + IDEMPOTENCY_TTL_MS + 1000)
    expect((await idempotent(env.DB, claimArgs(key, { amount: 1299 }, later), run)).replayed).toBe(
      false
    )
    expect(state.runs).toBe(2)
  })

  it('keys are per business and per operation', async () => {
    const key = freshKey()
    const { state, run } = counted('ok')
    await idempotent(env.DB, claimArgs(key), run)
    await idempotent(env.DB, { ...claimArgs(key), scope: 'payments.make-payment' }, run)
    expect(state.runs).toBe(2)
  })

  it('asks for a key of 1 to 255 visible characters', async () => {
    for (const key of [undefined, '', 'a'.repeat(256), 'with space']) {
      const error = await refusal(idempotent(env.DB, claimArgs(key), counted(1).run))
      expect(error.code).toBe('validation_error')
      expect(error.message).toBe(MESSAGES.idempotencyKeyInvalid)
    }
  })

  it('hashes equal requests equally whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 })
    )
  })
})

describe('a key claimed in the call’s own batch (ADR 069)', () => {
  /** A call whose one write (a row of an audit-free table) rides with its key's claim. */
  async function keyedWrite(key: string, request: unknown = { amount: 1299 }, now = NOW) {
    const keyed = await batchKey(env.DB, claimArgs(key, request, now))
    if (await keyed.answered()) return 'replayed'
    const write = env.DB.prepare(
      `insert into idempotency_keys (business_id, scope, idempotency_key, request_hash, state,
         expires_at) values (1, 'test.made', ?1, 'made', 'completed', ?2)`
    ).bind(`${key}-${crypto.randomUUID()}`, new Date(now.getTime() + 1000).toISOString())
    try {
      await env.DB.batch([...keyed.claim, write])
      return 'ran'
    } catch (error) {
      return keyed.afterFailure(error, async () => 'replayed after a clash')
    }
  }

  async function made(key: string): Promise<number> {
    const row = await env.DB.prepare(
      `select count(*) as n from idempotency_keys where scope = 'test.made'
         and idempotency_key like ?1 || '-%'`
    )
      .bind(key)
      .first<{ n: number }>()
    return row?.n ?? 0
  }

  it('writes once under 20 concurrent identical calls; the others answer what it made', async () => {
    const key = freshKey()
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => keyedWrite(key)))
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1)
    expect(
      outcomes.every((outcome) => (outcome !== 'ran' ? outcome.startsWith('replayed') : true))
    ).toBe(true)
    expect(await made(key)).toBe(1)
    expect(await keyedWrite(key)).toBe('replayed')
  })

  it('refuses the key with another body (422), before the batch or after a clash', async () => {
    const key = freshKey()
    await keyedWrite(key)
    const error = await refusal(keyedWrite(key, { amount: 1 }))
    expect(error.message).toBe(MESSAGES.idempotencyKeyReused)
    const keyed = await batchKey(env.DB, claimArgs(key, { amount: 1 }))
    const clash = await env.DB.batch([...keyed.claim]).then(
      () => null,
      (caught: unknown) => caught
    )
    expect((await refusal(keyed.afterFailure(clash, async () => 'no'))).message).toBe(
      MESSAGES.idempotencyKeyReused
    )
    expect(await made(key)).toBe(1)
  })

  it('writes no key when the batch fails on its own, and a lapsed key is claimed again', async () => {
    const key = freshKey()
    const keyed = await batchKey(env.DB, claimArgs(key))
    const failing = env.DB.prepare('insert into idempotency_keys (business_id) values (1)')
    const failure = await env.DB.batch([...keyed.claim, failing]).then(
      () => null,
      (caught: unknown) => caught
    )
    await expect(keyed.afterFailure(failure, async () => 'no')).rejects.toBe(failure)
    expect(await keyed.answered()).toBeNull()
    expect(await keyedWrite(key)).toBe('ran')
    const later = new Date(NOW.getTime() + IDEMPOTENCY_TTL_MS + 1000)
    expect(await keyedWrite(key, { amount: 1299 }, later)).toBe('ran')
    expect(await made(key)).toBe(2)
  })

  it('a held key: a duplicate waits for its answer; a released one may be claimed again', async () => {
    const key = freshKey()
    const held = await batchKey(env.DB, claimArgs(key), { held: true })
    await env.DB.batch([...held.claim])
    const duplicate = await batchKey(env.DB, claimArgs(key), { held: true })
    const clash = await env.DB.batch([...duplicate.claim]).then(
      () => null,
      (caught: unknown) => caught
    )
    const waiting = duplicate.afterFailure(clash, async (answer) => answer.body)
    await env.DB.batch([held.complete({ url: 'https://gateway.example/challenge' })])
    expect(await waiting).toEqual({ url: 'https://gateway.example/challenge' })

    const other = freshKey()
    const released = await batchKey(env.DB, claimArgs(other), { held: true })
    await env.DB.batch([...released.claim])
    await env.DB.batch([released.release()])
    expect(await released.answered()).toBeNull()
    await env.DB.batch([...released.claim])
    await env.DB.batch([released.complete(null)])
    expect(await released.answered()).toEqual({ body: null })
  })
})

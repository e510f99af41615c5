import { createMessageBatch, env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { consumeEffects } from '../../../worker/backend/effects/consumer.ts'
import type { EffectHandlers } from '../../../worker/backend/effects/handlers.ts'
import { dispatchEffects } from '../../../worker/backend/effects/relay.ts'
import { effectStatement } from '../../../worker/backend/effects/repo.ts'
import { beginMove, endMove } from '../../../worker/backend/directory/repo.ts'
import { moveBusiness, MoveRefused } from '../../../worker/backend/directory/move-repo.ts'
import { archiveKey } from '../../../worker/backend/order-archive/service.ts'
import { envOfShard } from '../../../worker/backend/shard.ts'
import { fakeQueue } from '../../support/workers/effects.ts'
import { directory, place, secondShard } from '../../support/workers/shards.ts'

/*
 * ADR 063: ids are each shard's own rowids, so two businesses on two shards hold the same ids.
 * Wherever an id leaves its shard it travels with its business: the outbox's message, the archive's
 * file, the key index. The same effect id on both shards runs each business's effect once, on its
 * own shard, also after a move; a move that would meet another business's ids is refused whole.
 */

const FIRST = 1
const SECOND = 2
const at = new Date('2026-11-30T06:00:00Z')
let shard2: D1Database

async function addBusiness(db: D1Database, id: number): Promise<void> {
  await db
    .prepare('insert into businesses (id, name, legal_name) values (?1, ?2, ?2)')
    .bind(id, `Business ${id}`)
    .run()
}

async function addEffect(db: D1Database, businessId: number, key: string): Promise<number> {
  await effectStatement(db, { businessId, key, kind: 'test', payload: { key } }, at).run()
  const row = await db
    .prepare('select id from effects where effect_key = ?1')
    .bind(key)
    .first<{ id: number }>()
  return row?.id ?? -1
}

async function statusOf(db: D1Database, key: string): Promise<string | null> {
  const row = await db
    .prepare('select status from effects where effect_key = ?1')
    .bind(key)
    .first<{ status: string }>()
  return row?.status ?? null
}

/** Runs messages through the queue's consumer; answers the businesses whose effects ran. */
async function consume(bodies: ReadonlyArray<unknown>) {
  const ran: Array<{ businessId: number; key: string }> = []
  const handlers: EffectHandlers<Env> = {
    test: (_env, effect) => {
      ran.push({ businessId: effect.businessId, key: effect.key })
      return Promise.resolve()
    },
  }
  const acked: Array<string> = []
  const retried: Array<string> = []
  const batch = createMessageBatch(
    'storefront-effects',
    bodies.map((body, index) => ({ id: `m${index}`, timestamp: at, attempts: 1, body }))
  )
  const messages = batch.messages.map((message) => ({
    ...message,
    body: message.body,
    ack: () => acked.push(message.id),
    retry: () => retried.push(message.id),
  }))
  await consumeEffects({ ...batch, messages }, env, handlers, at)
  return { ran, acked, retried }
}

beforeAll(async () => {
  shard2 = await secondShard()
  await addBusiness(env.DB, FIRST)
  await addBusiness(shard2, SECOND)
  await place(FIRST, 'DB')
  await place(SECOND, 'SHARD_2')
}, 120_000)

describe('ids across shards (ADR 063)', () => {
  it('sends each effect with its business, and runs only that business’s row of the id', async () => {
    const first = await addEffect(env.DB, FIRST, 'first:1')
    const second = await addEffect(shard2, SECOND, 'second:1')
    // The premise: each shard gives its own next rowid, so both hold the same id.
    expect(second).toBe(first)

    const queue = fakeQueue()
    await dispatchEffects({ ...envOfShard(env, 'SHARD_2'), EFFECTS: queue }, ['second:1'], at)
    expect(queue.sent).toEqual([{ effectId: second, shard: 'SHARD_2', businessId: SECOND }])

    // The message as sent before the business left DB: the directory's shard is opened, not DB,
    // whose row of that id is the first business's.
    const stale = await consume([{ effectId: second, shard: 'DB', businessId: SECOND }])
    expect(stale.ran).toEqual([{ businessId: SECOND, key: 'second:1' }])
    expect(stale.acked).toEqual(['m0'])
    expect(await statusOf(shard2, 'second:1')).toBe('delivered')
    expect(await statusOf(env.DB, 'first:1')).toBe('pending')

    // A message naming a business the row of that id is not (another business's id): nothing runs.
    const wrong = await consume([{ effectId: first, shard: 'SHARD_2', businessId: 3 }])
    expect(wrong.ran).toEqual([])
    expect(await statusOf(env.DB, 'first:1')).toBe('pending')

    const own = await consume([{ effectId: first, shard: 'DB', businessId: FIRST }])
    expect(own.ran).toEqual([{ businessId: FIRST, key: 'first:1' }])
    expect(await statusOf(env.DB, 'first:1')).toBe('delivered')
  })

  it('keeps a message of a business being moved for after the switch, running nothing', async () => {
    const id = await addEffect(shard2, SECOND, 'second:moving')
    expect(await beginMove(directory(), { businessId: SECOND, from: 'SHARD_2', to: 'DB' })).toBe(
      true
    )
    try {
      const held = await consume([{ effectId: id, shard: 'SHARD_2', businessId: SECOND }])
      expect(held).toEqual({ ran: [], acked: [], retried: ['m0'] })
      expect(await statusOf(shard2, 'second:moving')).toBe('pending')
    } finally {
      await endMove(directory(), SECOND)
    }
    const after = await consume([{ effectId: id, shard: 'SHARD_2', businessId: SECOND }])
    expect(after.ran).toEqual([{ businessId: SECOND, key: 'second:moving' }])
  })

  it('still runs a message sent before messages named their business, on the shard it names', async () => {
    const id = await addEffect(shard2, SECOND, 'second:old')
    const old = await consume([{ effectId: id, shard: 'SHARD_2' }])
    expect(old.ran).toEqual([{ businessId: SECOND, key: 'second:old' }])
  })

  it('files each business’s archived order under its business, whatever its number', () => {
    expect(archiveKey(FIRST, 'CF-1001')).not.toBe(archiveKey(SECOND, 'CF-1001'))
  })

  it('refuses a move that would meet the other business’s ids, changing nothing', async () => {
    const count = async (db: D1Database) =>
      (await db.prepare('select count(*) as n from effects').first<{ n: number }>())?.n
    const [onDb, onShard2] = [await count(env.DB), await count(shard2)]
    await expect(
      moveBusiness({
        directory: directory(),
        shards: { DB: env.DB, SHARD_2: shard2 },
        businessId: SECOND,
        to: 'DB',
      })
    ).rejects.toBeInstanceOf(MoveRefused)
    expect([await count(env.DB), await count(shard2)]).toEqual([onDb, onShard2])
    const placed = await directory()
      .prepare('select shard, moving_to from businesses where id = ?1')
      .bind(SECOND)
      .first()
    expect(placed).toEqual({ shard: 'SHARD_2', moving_to: null })
  })
})

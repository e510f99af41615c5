import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type MoveReport,
  MoveRefused,
  moveBusiness,
} from '../../../worker/backend/directory/move-repo.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { directory, misplacedRows, secondShard } from '../../support/workers/shards.ts'
import { NEW_MEMBER, call, errorOf, uniqueEmail } from '../auth/fixtures.ts'
import { cashOrder, type PaidOrder, publicStatus, seedCheckout } from '../store-orders/fixtures.ts'

/*
 * ADR 047: the move of a business between shards. Its rows are copied, verified by row counts and
 * checksums, the directory switched and the old shard's rows deleted; the shop answers from its
 * new shard, and a move back gives the same checksums.
 */

let shards: Record<string, D1Database>
let order: PaidOrder

beforeAll(async () => {
  await seedCheckout(env.DB)
  shards = { DB: env.DB, SHARD_2: await secondShard() }
  order = await cashOrder()
}, 120_000)

const move = (to: string) => moveBusiness({ directory: directory(), shards, businessId: 1, to })

const ordersOf = async (db: D1Database) =>
  (
    await db
      .prepare('select count(*) as n from orders where business_id = 1')
      .first<{ n: number }>()
  )?.n

const checksums = (report: MoveReport) =>
  Object.fromEntries(report.tables.map((table) => [table.table, [table.rows, table.checksum]]))

describe('moving a business to another shard', () => {
  it('refuses a move to the shard it is on, changing nothing', async () => {
    await expect(move('DB')).rejects.toBeInstanceOf(MoveRefused)
    // A business no shard holds is refused before the directory marks or places it.
    await expect(
      moveBusiness({ directory: directory(), shards, businessId: 999, to: 'SHARD_2' })
    ).rejects.toThrow('Business 999 has no row on DB')
    expect(await directory().prepare('select 1 from businesses where id = 999').first()).toBeNull()
    expect(await ordersOf(env.DB)).toBe(1)
    expect(await ordersOf(shards.SHARD_2!)).toBe(0)
  })

  it('copies, verifies and switches it; its shop answers from the new shard; a move back round-trips', async () => {
    const there = await move('SHARD_2')
    expect(there).toMatchObject({ from: 'DB', to: 'SHARD_2' })
    expect(there.tables.find((table) => table.table === 'orders')?.rows).toBe(1)
    expect(there.tables.find((table) => table.table === 'order_lines')?.rows).toBeGreaterThan(0)
    expect(await ordersOf(env.DB)).toBe(0)
    expect(await ordersOf(shards.SHARD_2!)).toBe(1)
    expect(await misplacedRows(shards)).toEqual([])
    // The shopper's order status comes from the new shard, through the directory.
    expect(await publicStatus(order)).toBe('sent_to_store')

    const back = await move('DB')
    expect(checksums(back)).toEqual(checksums(there))
    expect(await ordersOf(shards.SHARD_2!)).toBe(0)
    expect(await publicStatus(order)).toBe('sent_to_store')
  }, 120_000)

  it('refuses the business’s writes while it moves, changing nothing, and serves its reads', async () => {
    const members = () =>
      env.DB.prepare('select count(*) as n from customers where business_id = 1').first<{
        n: number
      }>()
    const before = await members()
    const during: Array<unknown> = []
    await moveBusiness({
      directory: directory(),
      shards,
      businessId: 1,
      to: 'SHARD_2',
      settle: async () => {
        const email = uniqueEmail()
        const write = await call('/auth/register', {
          businessId: 1,
          ...NEW_MEMBER,
          email,
          whereHeard: 'A friend',
        })
        during.push(write.status, errorOf(write), await publicStatus(order))
      },
    })
    expect(during).toEqual([
      503,
      { code: 'service_unavailable', message: MESSAGES.businessMoving },
      'sent_to_store',
    ])
    // Nothing of the refused write on either shard; the move went on, and its mark is gone.
    expect(
      await shards
        .SHARD_2!.prepare('select count(*) as n from customers where business_id = 1')
        .first()
    ).toEqual(before)
    const mark = await directory()
      .prepare('select shard, moving_to from businesses where id = 1')
      .first()
    expect(mark).toEqual({ shard: 'SHARD_2', moving_to: null })
    // Writes are taken again, on the new shard.
    const after = await call('/auth/register', {
      businessId: 1,
      ...NEW_MEMBER,
      email: uniqueEmail(),
      whereHeard: 'A friend',
    })
    expect(after.status).toBe(200)
    const back = await move('DB')
    expect(back.tables.find((table) => table.table === 'customers')?.rows).toBe(
      (before?.n ?? 0) + 1
    )
    expect(checksums(await move('SHARD_2'))).toEqual(checksums(back))
    await move('DB')
  }, 120_000)

  it('refuses a second move of a business already moving, and clears a failed move’s mark', async () => {
    await directory().prepare("update businesses set moving_to = 'SHARD_2' where id = 1").run()
    await expect(move('SHARD_2')).rejects.toThrow('being moved already')
    await directory().prepare('update businesses set moving_to = null where id = 1').run()
    // A move the target refuses (it holds a row of the business) leaves no mark behind.
    await shards
      .SHARD_2!.prepare(
        "insert into businesses (id, name, legal_name, created_at, updated_at) values (1, 'x', 'x', '', '')"
      )
      .run()
    await expect(move('SHARD_2')).rejects.toBeInstanceOf(MoveRefused)
    await shards.SHARD_2!.prepare('delete from businesses where id = 1').run()
    expect(
      await directory().prepare('select shard, moving_to from businesses where id = 1').first()
    ).toEqual({ shard: 'DB', moving_to: null })
    expect(await ordersOf(env.DB)).toBe(1)
  })
})

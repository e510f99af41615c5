import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type MoveReport,
  MoveRefused,
  moveBusiness,
} from '../../../worker/backend/directory/move-repo.ts'
import { directory, misplacedRows, secondShard } from '../../support/workers/shards.ts'
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
  })
})

import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { brand, business } from '../../support/workers/seed.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import {
  expectOk,
  guestBearer,
  orderBody,
  plainItem,
  readyBasket,
  seedCheckout,
} from '../checkout/fixtures.ts'

/** Migration 0023's backfill: its statements after the new column, run again over legacy rows. */
async function backfill(): Promise<void> {
  const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith('0023_'))
  if (!migration) throw new Error('migration 0023 not found')
  for (const query of migration.queries) {
    if (!/\balter table\b/i.test(query)) await env.DB.prepare(query).run()
  }
}

async function brandOf(table: 'orders' | 'baskets', id: number): Promise<number | null> {
  const row = await env.DB.prepare(`select brand_id from ${table} where id = ?1`)
    .bind(id)
    .first<{ brand_id: number | null }>()
  return row?.brand_id ?? null
}

let itemId = 0

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(500, 4000)).id
  // A second business with a single brand.
  await env.DB.batch([
    business(env.DB, { id: 77, name: 'Solo', legalName: 'Solo Ltd' }),
    ...brand(env.DB, {
      id: 77,
      businessId: 77,
      slug: 'solo',
      name: 'Solo',
      logoUrl: '/solo.svg',
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
      accentColor: '#ff0000',
    }),
  ])
})

describe('migration 0023 backfill', () => {
  it('gives orders the brand of their prefix and baskets their order’s brand; a sole brand takes the rest', async () => {
    const ordered = await readyBasket({ items: [{ id: itemId, quantity: 1 }] })
    const order = OrderSummarySchema.parse(
      await expectOk(
        '/checkout/process-order',
        orderBody(ordered, { brandId: 2 }),
        await guestBearer()
      )
    )
    const unordered = await readyBasket({ items: [{ id: itemId, quantity: 1 }] })
    const solo = await env.DB.prepare(
      `insert into baskets (business_id, token_hash) values (77, 'legacy-solo-basket') returning id`
    ).first<{ id: number }>()
    // As they were before 0023: no brand anywhere.
    await env.DB.batch([
      env.DB.prepare('update orders set brand_id = null'),
      env.DB.prepare('update baskets set brand_id = null'),
    ])

    await backfill()

    expect(order.businessOrderId).toMatch(/^NSM-/)
    expect(await brandOf('orders', order.draftOrderId)).toBe(2)
    expect(await brandOf('baskets', ordered.basketId)).toBe(2)
    // Several brands and no order: left for the first brand that uses it.
    expect(await brandOf('baskets', unordered.basketId)).toBeNull()
    expect(await brandOf('baskets', solo?.id ?? 0)).toBe(77)
  })
})

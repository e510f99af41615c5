import { createScheduledController, env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  EMPTY_SUMS,
  INSIGHT_FIGURES,
  type Insight,
  InsightSchema,
  type InsightSums,
  linesPerHour,
} from '../../../schemas/operator-insight.ts'
import { insertRow } from '../../support/workers/seed.ts'
import { seedStaff } from '../staff/fixtures.ts'
import worker from '../../../worker/index.ts'
import { INSIGHT_CRON } from '../../../worker/scheduled.ts'
import { liveDays } from '../../../worker/backend/operator/insight/day-figures.ts'
import { rollUpInsight } from '../../../worker/backend/operator/insight/rollup.ts'
import { operatorCall, type OperatorWorld, operatorWorld } from './fixtures.ts'

/*
 * The operator's insight (issue 44, ADR 040) against a seeded set of orders whose figures are
 * known, figure by figure. The UK clocks go back at 01:00 UTC on Sunday 25 October 2026: an order
 * at 23:30 UTC on the 24th is 00:30 BST on the 25th, one at 23:30 UTC on the 25th is 23:30 GMT the
 * same local day.
 */

let world: OperatorWorld
let pickerId: number
let managerId: number
let nextOrder = 0

const STATUS_CODES: Record<string, number | null> = {
  sent_to_store: 20,
  delivered: 100,
  store_rejected: null,
  draft: null,
}

interface SeedOrder {
  status: keyof typeof STATUS_CODES
  email: string
  placedAt: string
  subtotal: number
  discount?: number
  total: number
  acceptedAt?: string
  slot?: { date: string; starts: string; ends: string; startUtc: string }
  deliveredAt?: string
}

async function order(seed: SeedOrder): Promise<number> {
  nextOrder += 1
  const row = await insertRow(env.DB, 'orders', {
    businessId: 1,
    brandId: world.own.brandId,
    storeId: world.own.storeId,
    businessOrderId: `INSIGHT-${nextOrder}`,
    status: seed.status,
    statusCode: STATUS_CODES[seed.status] ?? null,
    fulfilmentMethod: 'delivery',
    fulfilmentTiming: seed.slot ? 'future' : 'asap',
    slotDate: seed.slot?.date,
    slotStartsAt: seed.slot?.starts,
    slotEndsAt: seed.slot?.ends,
    slotStartUtc: seed.slot?.startUtc,
    firstName: 'Pat',
    lastName: 'Shopper',
    email: seed.email,
    subtotal: seed.subtotal,
    discountTotal: seed.discount ?? 0,
    originalTotal: seed.subtotal - (seed.discount ?? 0),
    total: seed.total,
    placedAt: seed.status === 'draft' ? null : seed.placedAt,
    acceptedAt: seed.acceptedAt,
  }).run()
  const id = Number(row.meta.last_row_id)
  if (seed.deliveredAt) {
    await history(id, 'deliver', 'en_route', 'delivered', seed.deliveredAt, null, null)
  }
  return id
}

function history(
  orderId: number,
  action: string,
  from: string,
  to: string,
  at: string,
  actor: number | null,
  detail: Record<string, unknown> | null
) {
  return insertRow(env.DB, 'order_history', {
    orderId,
    actorStaffId: actor,
    role: actor === null ? 'system' : 'store_manager',
    action,
    fromStatus: from,
    toStatus: to,
    detailJson: detail === null ? null : JSON.stringify(detail),
    at,
  }).run()
}

async function line(
  orderId: number,
  quantity: number,
  mark: 'picked' | 'short' | 'substituted',
  picked: number,
  markedAt: string
) {
  const row = await insertRow(env.DB, 'order_lines', {
    orderId,
    name: 'Milk',
    quantity,
    unitPrice: 100,
    totalPrice: 100 * quantity,
  }).run()
  await insertRow(env.DB, 'order_line_picks', {
    orderLineId: Number(row.meta.last_row_id),
    orderId,
    mark,
    pickedQuantity: picked,
    substituteName: mark === 'substituted' ? 'Oat milk' : undefined,
    substituteQuantity: mark === 'substituted' ? quantity : undefined,
    chargedPrice: 100 * picked,
    markedBy: pickerId,
    markedAt,
  }).run()
}

function marketing(kind: string, eventName: string | null, userKey: string, at: string) {
  return insertRow(env.DB, 'marketing_events', {
    businessId: 1,
    brandId: world.own.brandId,
    kind,
    eventName,
    userKey,
    payloadJson: '{}',
    createdAt: at,
  }).run()
}

beforeAll(async () => {
  world = await operatorWorld()
  pickerId = (await seedStaff({ roles: [{ storeId: world.own.storeId, role: 'picker' }] })).id
  managerId = world.own.staffId
  await env.DB.prepare("update staff_accounts set name = 'Pia Picker' where id = ?1")
    .bind(pickerId)
    .run()
  await env.DB.prepare("update staff_accounts set name = 'Max Manager' where id = ?1")
    .bind(managerId)
    .run()
  // Carol ordered before the period, so her order in it is a returning shopper's.
  await order({
    status: 'delivered',
    email: 'carol@example.com',
    placedAt: '2026-10-20T12:00:00.000Z',
    subtotal: 900,
    total: 900,
  })
  // Saturday 24 (local): 22:30 UTC is 23:30 BST.
  const first = await order({
    status: 'delivered',
    email: 'alice@example.com',
    placedAt: '2026-10-24T22:30:00.000Z',
    subtotal: 4800,
    total: 5000,
    acceptedAt: '2026-10-24T22:40:00.000Z',
    slot: {
      date: '2026-10-25',
      starts: '09:00',
      ends: '10:00',
      startUtc: '2026-10-25T09:00:00.000Z',
    },
    deliveredAt: '2026-10-25T09:30:00.000Z',
  })
  await line(first, 3, 'picked', 3, '2026-10-25T08:10:00.000Z')
  await line(first, 2, 'short', 1, '2026-10-25T08:40:00.000Z')
  await line(first, 1, 'substituted', 0, '2026-10-25T09:05:00.000Z')
  // Sunday 25 (local): 23:30 UTC on the 24th is 00:30 BST on the 25th.
  await order({
    status: 'store_rejected',
    email: 'alice@example.com',
    placedAt: '2026-10-24T23:30:00.000Z',
    subtotal: 3000,
    total: 0,
  })
  const late = await order({
    status: 'delivered',
    email: 'bob@example.com',
    placedAt: '2026-10-25T23:30:00.000Z',
    subtotal: 2500,
    discount: 500,
    total: 2000,
    acceptedAt: '2026-10-25T23:50:00.000Z',
    slot: {
      date: '2026-10-26',
      starts: '10:00',
      ends: '11:00',
      startUtc: '2026-10-26T10:00:00.000Z',
    },
    deliveredAt: '2026-10-26T11:30:00.000Z',
  })
  await history(
    late,
    'refund_lines',
    'delivered',
    'delivered',
    '2026-10-26T12:00:00.000Z',
    managerId,
    {
      amount: 300,
    }
  )
  // A draft never reached the store: no figure counts it.
  await order({
    status: 'draft',
    email: 'dan@example.com',
    placedAt: '2026-10-25T12:00:00.000Z',
    subtotal: 7700,
    total: 7700,
  })
  // Monday 26.
  await order({
    status: 'sent_to_store',
    email: 'carol@example.com',
    placedAt: '2026-10-26T12:00:00.000Z',
    subtotal: 1000,
    total: 1000,
  })
  await marketing('cart_update', null, 'u1', '2026-10-24T23:10:00.000Z')
  await marketing('cart_update', null, 'u1', '2026-10-24T23:20:00.000Z')
  await marketing('cart_update', null, 'u2', '2026-10-25T10:00:00.000Z')
  await marketing('event', 'checkoutStarted', 'u1', '2026-10-25T10:05:00.000Z')
  await marketing('purchase', null, 'u1', '2026-10-25T10:10:00.000Z')
})

async function insight(body: Record<string, unknown>, bearer = world.operator): Promise<Insight> {
  const answer = await operatorCall('/staff/operator/insight', body, bearer)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return InsightSchema.parse(answer.json)
}

function figures(sums: InsightSums): Record<string, number | null> {
  return Object.fromEntries(INSIGHT_FIGURES.map((figure) => [figure.key, figure.of(sums)]))
}

const PERIOD = { from: '2026-10-24', to: '2026-10-26' }

describe('the operator’s insight', () => {
  it('gives each local day its figures, the clock change night on the right day', async () => {
    const answer = await insight({ ...PERIOD, scope: 'brand', scopeId: world.own.brandId })
    expect(answer.periods.map((period) => period.period)).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
    ])
    const [saturday, sunday, monday] = answer.periods.map((period) => figures(period.sums))
    expect(saturday).toEqual({
      sales: 5000,
      orders: 1,
      averageBasket: 4800,
      newShoppers: 1,
      returningShoppers: 0,
      basketShoppers: 0,
      checkoutShoppers: 0,
      purchases: 0,
      fillRate: 66.7,
      substitutionRate: 33.3,
      rejectionRate: 0,
      onTimeRate: 100,
      acceptMinutes: 10,
    })
    expect(sunday).toEqual({
      sales: 2000,
      orders: 2,
      averageBasket: 2000,
      newShoppers: 1,
      returningShoppers: 1,
      basketShoppers: 2,
      checkoutShoppers: 1,
      purchases: 1,
      fillRate: null,
      substitutionRate: null,
      rejectionRate: 50,
      onTimeRate: 0,
      acceptMinutes: 20,
    })
    expect(monday).toMatchObject({ sales: 1000, orders: 1, newShoppers: 0, returningShoppers: 1 })
  })

  it('adds days into weeks named by their Monday, and lists refunds and picking per member', async () => {
    const answer = await insight({ ...PERIOD, grain: 'week' })
    expect(answer.periods.map((period) => period.period)).toEqual(['2026-10-19', '2026-10-26'])
    expect(figures(answer.periods[0]?.sums ?? ({} as InsightSums))).toMatchObject({
      sales: 7000,
      orders: 3,
      rejectionRate: 33.3,
      onTimeRate: 50,
      acceptMinutes: 15,
    })
    const manager = answer.staff.find((row) => row.staffId === managerId)
    expect(manager).toMatchObject({ name: 'Max Manager', refunds: 1, refundPence: 300 })
    const picker = answer.staff.find((row) => row.staffId === pickerId)
    expect(picker).toMatchObject({ name: 'Pia Picker', linesPicked: 3, pickingHours: 2 })
    expect(linesPerHour(picker ?? { linesPicked: 0, pickingHours: 0 })).toBe(1.5)
  })

  it("refuses another business's store and a backwards period, changing nothing", async () => {
    const other = await operatorCall(
      '/staff/operator/insight',
      { ...PERIOD, scope: 'store', scopeId: world.own.storeId },
      world.otherOperator,
      world.other.businessId
    )
    expect(other.status).toBe(404)
    const backwards = await operatorCall(
      '/staff/operator/insight',
      { from: '2026-10-26', to: '2026-10-24' },
      world.operator
    )
    expect(backwards.status).toBe(422)
    const impossible = await operatorCall(
      '/staff/operator/insight',
      { from: '2026-02-01', to: '2026-02-30' },
      world.operator
    )
    expect(impossible.status).toBe(422)
    const manager = await operatorCall('/staff/operator/insight', PERIOD, world.manager)
    expect(manager.status).toBe(403)
  })
})

/**
 * The cron's run, then the rollup of every scope back to 24 October in one go (a run of the cron
 * has a share of a year; the test world has two dozen stores).
 */
async function rollUpEverything(): Promise<void> {
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron: INSIGHT_CRON }),
    env
  )
  const run = await rollUpInsight(env.DB, new Date(), { horizonDays: 33, rangesPerRun: 200 })
  expect(run.rangesLeft).toBe(0)
}

/** The figures of each day straight from the orders, as the dashboard read them before 0083. */
async function rawDays(scope: 'business' | 'brand' | 'store', from: string, to: string) {
  const scopeId =
    scope === 'business' ? null : scope === 'brand' ? world.own.brandId : world.own.storeId
  const days = await liveDays(
    env.DB,
    { businessId: 1, scope, scopeId, timeZone: 'Europe/London' },
    from,
    to
  )
  return [...days].map(([period, figures]) => ({ period, sums: figures.sums }))
}

describe('the insight’s daily rollup (ADR 040)', { timeout: 30_000 }, () => {
  const SINCE_OCTOBER = { from: '2026-10-24', to: '2026-11-25' }

  it('is written by the cron and gives the figures the orders give, clock change night included', async () => {
    await rollUpEverything()
    const saturday = await env.DB.prepare(
      `select sums_json from insight_rollup_days
       where business_id = 1 and scope = 'store' and scope_id = ?1 and day = '2026-10-24'`
    )
      .bind(world.own.storeId)
      .first<{ sums_json: string }>()
    expect(JSON.parse(saturday?.sums_json ?? '{}')).toMatchObject({ orders: 1, salesPence: 5000 })
    for (const scope of ['business', 'brand', 'store'] as const) {
      const scopeId = scope === 'brand' ? world.own.brandId : world.own.storeId
      const answer = await insight({ ...SINCE_OCTOBER, scope, scopeId })
      expect(answer.periods).toEqual(await rawDays(scope, SINCE_OCTOBER.from, SINCE_OCTOBER.to))
    }
    const sunday = await insight({ ...PERIOD, scope: 'brand', scopeId: world.own.brandId })
    expect(figures(sunday.periods[1]?.sums ?? EMPTY_SUMS)).toMatchObject({
      sales: 2000,
      orders: 2,
      rejectionRate: 50,
      basketShoppers: 2,
    })
  })

  it('recomputes a closed day a late refund changed at the next run, today read live', async () => {
    const saturdayOrder = await env.DB.prepare(
      "select id from orders where placed_at = '2026-10-24T22:30:00.000Z'"
    ).first<{ id: number }>()
    const orderId = saturdayOrder?.id ?? 0
    await env.DB.prepare('update orders set total = total - 300 where id = ?1').bind(orderId).run()
    await history(
      orderId,
      'refund_lines',
      'delivered',
      'delivered',
      new Date().toISOString(),
      managerId,
      {
        amount: 300,
      }
    )
    await rollUpEverything()
    const answer = await insight({ ...SINCE_OCTOBER, scope: 'store', scopeId: world.own.storeId })
    expect(answer.periods[0]?.sums.salesPence).toBe(4700)
    expect(answer.periods).toEqual(await rawDays('store', SINCE_OCTOBER.from, SINCE_OCTOBER.to))
    // One refund on 26 October (rolled up), one today (live): the manager's row adds both.
    const manager = answer.staff.find((row) => row.staffId === managerId)
    expect(manager).toMatchObject({ name: 'Max Manager', refunds: 2, refundPence: 600 })
  })
})

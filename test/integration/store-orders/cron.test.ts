import { createScheduledController, env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import worker from '../../../worker/index.ts'
import { purgeExpiredStaffSecrets } from '../../../worker/backend/staff/repo.ts'
import { handleOverdueOrders } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import { seedStaff } from '../staff/fixtures.ts'
import {
  board,
  cashOrder,
  historyOf,
  seedCheckout,
  shopperEmails,
  type SignedInStaff,
  staffMember,
  STORES,
} from './fixtures.ts'

/*
 * The accept window (ADR 017): alert the managers once at the window, reject as the system at
 * twice it, by instants, so a UK clock change night keeps every window its length.
 */

const STORE = STORES.main
let manager: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
})

/** A paid order placed (as the cron reads it) at `placedAt`. */
async function orderPlacedAt(placedAt: string) {
  const order = await cashOrder()
  await env.DB.prepare('update orders set placed_at = ?2 where id = ?1')
    .bind(order.orderId, placedAt)
    .run()
  return order
}

/** Runs the cron's accept-window step at the instant, with the app clock there too. */
async function cronAt(instant: string) {
  vi.setSystemTime(new Date(instant))
  return handleOverdueOrders(testEnv, new Date(instant))
}

async function statusOf(orderId: number) {
  const row = await env.DB.prepare('select status, accept_alerted_at from orders where id = ?1')
    .bind(orderId)
    .first<{ status: string; accept_alerted_at: string | null }>()
  return row
}

async function alerts(businessOrderId: string) {
  const { results } = await env.DB.prepare(
    `select recipient, payload_json from outbox where template = 'staff_order_alert'
     and json_extract(payload_json, '$.businessOrderId') = ?1`
  )
    .bind(businessOrderId)
    .all<{ recipient: string; payload_json: string }>()
  return results
}

async function orderNumber(orderId: number): Promise<string> {
  const row = await env.DB.prepare('select business_order_id from orders where id = ?1')
    .bind(orderId)
    .first<{ business_order_id: string }>()
  return row?.business_order_id ?? ''
}

describe('the default window (10 minutes)', () => {
  it('alerts once at the window, then rejects as the system at twice it', async () => {
    const runClock = Date.now()
    const order = await orderPlacedAt('2026-10-20T12:00:00.000Z')
    const number = await orderNumber(order.orderId)
    expect(await cronAt('2026-10-20T12:09:59.000Z')).toEqual({ alerted: 0, rejected: 0 })
    expect(await cronAt('2026-10-20T12:10:00.000Z')).toMatchObject({ alerted: 1 })
    expect((await statusOf(order.orderId))?.accept_alerted_at).not.toBeNull()
    await cronAt('2026-10-20T12:15:00.000Z')
    const sent = await alerts(number)
    expect(sent.map((a) => a.recipient)).toContain((await managerEmail()) ?? '')
    // Once per manager, however often the cron runs.
    expect(new Set(sent.map((a) => a.recipient)).size).toBe(sent.length)

    // The board on the run's clock (the manager's token was signed on it).
    vi.setSystemTime(runClock)
    const shown = (await board(manager.bearer, STORE)).orders.find(
      (o) => o.orderId === order.orderId
    )
    expect(shown).toMatchObject({ acceptOverdue: true, acceptBy: '2026-10-20T12:10:00.000Z' })

    expect(await cronAt('2026-10-20T12:19:59.000Z')).toMatchObject({ rejected: 0 })
    expect(await cronAt('2026-10-20T12:20:00.000Z')).toMatchObject({ rejected: 1 })
    expect((await statusOf(order.orderId))?.status).toBe('store_rejected')
    expect(await historyOf(order.orderId)).toEqual([
      {
        action: 'auto_reject',
        from_status: 'sent_to_store',
        to_status: 'store_rejected',
        role: 'system',
        actor_staff_id: null,
      },
    ])
    expect((await shopperEmails(order.email)).at(-1)?.message).toContain(
      'The store could not take your order.'
    )
  })
})

describe('a UK clock change night', () => {
  it('keeps a 30-minute window 30 minutes across 02:00 BST → 01:00 GMT', async () => {
    await env.DB.prepare('update stores set order_accept_window_minutes = 30 where id = ?1')
      .bind(STORE)
      .run()
    try {
      // 01:40 BST, 50 minutes of wall clock before the change back to GMT at 01:00 UTC.
      const order = await orderPlacedAt('2026-10-25T00:40:00.000Z')
      const number = await orderNumber(order.orderId)
      await cronAt('2026-10-25T01:09:00.000Z')
      expect(await statusOf(order.orderId)).toEqual({
        status: 'sent_to_store',
        accept_alerted_at: null,
      })
      await cronAt('2026-10-25T01:10:00.000Z')
      expect((await statusOf(order.orderId))?.accept_alerted_at).toBe('2026-10-25T01:10:00.000Z')
      const [alert] = await alerts(number)
      const payload = JSON.parse(alert?.payload_json ?? '{}') as { message: string }
      // The reject time in the store's own clock: 01:40 GMT, not 02:40 (wall clock + 1 hour).
      expect(payload.message).toBe(
        MESSAGES.orderAcceptOverdue.replace('%s', number).replace('%s', '01:40')
      )
      await cronAt('2026-10-25T01:39:00.000Z')
      expect((await statusOf(order.orderId))?.status).toBe('sent_to_store')
      await cronAt('2026-10-25T01:40:00.000Z')
      expect((await statusOf(order.orderId))?.status).toBe('store_rejected')
    } finally {
      await env.DB.prepare('update stores set order_accept_window_minutes = null where id = ?1')
        .bind(STORE)
        .run()
    }
  })
})

describe('the cron trigger', () => {
  it('runs the accept window and purges expired staff secrets', async () => {
    const staff = await seedStaff()
    const insertCode = (challenge: string, expiresAt: string) =>
      env.DB.prepare(
        `insert into staff_sign_in_codes (business_id, staff_id, challenge_id, code_hash,
           expires_at, created_at) values (1, ?1, ?2, 'x', ?3, ?3)`
      )
        .bind(staff.id, challenge, expiresAt)
        .run()
    await insertCode(`old-${staff.id}`, '2026-01-01T00:00:00.000Z')
    await insertCode(`live-${staff.id}`, '2099-01-01T00:00:00.000Z')
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), testEnv)
    const { results } = await env.DB.prepare(
      'select challenge_id from staff_sign_in_codes where staff_id = ?1'
    )
      .bind(staff.id)
      .all()
    expect(results).toEqual([{ challenge_id: `live-${staff.id}` }])
    expect(await purgeExpiredStaffSecrets(env.DB, new Date())).toBe(0)
  })
})

async function managerEmail(): Promise<string | undefined> {
  const row = await env.DB.prepare('select email from staff_accounts where id = ?1')
    .bind(manager.id)
    .first<{ email: string }>()
  return row?.email
}

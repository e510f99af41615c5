import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { effectStatement } from '../../../worker/backend/effects/repo.ts'
import { OTHER, seedCatalogue } from '../catalogue/fixtures.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { operatorPagesClient } from './operator/console-client.ts'
import { pageText } from './storefront.ts'

/*
 * The operator console's failed tasks (ADR 037): the effects the dead-letter queue gave up on,
 * listed for the business's operators only, and tried again once.
 */

const app = createApp()
const { get, postForm, signIn } = operatorPagesClient('198.51.131', app)
const PATH = '/store/operator/failed-tasks'
let cookies = ''

async function deadEffect(
  businessId: number,
  error: string,
  effect: { key: string; kind: string; payload: Record<string, string | number> } = {
    key: `test:${crypto.randomUUID()}`,
    kind: 'order_placed_email',
    payload: { orderId: 999_999 },
  }
): Promise<number> {
  const { key } = effect
  const now = new Date()
  await effectStatement(env.DB, { businessId, ...effect }, now).run()
  const row = await env.DB.prepare(
    `update effects set status = 'dead', attempts = 9, last_error = ?2 where effect_key = ?1
     returning id`
  )
    .bind(key, error)
    .first<{ id: number }>()
  return row?.id ?? 0
}

beforeAll(async () => {
  await seedCatalogue(env.DB)
  cookies = await signIn((await seedStaff({ operator: true })).email)
}, 60_000)

describe('failed tasks', () => {
  it("lists the business's failed tasks with their last error, never another business's", async () => {
    await deadEffect(1, 'messaging provider answered 503')
    await deadEffect(OTHER.businessId, 'another business’s outage')
    const res = await get(PATH, cookies)
    expect(res.status).toBe(200)
    const text = pageText(await res.text())
    expect(text).toContain('Order confirmation email')
    expect(text).toContain('messaging provider answered 503')
    expect(text).not.toContain('another business’s outage')
  })

  it('says what each task is for: the order by its number, else the basket or referral', async () => {
    const unique = Date.now() % 1_000_000
    await deadEffect(1, 'marketing down', {
      key: `basket:${unique}:v2:cart`,
      kind: 'basket_cart_changed',
      payload: { basketId: unique },
    })
    await deadEffect(1, 'marketing down', {
      key: `checkout:SF-${unique}:started`,
      kind: 'checkout_started_event',
      payload: { businessOrderId: `SF-${unique}` },
    })
    const text = pageText(await (await get(PATH, cookies)).text())
    expect(text).toContain(`Basket change event for marketing Basket ${unique}`)
    expect(text).toContain(`Checkout started event for marketing Order SF-${unique}`)
  })

  it('tries one again: pending, handed to the queue, audited; a second retry is refused', async () => {
    const id = await deadEffect(1, 'timeout')
    const res = await postForm(`${PATH}/retry`, { effectId: String(id) }, cookies)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(PATH)
    const after = await get(PATH, jar(res, cookies))
    expect(pageText(await after.text())).toContain(MESSAGES.effectRetried)
    const row = await env.DB.prepare(
      `select status, attempts, dispatched_at from effects where id = ?1`
    )
      .bind(id)
      .first<{ status: string; attempts: number; dispatched_at: string | null }>()
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
    expect(row?.dispatched_at).not.toBeNull()
    const audit = await env.DB.prepare(
      `select summary from operator_audit where action = 'effect.retry' and entity_id = ?1`
    )
      .bind(id)
      .first<{ summary: string }>()
    expect(audit?.summary).toBe('Order confirmation email tried again')

    const again = await postForm(`${PATH}/retry`, { effectId: String(id) }, cookies)
    expect(again.status).toBe(404)
    expect(pageText(await again.text())).toContain(MESSAGES.effectNotFound)
  })

  it("refuses another business's task and a malformed id, changing nothing", async () => {
    const theirs = await deadEffect(OTHER.businessId, 'theirs')
    for (const effectId of [String(theirs), 'x', '']) {
      const res = await postForm(`${PATH}/retry`, { effectId }, cookies)
      expect(res.status).toBe(404)
    }
    const row = await env.DB.prepare(`select status from effects where id = ?1`)
      .bind(theirs)
      .first<{ status: string }>()
    expect(row?.status).toBe('dead')
  })

  it('is for operators only', async () => {
    const picker = await signIn(
      (await seedStaff({ roles: [{ storeId: 1, role: 'picker' }] })).email
    )
    expect((await get(PATH, picker)).status).toBe(403)
  })
})

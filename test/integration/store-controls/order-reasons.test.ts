import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  ORDER_REASON_MAX_LENGTH,
  ORDER_REASONS_MAX,
  PRESET_REASONS,
} from '../../../schemas/order-reasons.ts'
import { createApp } from '../../../worker/app.ts'
import { jar } from '../pages/cookie-jar.ts'
import { operatorPagesClient } from '../pages/operator/console-client.ts'
import { pageText } from '../pages/storefront.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { cashOrder, seedCheckout, STORES } from '../store-orders/fixtures.ts'

/*
 * A business's own reject and cancel reasons (issue 44): an operator edits both lists in the
 * operator console (audited); the store console's reject and cancel forms then offer those, and a
 * reason not on them is refused.
 */

const app = createApp()
const { get, postForm, signIn } = operatorPagesClient('198.51.145', app)
const STORE = STORES.main
const PATH = '/store/operator/order-reasons'
const OWN_REJECT = 'Our van has broken down today.'
let operator = ''
let manager = ''

beforeAll(async () => {
  await seedCheckout(env.DB)
  operator = await signIn((await seedStaff({ operator: true })).email)
  manager = await signIn(
    (await seedStaff({ roles: [{ storeId: STORE, role: 'store_manager' }] })).email
  )
  // Seeding and two sign-ins (password hashing) take a while on a busy machine.
}, 60_000)

function alertOf(html: string): string {
  return /role="alert"[^>]*>([^<]*)</.exec(html)?.[1] ?? ''
}

async function storedLists(): Promise<string | null> {
  const row = await env.DB.prepare('select order_reasons_json from businesses where id = 1').first<{
    order_reasons_json: string | null
  }>()
  return row?.order_reasons_json ?? null
}

describe("a business's reject and cancel reasons", () => {
  it('refuses an empty list with its reason, keeping the defaults', async () => {
    const page = await (await get(PATH, operator)).text()
    expect(page).toContain(PRESET_REASONS.reject[0])
    const refused = await postForm(PATH, { reject: '  \n ', cancel: 'Out of stock' }, operator)
    expect(refused.status).toBe(422)
    expect(alertOf(await refused.text())).toBe(
      formatMessage(
        'orderReasonsInvalid',
        String(ORDER_REASONS_MAX),
        String(ORDER_REASON_MAX_LENGTH)
      )
    )
    expect(await storedLists()).toBeNull()
  })

  // Many requests in turn: more than the default 5 s when two files share busy cores.
  it(
    "are the console's: saved and audited, then offered and checked by the reject form",
    { timeout: 20_000 },
    async () => {
      const saved = await postForm(
        PATH,
        { reject: `${OWN_REJECT}\n\nWe are closed for a private event.`, cancel: 'Out of stock' },
        operator
      )
      expect(saved.status).toBe(303)
      const text = pageText(await (await get(PATH, jar(saved, operator))).text())
      expect(text).toContain(MESSAGES.operatorChangesSaved)
      const audit = await env.DB.prepare(
        "select count(*) as n from operator_audit where action = 'order_reasons.update'"
      ).first<{ n: number }>()
      expect(audit?.n).toBe(1)

      const order = await cashOrder('collection')
      const path = `/store/${STORE}/orders/${order.orderId}`
      const html = await (await get(path, manager)).text()
      expect(html).toContain(`name="reasonChoice" value="${OWN_REJECT}"`)
      expect(html).not.toContain(`value="${PRESET_REASONS.reject[1]}"`)
      const key = /name="idempotencyKey" value="([\w-]+)-accept"/.exec(html)?.[1] ?? ''
      const form = { action: 'reject', expectedStatus: 'sent_to_store', reason: '' }
      const notOffered = await postForm(
        path,
        { ...form, reasonChoice: PRESET_REASONS.reject[1], idempotencyKey: `${key}-old` },
        manager
      )
      expect(notOffered.status).toBe(422)
      expect(alertOf(await notOffered.text())).toContain(MESSAGES.orderActionReasonRequired)
      const rejected = await postForm(
        path,
        { ...form, reasonChoice: OWN_REJECT, idempotencyKey: `${key}-reject` },
        manager
      )
      expect(rejected.status).toBe(303)
      const closed = await env.DB.prepare('select closing_reason from orders where id = ?1')
        .bind(order.orderId)
        .first<{ closing_reason: string }>()
      expect(closed?.closing_reason).toBe(OWN_REJECT)
    }
  )
})

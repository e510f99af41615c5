import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { PaymentsLedgerSchema } from '../../../schemas/development.ts'
import { createApp } from '../../../worker/app.ts'
import { backend } from '../../../worker/local-backend.ts'
import {
  actOk,
  cardOrder,
  cashOrder,
  inMinutes,
  type SignedInStaff,
  STORES,
  substituteCheaper,
  storeTeam,
  finishPicking,
} from './fixtures.ts'

/*
 * The development payments ledger (GET /dev/payments and its page): the shop's record of a
 * payment beside the sandbox gateway's, so a journey sees a picking refund reach the gateway.
 */

const STORE = STORES.main
let manager: SignedInStaff
let picker: SignedInStaff

beforeAll(async () => {
  ;({ manager, picker } = await storeTeam())
})

async function ledger(query: string, appEnv = 'test') {
  return backend.request(`/dev/payments?businessId=1${query}`, {}, { ...env, APP_ENV: appEnv })
}

/** A card order whose first line was substituted by a cheaper item: `difference` refunded. */
async function pickedWithRefund() {
  const order = await cardOrder()
  const accepted = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(30),
  })
  const line = accepted.departments[0]?.lines[0]
  if (!line) throw new Error('no line')
  const { answer, difference } = await substituteCheaper(picker.bearer, order.orderId, line)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  const picked = await finishPicking(picker.bearer, STORE, order.orderId)
  return { order, picked, difference }
}

describe('GET /dev/payments', () => {
  it("shows a picking refund in the shop's record and at the sandbox gateway alike", async () => {
    const { order, picked, difference } = await pickedWithRefund()
    const res = await ledger(`&orderNumber=${picked.orderNumber}`)
    expect(res.status).toBe(200)
    const { payments } = PaymentsLedgerSchema.parse(await res.json())
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({
      orderNumber: picked.orderNumber,
      orderTotal: order.total - difference,
      gateway: 'realex',
      taken: order.total,
      refunded: difference,
      voided: 0,
      atGateway: { captured: order.total, refunded: difference, voided: 0 },
    })
  })

  it('lists the newest first; cash, paid at the door, is not money the gateway took', async () => {
    const first = await cardOrder()
    const second = await cardOrder()
    const cash = await cashOrder()
    const { payments } = PaymentsLedgerSchema.parse(await (await ledger('')).json())
    expect(payments.slice(0, 2).map((payment) => payment.taken)).toEqual([
      second.total,
      first.total,
    ])
    const ids = payments.map((payment) => payment.paymentId)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(payments.some((payment) => payment.gateway === 'cash')).toBe(false)
    expect(cash.total).toBeGreaterThan(0)
  })

  it('answers no payments for an unknown order number', async () => {
    const res = await ledger('&orderNumber=NOPE-00000000')
    expect(PaymentsLedgerSchema.parse(await res.json()).payments).toEqual([])
  })

  it('is not found in production', async () => {
    expect((await ledger('', 'production')).status).toBe(404)
  })
})

describe('the /dev/payments page', () => {
  it('shows the order with what was refunded, and that the gateway agrees', async () => {
    const { picked, difference } = await pickedWithRefund()
    const res = await createApp().request(
      `http://localhost/dev/payments?order=${picked.orderNumber}`,
      {},
      env
    )
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<h1')
    expect(html).toContain('Payments ledger')
    const row = html.slice(html.indexOf(`>${picked.orderNumber}</th>`))
    expect(row).toContain(`£${(difference / 100).toFixed(2)}`)
    expect(row.slice(0, row.indexOf('</tr>'))).toMatch(/>Yes<\/td>$/)
  })
})

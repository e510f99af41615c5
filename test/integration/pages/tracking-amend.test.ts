import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { createApp } from '../../../worker/app.ts'
import { plainItem, tomorrow } from '../checkout/fixtures.ts'
import { seedCheckout } from '../member/orders-fixtures.ts'
import {
  consumerData,
  draftOrder,
  makePayment,
  paymentBody,
  payOnSandbox,
  resultOf,
  VALID_EXPIRY,
} from '../payments/fixtures.ts'
import { emailedTrackingPaths, tokenOf } from '../tracking/fixtures.ts'
import { DATED } from '../../support/test-clock.ts'
import { AMEND_HPP_RESPONSE_PATH } from '../../../schemas/order-amend.ts'
import { pageClient, pageText } from './storefront.ts'

/*
 * A guest changes their order by the tracking page's signed link (issue 42, ADR 048), through
 * the pages as a browser without JavaScript uses them: "Change this order" on the tracking page,
 * the member's amend page at /track/:orderNumber/amend, its form post. A missing, altered or
 * another order's token gets the tracking page's 404 and changes nothing.
 */

const app = createApp()
const { get, postForm } = pageClient(app, '198.51.121')

interface GuestOrder {
  orderId: number
  orderNumber: string
  token: string
}

let unitPrice = 0
let unitItemId = 0

/** A guest's card order of three of one item, and the signed link its confirmation carries. */
async function guestOrder(itemId: number): Promise<GuestOrder> {
  const email = `guest.${crypto.randomUUID()}@example.com`
  const draft = await draftOrder({ email, items: [{ id: itemId, quantity: 3 }] })
  const started = await makePayment(paymentBody(draft))
  const answer = resultOf(
    await consumerData(
      await payOnSandbox(started.redirect!, { cardNumber: '4263970000005262', ...VALID_EXPIRY })
    )
  )
  expect(answer.status).toBe('succeeded')
  const [path] = await emailedTrackingPaths(email, 'order_confirmation')
  return { orderId: draft.orderId, orderNumber: draft.businessOrderId, token: tokenOf(path ?? '') }
}

async function stored(orderId: number) {
  const order = await env.DB.prepare(
    `select o.total, o.amend_version,
       (select group_concat(quantity) from order_lines l
        where l.order_id = o.id and l.parent_line_id is null) as quantities
     from orders o where o.id = ?1`
  )
    .bind(orderId)
    .first<{ total: number; amend_version: number; quantities: string }>()
  return order!
}

async function lineIdOf(orderId: number): Promise<number> {
  const row = await env.DB.prepare(
    'select id from order_lines where order_id = ?1 and parent_line_id is null order by position, id'
  )
    .bind(orderId)
    .first<{ id: number }>()
  return row!.id
}

const amendPage = (order: GuestOrder, token = order.token) =>
  `/track/${order.orderNumber}/amend${token ? `?t=${encodeURIComponent(token)}` : ''}`

let ada: GuestOrder
let grace: GuestOrder

beforeAll(async () => {
  await seedCheckout(env.DB)
  const item = await plainItem(500, 2500)
  unitPrice = item.price
  unitItemId = item.id
  ada = await guestOrder(item.id)
  grace = await guestOrder(item.id)
})

describe("a guest's amend page by the signed tracking link", () => {
  it('the tracking page offers "Change this order" by the same link', async () => {
    const res = await get(`/track/${ada.orderNumber}?t=${encodeURIComponent(ada.token)}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(pageText(html)).toContain('Change this order')
    expect(html).toContain(
      `href="/track/${ada.orderNumber}/amend?t=${encodeURIComponent(ada.token)}"`
    )
  })

  it("shows the order's lines to change, private, the link's token in both forms", async () => {
    const res = await get(amendPage(ada))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain('<meta name="robots" content="noindex')
    const text = pageText(html)
    expect(text).toContain(`Change order ${ada.orderNumber}`)
    expect(text).toContain('Save changes')
    // A guest has no account pages: no account menu.
    expect(html).not.toContain('aria-label="My account"')
    expect(html).toContain(`name="line-${await lineIdOf(ada.orderId)}"`)
    expect(html.match(/<input type="hidden" name="t" value="[^"]+"/g)).toHaveLength(2)
    expect(html).toContain(`href="/track/${ada.orderNumber}?t=${encodeURIComponent(ada.token)}"`)
  })

  it("answers 404 without the link, with an altered token and with another order's", async () => {
    for (const token of ['', `${ada.token}x`, grace.token]) {
      const res = await get(amendPage(ada, token))
      expect(res.status, token).toBe(404)
      expect(pageText(await res.text())).not.toContain('Save changes')
    }
  })

  it("refuses a post without the link or by another order's and changes nothing", async () => {
    const before = await stored(ada.orderId)
    const lineId = await lineIdOf(ada.orderId)
    for (const t of ['', 'not-a-token', grace.token]) {
      const res = await postForm(`/track/${ada.orderNumber}/amend`, {
        t,
        version: '0',
        [`line-${lineId}`]: '1',
      })
      expect(res.status, t).toBe(404)
    }
    expect(await stored(ada.orderId)).toEqual(before)
    expect(await stored(grace.orderId)).toMatchObject({ amend_version: 0, quantities: '3' })
  })

  it('lowers a quantity: the page again says so, with the new total and the refund', async () => {
    const before = await stored(ada.orderId)
    const lineId = await lineIdOf(ada.orderId)
    const res = await postForm(`/track/${ada.orderNumber}/amend`, {
      t: ada.token,
      version: '0',
      [`line-${lineId}`]: '2',
    })
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    const after = await stored(ada.orderId)
    expect(after).toMatchObject({ amend_version: 1, quantities: '2' })
    expect(before.total - after.total).toBe(unitPrice)
    expect(location).toBe(
      `/track/${ada.orderNumber}/amend?t=${encodeURIComponent(ada.token)}` +
        `&amended=${after.total}&refunded=${unitPrice}`
    )
    const text = pageText(await (await get(location)).text())
    expect(text).toContain(formatMessage('amendRefunded', formatMoney(unitPrice)))
    expect(text).toContain(`Order total now: ${formatMoney(after.total)}`)
  })

  it('an older version is refused with why, and the page shows the order as it is', async () => {
    const lineId = await lineIdOf(ada.orderId)
    const res = await postForm(`/track/${ada.orderNumber}/amend`, {
      t: ada.token,
      version: '0',
      [`line-${lineId}`]: '1',
    })
    expect(res.status).toBe(422)
    const text = pageText(await res.text())
    expect(text).toContain(MESSAGES.amendStale)
    expect(await stored(ada.orderId)).toMatchObject({ amend_version: 1, quantities: '2' })
  })

  it('a total above the card payment: pay the difference on the card page, then the change is made', async () => {
    // An order of its own: the other tests keep theirs at the versions they expect.
    const grace = await guestOrder(unitItemId)
    const before = await stored(grace.orderId)
    const lineId = await lineIdOf(grace.orderId)
    const res = await postForm(`/track/${grace.orderNumber}/amend`, {
      t: grace.token,
      version: '0',
      [`line-${lineId}`]: '5',
    })
    expect(res.status).toBe(200)
    const html = await res.text()
    const text = pageText(html)
    expect(text).toContain(MESSAGES.amendPayTitle)
    // Until it is paid the order is as it was, and the step says what it asks.
    expect(await stored(grace.orderId)).toEqual(before)
    const form = /<form action="([^"]+)" method="POST">([\s\S]*?)<\/form>/.exec(html)
    expect(form).not.toBeNull()
    const fields = Object.fromEntries(
      [...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
        (field) => [field[1]!, field[2]!.replaceAll('&amp;', '&')]
      )
    )
    const asked = Number(atob(fields.AMOUNT ?? ''))
    expect(text).toContain(
      formatMessage('amendPayDifference', formatMoney(before.total + asked), formatMoney(asked))
    )
    expect(text).toContain(formatMessage('amendPayButton', formatMoney(asked)))
    expect(text).toContain(MESSAGES.amendPayKeep)

    const hppResponse = await payOnSandbox(
      { url: form![1]!.replaceAll('&amp;', '&'), method: 'POST', fields },
      { cardNumber: '4263970000005262', ...VALID_EXPIRY }
    )
    const answered = await postForm(AMEND_HPP_RESPONSE_PATH, { hppResponse })
    expect(answered.status).toBe(303)
    const location = answered.headers.get('location') ?? ''
    expect(location).toBe(
      `/track/${grace.orderNumber}/amend?t=${encodeURIComponent(grace.token)}&paid=1`
    )
    const after = await stored(grace.orderId)
    expect(after).toMatchObject({ amend_version: 1, quantities: '5', total: before.total + asked })
    const page = pageText(await (await get(location)).text())
    expect(page).toContain(formatMessage('amendPaid', formatMoney(after.total)))

    // The same answer posted again changes nothing; a forged one is a page saying nothing changed.
    expect((await postForm(AMEND_HPP_RESPONSE_PATH, { hppResponse })).status).toBe(303)
    const forged = await postForm(AMEND_HPP_RESPONSE_PATH, { hppResponse: '{"ORDER_ID":"eA=="}' })
    expect(forged.status).toBe(422)
    expect(pageText(await forged.text())).toContain(MESSAGES.amendPaymentNotTaken)
    expect(await stored(grace.orderId)).toEqual(after)
  })

  it("moves the order to another slot of the checkout's list (ADR 054)", DATED, async () => {
    const before = await env.DB.prepare(
      'select slot_date, slot_starts_at from orders where id = ?1'
    )
      .bind(grace.orderId)
      .first<{ slot_date: string; slot_starts_at: string }>()
    const current = `${before!.slot_date} ${before!.slot_starts_at}`
    const html = await (await get(amendPage(grace))).text()
    expect(html).toContain('<select id="amend-slot" name="slot"')
    expect(html).toContain(`<option value="${current}" selected="">`)
    expect(html).toContain(`<input type="hidden" name="slot-was" value="${current}"/>`)
    const time = before!.slot_starts_at === '20:00' ? '21:00' : '20:00'
    const target = `${tomorrow()} ${time}`
    expect(html).toContain(`<option value="${target}">`)
    const lineId = await lineIdOf(grace.orderId)
    const post = (slot: string, version: string) =>
      postForm(`/track/${grace.orderNumber}/amend`, {
        t: grace.token,
        version,
        [`line-${lineId}`]: '3',
        slot,
        'slot-was': current,
      })
    const moved = await post(target, '0')
    expect(moved.status).toBe(303)
    const after = await env.DB.prepare(
      `select o.slot_date || ' ' || o.slot_starts_at as slot, o.amend_version, o.total,
         (select t.slot_date || ' ' || t.starts_at from slot_reservations r
            join time_slots t on t.id = r.time_slot_id
          where r.order_id = o.id and r.status = 'confirmed') as reserved
       from orders o where o.id = ?1`
    )
      .bind(grace.orderId)
      .first<{ slot: string; amend_version: number; total: number; reserved: string }>()
    expect(after).toMatchObject({ slot: target, amend_version: 1, reserved: target })
    const text = pageText(await (await get(moved.headers.get('location') ?? '')).text())
    expect(text).toContain(formatMessage('amendSaved', formatMoney(after!.total)))
  })
})

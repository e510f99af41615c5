import { SELF, env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { luhnValid } from '../../../schemas/card-brand.ts'
import { MESSAGES, PAYMENT_FAILED_HELP } from '../../../schemas/messages.ts'
import {
  VALID_EXPIRY,
  consumerData,
  draftOrder,
  makePayment,
  orderStatus,
  payOnSandbox,
  paymentBody,
  postForm,
  resultOf,
  seedCheckout,
  submitCard,
  RETURN_URLS,
} from './fixtures.ts'

const TEST_CARD_NUMBERS = [
  '4263970000005262',
  '5425230000004415',
  '4000120000001154',
  '5114610000004778',
  '4000130000001724',
  '4000160000004147',
  '4242420000000091',
  '4012001038488884',
]

/** Every 13–19 digit Luhn-valid run in every value of every table (digests aside). */
async function luhnNumbersInD1(): Promise<Set<string>> {
  const { results: tables } = await env.DB.prepare(
    `select name from sqlite_master where type = 'table'
       and name not like 'sqlite_%' and name not like '_cf_%' and name not like '%_fts%'`
  ).all<{ name: string }>()
  const found = new Set<string>()
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`select * from "${name}"`).all<
      Record<string, unknown>
    >()
    for (const row of results) {
      for (const value of Object.values(row)) {
        if (typeof value !== 'string' && typeof value !== 'number') continue
        // Hex digests (request hashes, token hashes) hold digit runs by chance: not card numbers.
        if (/^[0-9a-f]{32,}$/i.test(String(value))) continue
        for (const run of String(value).match(/\d{13,19}/g) ?? []) {
          if (luhnValid(run)) found.add(`${name}:${run}`)
        }
      }
    }
  }
  return found
}

let before: Set<string>

beforeAll(async () => {
  await seedCheckout(env.DB)
  before = await luhnNumbersInD1()
})

describe('the sandbox card page with the Global Payments test cards', () => {
  const matrix = [
    { number: '4263970000005262', status: 'succeeded', order: 'sent_to_store' },
    { number: '5425230000004415', status: 'succeeded', order: 'sent_to_store' },
    { number: '4000120000001154', status: 'failed', order: 'payment_failed', code: '101' },
    { number: '5114610000004778', status: 'failed', order: 'payment_failed', code: '101' },
    { number: '4000130000001724', status: 'failed', order: 'payment_failed', code: '102' },
    { number: '4000160000004147', status: 'failed', order: 'payment_failed', code: '103' },
    { number: '4242420000000091', status: 'failed', order: 'payment_failed', code: '111' },
  ] as const

  for (const row of matrix) {
    it(`${row.number} → ${row.status}`, async () => {
      const draft = await draftOrder()
      const started = await makePayment(paymentBody(draft))
      expect(started.status).toBe('redirect')
      expect(started.amount).toBe(draft.total)
      const response = await payOnSandbox(started.redirect!, {
        cardNumber: row.number.replace(/(\d{4})/g, '$1 ').trim(),
        ...VALID_EXPIRY,
      })
      const result = resultOf(await consumerData(response, draft.orderId))
      expect(result).toMatchObject({
        paymentId: started.paymentId,
        status: row.status,
        amount: draft.total,
        nextUrl: row.status === 'succeeded' ? RETURN_URLS.successUrl : RETURN_URLS.failureUrl,
        message: row.status === 'succeeded' ? null : PAYMENT_FAILED_HELP,
      })
      expect(await orderStatus(draft.orderId)).toBe(row.order)
      const payment = await env.DB.prepare(
        'select status, result_code, amount from payments where id = ?1'
      )
        .bind(started.paymentId)
        .first()
      expect(payment).toMatchObject({
        status: row.status === 'succeeded' ? 'authorised' : 'declined',
        result_code: 'code' in row ? row.code : '00',
        amount: draft.total,
      })
    })
  }

  it('the 3-D Secure challenge card: authenticated → paid, failed → declined', async () => {
    const paid = await draftOrder()
    const first = await makePayment(paymentBody(paid))
    const ok = await payOnSandbox(
      first.redirect!,
      { cardNumber: '4012001038488884', ...VALID_EXPIRY },
      'authenticate'
    )
    expect(resultOf(await consumerData(ok)).status).toBe('succeeded')
    expect(await orderStatus(paid.orderId)).toBe('sent_to_store')

    const failed = await draftOrder()
    const second = await makePayment(paymentBody(failed))
    const no = await payOnSandbox(
      second.redirect!,
      { cardNumber: '4012001038488884', ...VALID_EXPIRY },
      'fail'
    )
    expect(resultOf(await consumerData(no))).toMatchObject({
      status: 'failed',
      message: PAYMENT_FAILED_HELP,
      nextUrl: RETURN_URLS.failureUrl,
    })
    expect(await orderStatus(failed.orderId)).toBe('payment_failed')
  })

  it('after a decline a new attempt with a new ORDER_ID can pay the same order', async () => {
    const draft = await draftOrder()
    const first = await makePayment(paymentBody(draft))
    const declined = await payOnSandbox(first.redirect!, {
      cardNumber: '4000120000001154',
      ...VALID_EXPIRY,
    })
    expect(resultOf(await consumerData(declined)).status).toBe('failed')
    const second = await makePayment(paymentBody(draft))
    expect(second.paymentId).not.toBe(first.paymentId)
    expect(second.redirect!.fields.ORDER_ID).not.toBe(first.redirect!.fields.ORDER_ID)
    const paid = await payOnSandbox(second.redirect!, {
      cardNumber: '4263970000005262',
      ...VALID_EXPIRY,
    })
    expect(resultOf(await consumerData(paid)).status).toBe('succeeded')
    expect(await orderStatus(draft.orderId)).toBe('sent_to_store')
  })

  it('refuses any card that is not a test card, without echoing it', async () => {
    const draft = await draftOrder()
    const started = await makePayment(paymentBody(draft))
    const page = await submitCard(started.redirect!, {
      cardNumber: '4111 1111 1111 1111',
      ...VALID_EXPIRY,
    })
    const html = await page.text()
    expect(page.status).toBe(422)
    expect(html).toContain(MESSAGES.sandboxTestCardsOnly)
    expect(html).not.toContain('4111')
    expect(html).toContain('Sandbox — test cards only')
  })

  it('asks for the CVV, and refuses a reused ORDER_ID (501) and a forged request (508)', async () => {
    const draft = await draftOrder()
    const started = await makePayment(paymentBody(draft))
    const noCvv = await submitCard(started.redirect!, {
      cardNumber: '4263970000005262',
      expiryMonth: '12',
      expiryYear: '39',
    })
    expect(await noCvv.text()).toContain(MESSAGES.cvvRequired)
    const again = await postForm('/sandbox-gateway/hpp/pay', started.redirect!.fields)
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('RESULT 501')

    const other = await draftOrder()
    const fields = { ...(await makePayment(paymentBody(other))).redirect!.fields }
    fields.AMOUNT = btoa('1')
    const forged = await postForm('/sandbox-gateway/hpp/pay', fields)
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('RESULT 508')
  })

  it('is served by the worker under its CSP: nonce on the auto-submit script, Cancel link', async () => {
    const draft = await draftOrder()
    const { redirect } = await makePayment(paymentBody(draft))
    const post = (path: string, fields: Record<string, string>) =>
      SELF.fetch(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      })
    const form = await post('/sandbox-gateway/hpp/pay', redirect!.fields)
    const formHtml = await form.text()
    expect(form.status, formHtml).toBe(200)
    expect(formHtml).toContain(`href="${RETURN_URLS.cancelUrl}"`)
    expect(formHtml).toMatch(/Pay £[\d.,]+/)
    const answered = await post('/sandbox-gateway/hpp/card', {
      ORDER_ID: atob(redirect!.fields.ORDER_ID ?? ''),
      cardNumber: '4263970000005262',
      ...VALID_EXPIRY,
    })
    const html = await answered.text()
    const csp = answered.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(html).toContain(`<script nonce="${nonce}">`)
    expect(csp).toContain("form-action 'self'")
    expect(html).toContain('action="http://localhost/checkout/payment/hpp-response"')
  })

  it('is not served when a Realex merchant is configured or payments are live', async () => {
    const draft = await draftOrder()
    const { redirect } = await makePayment(paymentBody(draft))
    for (const override of [{ REALEX_MERCHANT_ID: 'realmerchant' }, { PAYMENTS_MODE: 'live' }]) {
      const res = await postForm('/sandbox-gateway/hpp/pay', redirect!.fields, {
        ...env,
        ...override,
      })
      expect(res.status).toBe(404)
    }
  })

  it('stores no card number anywhere in D1 after the whole matrix', async () => {
    const after = await luhnNumbersInD1()
    const added = [...after].filter((entry) => !before.has(entry))
    expect(added).toEqual([])
    const everything = JSON.stringify(
      await Promise.all(
        ['payments', 'sandbox_hpp_requests', 'sandbox_stored_cards', 'saved_cards', 'orders'].map(
          (table) => env.DB.prepare(`select * from ${table}`).all()
        )
      )
    )
    for (const number of TEST_CARD_NUMBERS) expect(everything).not.toContain(number)
  })
})

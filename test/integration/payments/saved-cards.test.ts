import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { hppRequestHash } from '../../../worker/realex/hpp.ts'
import {
  VALID_EXPIRY,
  call,
  consumerData,
  draftOrder,
  hiddenValue,
  makePayment,
  orderStatus,
  payOnSandbox,
  paymentBody,
  postForm,
  registerMember,
  resultOf,
  seedCheckout,
} from './fixtures.ts'

beforeAll(async () => {
  await seedCheckout(env.DB)
})

function decoded(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, atob(value)]))
}

async function cardsOf(bearer: string) {
  const answer = await call('/member/cards', { businessId: 1 }, { bearer })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return (answer.json as { cards: Array<Record<string, unknown>> }).cards
}

async function member() {
  const { email, tokens } = await registerMember()
  return { email, bearer: tokens.access_token }
}

describe('saved cards (Realex card storage)', () => {
  it('saves a card during a payment, says "Card already exists!" for the same card, then pays with it', async () => {
    const shopper = await member()

    // 1. Pay with a new card and save it.
    const first = await draftOrder(shopper)
    const started = await makePayment(paymentBody(first, { saveCard: true }))
    const fields = decoded(started.redirect!.fields)
    expect(fields).toMatchObject({
      CARD_STORAGE_ENABLE: '1',
      OFFER_SAVE_CARD: '0',
      PAYER_EXIST: '0',
    })
    expect(fields.PAYER_REF).toMatch(/^b1c\d+$/)
    expect(fields.SHA1HASH).toBe(
      await hppRequestHash(
        {
          timestamp: fields.TIMESTAMP ?? '',
          merchantId: fields.MERCHANT_ID ?? '',
          orderId: fields.ORDER_ID ?? '',
          amount: fields.AMOUNT ?? '',
          currency: fields.CURRENCY ?? '',
          cardStorage: { payerRef: fields.PAYER_REF ?? '', paymentRef: fields.PMT_REF ?? '' },
        },
        env.REALEX_SHARED_SECRET
      )
    )
    const response = await payOnSandbox(started.redirect!, {
      cardNumber: '4263970000005262',
      cardholderName: 'Ada Lovelace',
      ...VALID_EXPIRY,
    })
    expect(resultOf(await consumerData(response))).toMatchObject({
      status: 'succeeded',
      message: null,
    })
    const cards = await cardsOf(shopper.bearer)
    expect(cards).toEqual([
      {
        cardId: expect.any(Number),
        brand: 'visa',
        last4: '5262',
        expiryMonth: 12,
        expiryYear: 2039,
        cardholderName: 'Ada Lovelace',
        gateway: 'realex',
        isDefault: false,
      },
    ])

    // 2. The same card again: the payment succeeds, the duplicate is not stored.
    const second = await draftOrder(shopper)
    const again = await makePayment(paymentBody(second, { saveCard: true }))
    expect(decoded(again.redirect!.fields).PAYER_EXIST).toBe('1')
    const duplicate = await payOnSandbox(again.redirect!, {
      cardNumber: '4263970000005262',
      ...VALID_EXPIRY,
    })
    const duplicateResult = resultOf(await consumerData(duplicate))
    expect(duplicateResult).toMatchObject({ status: 'succeeded', message: MESSAGES.cardExists })
    expect(resultOf(await consumerData(duplicate))).toEqual(duplicateResult)
    expect(await cardsOf(shopper.bearer)).toHaveLength(1)
    expect(await orderStatus(second.orderId)).toBe('sent_to_store')

    // 3. Pay with the saved card: the page shows it and asks for the CVV only.
    const third = await draftOrder(shopper)
    const cardId = cards[0]?.cardId as number
    const saved = await makePayment(paymentBody(third, { cardId }))
    const savedFields = decoded(saved.redirect!.fields)
    expect(savedFields.HPP_SELECT_STORED_CARD).toBe(fields.PAYER_REF)
    expect(savedFields.PMT_REF).toBe(fields.PMT_REF)
    expect(savedFields.CARD_STORAGE_ENABLE).toBeUndefined()
    const page = await postForm('/sandbox-gateway/hpp/pay', saved.redirect!.fields)
    const html = await page.text()
    expect(page.status, html).toBe(200)
    expect(html).toContain('VISA •••• 5262')
    expect(html).not.toContain('name="cardNumber"')
    const orderId = hiddenValue(html, 'ORDER_ID') ?? ''
    const noCvv = await postForm('/sandbox-gateway/hpp/card', { ORDER_ID: orderId, cvv: '' })
    expect(await noCvv.text()).toContain(MESSAGES.cvvRequired)
    const paid = await postForm('/sandbox-gateway/hpp/card', { ORDER_ID: orderId, cvv: '123' })
    const hppResponse = hiddenValue(await paid.text(), 'hppResponse')
    expect(resultOf(await consumerData(hppResponse ?? '')).status).toBe('succeeded')
    expect(await orderStatus(third.orderId)).toBe('sent_to_store')
  })

  it('only members save or use saved cards, and only their own', async () => {
    const owner = await member()
    const other = await member()
    const card = await env.DB.prepare(
      `insert into saved_cards (customer_id, gateway, token, brand, last4, expiry_month, expiry_year)
       select id, 'realex', 'b1c' || id || ':card-x', 'mastercard', '4415', 11, 2038
       from customers where email = ?1 returning id`
    )
      .bind(owner.email)
      .first<{ id: number }>()
    const guestDraft = await draftOrder()
    const guest = await call('/payments/make', paymentBody(guestDraft, { cardId: card?.id }))
    expect(guest.status).toBe(422)
    expect(ApiErrorSchema.parse(guest.json).error.message).toBe(MESSAGES.savedCardsMembersOnly)

    const otherDraft = await draftOrder(other)
    const stolen = await call('/payments/make', paymentBody(otherDraft, { cardId: card?.id }))
    expect(stolen.status).toBe(404)
    expect(ApiErrorSchema.parse(stolen.json).error.message).toBe(MESSAGES.cardNotFound)

    const deleteOthers = await call(
      '/member/cards/delete',
      { businessId: 1, cardId: card?.id },
      { bearer: other.bearer }
    )
    expect(deleteOthers.status).toBe(404)
    expect(await cardsOf(owner.bearer)).toHaveLength(1)
    const deleted = await call(
      '/member/cards/delete',
      { businessId: 1, cardId: card?.id },
      { bearer: owner.bearer }
    )
    expect(deleted.status).toBe(200)
    expect(deleted.json).toEqual({ cards: [] })
  })

  it('member card routes need a member; adding a card answers that Realex saves cards while paying', async () => {
    expect((await call('/member/cards', { businessId: 1 })).status).toBe(401)
    const shopper = await member()
    const add = await call(
      '/member/cards/add',
      { businessId: 1, token: 'tok_1' },
      { bearer: shopper.bearer }
    )
    expect(add.status).toBe(422)
    expect(ApiErrorSchema.parse(add.json).error.message).toBe(MESSAGES.cardsSavedDuringPayment)
    const withPan = await call(
      '/member/cards/add',
      { businessId: 1, token: 'tok_1', cardNumber: '4263970000005262' },
      { bearer: shopper.bearer }
    )
    expect(ApiErrorSchema.parse(withPan.json).error.message).toBe(MESSAGES.cardDetailsNotAccepted)
  })
})

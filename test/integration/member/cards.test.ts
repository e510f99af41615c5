import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { SavedCardListSchema } from '../../../schemas/payments.ts'
import {
  VALID_EXPIRY,
  call,
  callWith,
  consumerData,
  draftOrder,
  makePayment,
  payOnSandbox,
  paymentBody,
  registerMember,
  resultOf,
  seedCheckout,
} from '../payments/fixtures.ts'
import { cardToken, framesEnv, FRAMES_CARDS } from '../payments/frames-fixtures.ts'

// Deleting a saved card deletes it at the gateway that keeps it, through its adapter, then ours.
beforeAll(async () => {
  await seedCheckout(env.DB)
})

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0
}

async function member() {
  const { email, tokens } = await registerMember()
  return { email, bearer: tokens.access_token }
}

/** A member who paid by card on the Realex sandbox and saved it (stored at the gateway). */
async function memberWithRealexCard() {
  const shopper = await member()
  const draft = await draftOrder(shopper)
  const started = await makePayment(paymentBody(draft, { saveCard: true }))
  const paid = await payOnSandbox(started.redirect!, {
    cardNumber: '4263970000005262',
    ...VALID_EXPIRY,
  })
  expect(resultOf(await consumerData(paid)).status).toBe('succeeded')
  return { shopper, draft }
}

describe('POST /member/cards/delete', () => {
  it('cancels a Realex stored card at the gateway (card-cancel-card), then deletes ours', async () => {
    const { shopper } = await memberWithRealexCard()
    const listed = await call('/member/cards', { businessId: 1 }, { bearer: shopper.bearer })
    const [card] = SavedCardListSchema.parse(listed.json).cards
    const stored = 'select count(*) as n from sandbox_stored_cards'
    const before = await count(stored)

    // Another member's card id is not found, and nothing is deleted anywhere.
    const intruder = await member()
    const refused = await call(
      '/member/cards/delete',
      { businessId: 1, cardId: card!.cardId },
      { bearer: intruder.bearer }
    )
    expect(refused.status).toBe(404)
    expect(await count(stored)).toBe(before)

    const deleted = await call(
      '/member/cards/delete',
      { businessId: 1, cardId: card!.cardId },
      { bearer: shopper.bearer }
    )
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200)
    expect(SavedCardListSchema.parse(deleted.json).cards).toEqual([])
    expect(await count(stored)).toBe(before - 1)
  })

  it('deletes a frames card at the provider (DELETE /instruments), then ours', async () => {
    const shopper = await member()
    const added = await callWith(
      framesEnv,
      '/member/cards/add',
      { businessId: 1, token: await cardToken(FRAMES_CARDS.success) },
      shopper.bearer
    )
    expect(added.status, JSON.stringify(added.json)).toBe(200)
    const [card] = SavedCardListSchema.parse(added.json).cards
    const source = await env.DB.prepare(`select token from saved_cards where id = ?1`)
      .bind(card!.cardId)
      .first<{ token: string }>()
    const kept = `select count(*) as n from sandbox_frames_sources where id = '${source!.token}'`
    expect(await count(kept)).toBe(1)
    const deleted = await callWith(
      framesEnv,
      '/member/cards/delete',
      { businessId: 1, cardId: card!.cardId },
      shopper.bearer
    )
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200)
    expect(await count(kept)).toBe(0)
  })

  it('keeps the card when the gateway does not confirm, and says so', async () => {
    const shopper = await member()
    const customer = await env.DB.prepare('select id from customers where email = ?1')
      .bind(shopper.email)
      .first<{ id: number }>()
    // A token the Realex adapter cannot read as payer and card references: never confirmed.
    const row = await env.DB.prepare(
      `insert into saved_cards (customer_id, gateway, token, brand, last4, expiry_month,
         expiry_year) values (?1, 'realex', 'not-a-card-ref', 'visa', '1111', 1, 2030)
       returning id`
    )
      .bind(customer!.id)
      .first<{ id: number }>()
    const answer = await call(
      '/member/cards/delete',
      { businessId: 1, cardId: row!.id },
      { bearer: shopper.bearer }
    )
    expect(answer.status).toBe(502)
    expect(JSON.stringify(answer.json)).toContain(MESSAGES.cardDeleteFailed)
    expect(await count(`select count(*) as n from saved_cards where id = ${row!.id}`)).toBe(1)
  })

  it('answers 401 to a guest token', async () => {
    const guest = await call('/oauth/token', { grant_type: 'guest', businessId: 1 })
    const token = (guest.json as { access_token: string }).access_token
    const answer = await call(
      '/member/cards/delete',
      { businessId: 1, cardId: 1 },
      { bearer: token }
    )
    expect(answer.status).toBe(401)
  })
})

describe('forget me', () => {
  it("cancels the member's stored card at the gateway, as the saved-cards page does", async () => {
    const { shopper, draft } = await memberWithRealexCard()
    // Forget me waits for an order on its way; this one has arrived.
    await env.DB.prepare(`update orders set status = 'delivered', status_code = 100 where id = ?1`)
      .bind(draft.orderId)
      .run()
    const stored = 'select count(*) as n from sandbox_stored_cards'
    const before = await count(stored)

    const requested = await call(
      '/member/forget-me/request',
      { businessId: 1 },
      {
        bearer: shopper.bearer,
      }
    )
    expect(requested.status, JSON.stringify(requested.json)).toBe(200)
    const mail = await env.DB.prepare(
      `select payload_json from outbox where recipient = ?1 and template = 'forget_me_code'
       order by id desc limit 1`
    )
      .bind(shopper.email)
      .first<{ payload_json: string }>()
    const { code } = JSON.parse(mail!.payload_json) as { code: string }
    const confirmed = await call(
      '/member/forget-me/confirm',
      { businessId: 1, confirmationCode: code },
      { bearer: shopper.bearer }
    )
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200)
    expect(await count(stored)).toBe(before - 1)
  })
})

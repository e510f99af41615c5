import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { testEnv } from '../../integration/auth/fixtures.ts'
import { STORES } from '../../integration/checkout/fixtures.ts'
import {
  callWith,
  consumerData,
  type Draft,
  draftOrder,
  makePayment,
  payOnSandbox,
  paymentBody,
  resultOf,
  seedCheckout,
} from '../../integration/payments/fixtures.ts'
import {
  cardToken,
  FRAMES_CARDS,
  framesEnv,
  framesPayment,
} from '../../integration/payments/frames-fixtures.ts'
import { SUCCESS_CARD, walletToken } from '../../integration/payments/paid-fixtures.ts'

/*
 * A card order with a weighed line (ADR 039): authorised for its estimate plus the margin, held
 * and not settled, through each gateway's sandbox. The capture at picking and the void of a
 * rejected order both start from one.
 */

/** A card payment held, not settled: its draft order, the payment and the Worker's env it used. */
export interface Held {
  draft: Draft
  paymentId: number
  environment: Env
}

/**
 * Seeds the checkout and makes the demo's sirloin steak (sold by weight) orderable at the main
 * store; its menu item id.
 */
export async function seedWeighedSteak(): Promise<number> {
  await seedCheckout(env.DB)
  const row = await env.DB.prepare(
    `select id from menu_items where business_id = 1 and name = 'Sirloin steak'`
  ).first<{ id: number }>()
  if (!row) throw new Error('no steak in the demo catalogue')
  // Stock and availability overrides of the demo data would hide it at this store.
  await env.DB.prepare('delete from store_menu_items where store_id = ?1 and menu_item_id = ?2')
    .bind(STORES.main, row.id)
    .run()
  await env.DB.prepare('update menu_items set out_of_stock = 0 where id = ?1').bind(row.id).run()
  return row.id
}

/** 750 g of steak (3 × 250 g). */
const steakLines = (steakId: number) => [{ id: steakId, quantity: 3 }]

/** Through the Realex hosted page, asked to authorise only. */
export async function heldWithRealex(steakId: number): Promise<Held> {
  const draft = await draftOrder({ items: steakLines(steakId) })
  const started = await makePayment(paymentBody(draft))
  // The hosted page is asked to authorise only (fields are base64, HPP_VERSION 2 aside).
  expect(atob(started.redirect?.fields.AUTO_SETTLE_FLAG ?? '')).toBe('0')
  const answer = resultOf(await consumerData(await payOnSandbox(started.redirect!, SUCCESS_CARD)))
  expect(answer.status).toBe('succeeded')
  return { draft, paymentId: answer.paymentId, environment: testEnv }
}

/** Through the frames provider's payments API. */
export async function heldWithFrames(steakId: number): Promise<Held> {
  const draft = await draftOrder({
    environment: framesEnv,
    gateway: 'frames',
    items: steakLines(steakId),
  })
  const token = await cardToken(FRAMES_CARDS.success)
  const answer = resultOf(
    await callWith(framesEnv, '/payments/make', framesPayment(draft, { token }))
  )
  expect(answer.status).toBe('succeeded')
  return { draft, paymentId: answer.paymentId, environment: framesEnv }
}

/** Google Pay through Realex. */
export async function heldWithGooglePay(steakId: number): Promise<Held> {
  const draft = await draftOrder({ method: 'googlePay', items: steakLines(steakId) })
  const answer = resultOf(
    await callWith(
      testEnv,
      '/payments/make',
      framesPayment(draft, {
        paymentMethod: 'googlePay',
        paymentGateway: 'realex',
        googleTokenData: await walletToken('googlePay'),
      })
    )
  )
  expect(answer.status).toBe('succeeded')
  return { draft, paymentId: answer.paymentId, environment: testEnv }
}

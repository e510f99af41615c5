import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AddBasketItemRequestSchema } from '../../../schemas/basket.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import { addBasketItem } from '../../../worker/backend/basket/calls.ts'
import { runEffect } from '../../../worker/backend/effects/consumer.ts'
import { ITERABLE_API_ORIGIN } from '../../../worker/backend/marketing/adapters.ts'
import { marketingIdOf } from '../../../worker/backend/marketing/audience.ts'
import { ITERABLE_ENDPOINTS } from '../../../worker/backend/marketing/iterable-payload.ts'
import { rewardReferral } from '../../../worker/backend/referrals/reward.ts'
import { giveStaffCredit } from '../../../worker/backend/store-orders/staff-credit.ts'
import { effectHandlers, type EffectsEnv } from '../../../worker/effects-queue.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import {
  deliverEffects,
  stopsAfterTheBatch,
  sweepThenConsume,
} from '../../support/workers/effects.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { freshIp, testEnv } from '../auth/fixtures.ts'
import {
  expectOk,
  orderBody,
  readyBasket,
  seedCheckoutForGuest,
  STORES,
} from '../checkout/fixtures.ts'
import { balanceOf, customerIdOf, draftOf, memberBasket, payCash } from '../credit/fixtures.ts'
import { newMember } from '../member/orders-fixtures.ts'
import {
  BUSINESS_ID,
  codeOf,
  customerIdOf as memberIdOf,
  memberWithDetails,
  NOW,
  orderOf,
  referralOf,
  registerFriend,
} from '../referrals/fixtures.ts'
import { shopperEmails, type SignedInStaff, staffMember } from '../store-orders/fixtures.ts'

/*
 * The last effects that rode after the change go through the outbox (ADR 037): the basket's and
 * the checkout's marketing events, a referral reward's two emails, and the follow-ups of credit a
 * manager gives. Each is written with its change, so a provider that is down, a Worker that stops
 * after the commit, a redelivery or twenty deliveries at once deliver it once.
 */

let item: { id: number; price: number; name: string }
let guest: string
let manager: SignedInStaff

beforeAll(async () => {
  ;({ item, guest } = await seedCheckoutForGuest(200, 400))
  manager = await staffMember([{ storeId: STORES.main, role: 'store_manager' }])
})

afterEach(() => {
  vi.restoreAllMocks()
})

const HTTP_MESSAGING = {
  MESSAGING_PROVIDER: 'http',
  MESSAGING_API_URL: 'https://messages.example/send',
  MESSAGING_API_KEY: 'messaging-key',
}
const ITERABLE = { MARKETING_PROVIDER: 'iterable', ITERABLE_API_KEY: 'iterable-key' }

const bindings = (extra: Record<string, string> = {}): EffectsEnv =>
  ({ ...testEnv, ...backendAdapters, ...extra }) as EffectsEnv

/** A provider at `url` that refuses every call until `up()`; counts what it accepted. */
function provider(url: (input: string) => boolean) {
  const original = globalThis.fetch.bind(globalThis)
  let isUp = false
  const accepted: Array<{ url: string; init: RequestInit | undefined }> = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (!url(String(input))) return original(input, init)
    if (!isUp) return Promise.reject(new Error('connection refused'))
    accepted.push({ url: String(input), init })
    return Promise.resolve(new Response('{}', { status: 202 }))
  })
  return {
    accepted,
    up: () => {
      isUp = true
    },
  }
}

const idempotencyKeyOf = (init: RequestInit | undefined) =>
  new Headers(init?.headers).get('idempotency-key')

async function effectsLike(pattern: string) {
  const { results } = await env.DB.prepare(
    `select id, effect_key, kind, status from effects where effect_key like ?1 order by id`
  )
    .bind(pattern)
    .all<{ id: number; effect_key: string; kind: string; status: string }>()
  return results
}

async function oneEffect(key: string) {
  const effect = await env.DB.prepare(
    `select id, effect_key, kind, status from effects where effect_key = ?1`
  )
    .bind(key)
    .first<{ id: number; effect_key: string; kind: string; status: string }>()
  if (!effect) throw new Error(`no effect ${key}`)
  return effect
}

/** Runs the effect 20 times at once, as 20 deliveries of its message would. */
async function deliverTwentyAtOnce(effectId: number) {
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, () => runEffect(bindings(), effectHandlers, effectId, new Date()))
  )
  expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(1)
}

const later = () => new Date(Date.now() + 2 * 60_000)

async function emailsTo(recipient: string, template: string): Promise<number> {
  const row = await env.DB.prepare(
    `select count(*) as n from outbox where recipient = ?1 and template = ?2`
  )
    .bind(recipient, template)
    .first<{ n: number }>()
  return row?.n ?? -1
}

async function cartUpdatesFor(basketId: number): Promise<number> {
  const userKey = await marketingIdOf(testEnv.SESSION_SECRET, 1, basketId)
  const row = await env.DB.prepare(
    `select count(*) as n from marketing_events where kind = 'cart_update' and user_key = ?1`
  )
    .bind(userKey)
    .first<{ n: number }>()
  return row?.n ?? -1
}

describe('the basket and checkout marketing events', () => {
  it('the service down: the shopper checks out; each event is sent once when it is back', async () => {
    const iterable = provider((url) => url.startsWith(ITERABLE_API_ORIGIN))
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const draft = OrderSummarySchema.parse(
      await expectOk('/checkout/process-order', orderBody(ready), guest)
    )
    const cart = await effectsLike(`basket:${ready.basketId}:%:cart`)
    const started = await oneEffect(`checkout:${draft.businessOrderId}:started`)
    expect(cart).toHaveLength(1)
    const events = [...cart, started]
    for (const effect of events) {
      expect(await runEffect(bindings(ITERABLE), effectHandlers, effect.id, new Date())).toBe(
        'failed'
      )
    }
    iterable.up()
    for (const effect of events) {
      expect(await runEffect(bindings(ITERABLE), effectHandlers, effect.id, new Date())).toBe(
        'delivered'
      )
      // The queue delivers the message again: the event is done, nothing is sent.
      expect(await runEffect(bindings(ITERABLE), effectHandlers, effect.id, new Date())).toBe(
        'not_due'
      )
    }
    const sentTo = (endpoint: string) =>
      iterable.accepted.filter((call) => call.url === `${ITERABLE_API_ORIGIN}${endpoint}`)
    expect(sentTo(ITERABLE_ENDPOINTS.event)).toHaveLength(1)
    expect(String(sentTo(ITERABLE_ENDPOINTS.event)[0]?.init?.body)).toContain(
      `checkout-${draft.businessOrderId}`
    )
    // The draft leaves the basket active: its cart is sent as it is.
    expect(sentTo(ITERABLE_ENDPOINTS.cart_update)).toHaveLength(1)
  })

  it('the Worker stops right after the add commits: the cron sends the cart once', async () => {
    const stopping = stopsAfterTheBatch(env.DB)
    const add = AddBasketItemRequestSchema.parse({
      businessId: 1,
      storeId: STORES.main,
      fulfilmentMethod: 'collection',
      menuItem: { itemId: item.id, quantity: 1 },
    })
    const call = {
      db: stopping,
      now: new Date(),
      newBasketOwner: () => Promise.resolve({ brandId: null, customerId: null }),
    }
    // The answer comes from the add's own batch (ADR 065); the queue hand-off after it is what
    // the stop loses.
    const added = await addBasketItem(call, add)
    expect(added.lines.map((line) => line.quantity)).toEqual([1])
    const { results } = await env.DB.prepare(
      `select json_extract(payload_json, '$.basketId') as basketId from effects
       where kind = 'basket_cart_changed' and dispatched_at is null order by id desc limit 1`
    ).all<{ basketId: number }>()
    const basketId = results[0]?.basketId ?? 0
    expect(await cartUpdatesFor(basketId)).toBe(0)

    const swept = await sweepThenConsume(later())
    expect(swept.retried).toBe(0)
    expect(await cartUpdatesFor(basketId)).toBe(1)
    await deliverEffects()
    expect(await cartUpdatesFor(basketId)).toBe(1)
  })

  it('20 deliveries of one cart event at once send the cart once', async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const [cart] = await effectsLike(`basket:${ready.basketId}:%:cart`)
    if (!cart) throw new Error('no cart effect')
    await deliverTwentyAtOnce(cart.id)
    expect(await cartUpdatesFor(ready.basketId)).toBe(1)
  })
})

/** A referred friend's first delivered order; the referral not rewarded yet. */
async function referredFirstOrder() {
  const referrer = await memberWithDetails()
  const friend = await registerFriend(await codeOf(referrer))
  const friendId = Number(await memberIdOf(friend.email))
  const referral = await referralOf(friendId)
  if (!referral) throw new Error('no referral')
  return { referrer, friendEmail: friend.email, orderId: await orderOf(friendId), referral }
}

describe("a referral reward's emails", () => {
  it('the provider down: both are rewarded; each email goes once when it is back', async () => {
    const messaging = provider((url) => url === HTTP_MESSAGING.MESSAGING_API_URL)
    const pair = await referredFirstOrder()
    const withProvider = bindings(HTTP_MESSAGING)
    const reward = { businessId: BUSINESS_ID, orderId: pair.orderId }
    expect(await rewardReferral(withProvider, reward, NOW)).toBe('rewarded')
    const emails = await effectsLike(`referral:${pair.referral.id}:reward:%`)
    expect(emails).toHaveLength(2)
    for (const effect of emails) {
      expect(await runEffect(withProvider, effectHandlers, effect.id, NOW)).toBe('failed')
    }
    messaging.up()
    // A rerun of the reward (the settle redelivered) writes no email again.
    expect(await rewardReferral(withProvider, reward, NOW)).toBe('none')
    await deliverEffects({ env: withProvider })
    await deliverEffects({ env: withProvider })
    for (const effect of emails) {
      const sent = messaging.accepted.filter(
        (call) => idempotencyKeyOf(call.init) === effect.effect_key
      )
      expect(sent, effect.effect_key).toHaveLength(1)
    }
    const bodies = messaging.accepted.map((call) => String(call.init?.body))
    expect(bodies.filter((body) => body.includes(pair.referrer.email))).toHaveLength(1)
    expect(bodies.filter((body) => body.includes(pair.friendEmail))).toHaveLength(1)
  })

  it('the Worker stops right after the reward commits: the cron sends each email once', async () => {
    const pair = await referredFirstOrder()
    const stopping = { ...testEnv, DB: stopsAfterTheBatch(env.DB) }
    await rewardReferral(stopping, { businessId: BUSINESS_ID, orderId: pair.orderId }, NOW)
    expect(await referralOf(Number(await memberIdOf(pair.friendEmail)))).toMatchObject({
      status: 'rewarded',
    })
    expect(await emailsTo(pair.referrer.email, 'referral_reward')).toBe(0)

    expect((await sweepThenConsume(later())).retried).toBe(0)
    await deliverEffects()
    expect(await emailsTo(pair.referrer.email, 'referral_reward')).toBe(1)
    expect(await emailsTo(pair.friendEmail, 'referral_reward')).toBe(1)
  })

  it('20 deliveries of one reward email at once send it once', async () => {
    const pair = await referredFirstOrder()
    await rewardReferral(testEnv, { businessId: BUSINESS_ID, orderId: pair.orderId }, NOW)
    const toReferrer = await oneEffect(`referral:${pair.referral.id}:reward:referrer:email`)
    await deliverTwentyAtOnce(toReferrer.id)
    expect(await emailsTo(pair.referrer.email, 'referral_reward')).toBe(1)
  })
})

/** A member's paid cash order at the main store. */
async function memberOrder() {
  const member = await newMember()
  const { ready } = await memberBasket(member)
  const draft = await draftOf(member, ready)
  await payCash(draft)
  return { member, customerId: await customerIdOf(member.email), orderId: draft.orderId }
}

const goodwill = (orderId: number) => ({
  businessId: 1,
  storeId: STORES.main,
  orderId,
  amount: 250,
  kind: 'goodwill',
  reason: 'Late delivery',
})

const creditMessage = formatMessage('orderTrackingCreditReturned', '£2.50')

describe("the follow-ups of a manager's credit", () => {
  it('the provider down: the credit is given; the email goes once when it is back', async () => {
    const messaging = provider((url) => url === HTTP_MESSAGING.MESSAGING_API_URL)
    const order = await memberOrder()
    const key = crypto.randomUUID()
    const answer = await callBackend('/staff/orders/credit', goodwill(order.orderId), {
      bearer: manager.bearer,
      ip: freshIp(),
      bindings: { ...testEnv, ...HTTP_MESSAGING } as Env,
      headers: { 'idempotency-key': key },
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(await balanceOf(order.customerId)).toBe(250)
    const email = await oneEffect(`order:${order.orderId}:credit:${key}:email`)
    const withProvider = bindings(HTTP_MESSAGING)
    expect(await runEffect(withProvider, effectHandlers, email.id, new Date())).toBe('failed')

    messaging.up()
    await deliverEffects({ env: withProvider })
    await deliverEffects({ env: withProvider })
    const sent = messaging.accepted.filter(
      (call) => idempotencyKeyOf(call.init) === email.effect_key
    )
    expect(sent).toHaveLength(1)
    expect(String(sent[0]?.init?.body)).toContain(creditMessage)
  })

  it('the Worker stops right after the credit commits: the cron sends the email once', async () => {
    const order = await memberOrder()
    const staff = {
      staffId: manager.id,
      businessId: 1,
      storeId: STORES.main,
      roles: ['store_manager'] as const,
    }
    const request = { ...goodwill(order.orderId), kind: 'goodwill' as const }
    const key = crypto.randomUUID()
    const stopping = { ...bindings(), DB: stopsAfterTheBatch(env.DB) }
    await expect(giveStaffCredit(stopping, staff, request, key, new Date())).rejects.toThrow(
      'worker stopped'
    )
    expect(await balanceOf(order.customerId)).toBe(250)
    const email = await oneEffect(`order:${order.orderId}:credit:${key}:email`)
    expect(email.status).toBe('pending')

    const swept = await sweepThenConsume(later())
    expect(swept.handedOn).toContain(email.id)
    expect((await oneEffect(`order:${order.orderId}:credit:${key}:email`)).status).toBe('delivered')
    const emails = await shopperEmails(order.member.email)
    expect(emails.map((sent) => sent.message)).toEqual([creditMessage])
  })

  it('20 deliveries of one credit email at once send it once', async () => {
    const order = await memberOrder()
    const key = crypto.randomUUID()
    const answer = await callBackend('/staff/orders/credit', goodwill(order.orderId), {
      bearer: manager.bearer,
      ip: freshIp(),
      headers: { 'idempotency-key': key },
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const email = await oneEffect(`order:${order.orderId}:credit:${key}:email`)
    await deliverTwentyAtOnce(email.id)
    expect(await emailsTo(order.member.email, 'order_status')).toBe(1)
  })
})

import { TokenResponseSchema } from '../../../schemas/auth.ts'
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { MemberReferralsSchema, ReferralOfferSchema } from '../../../schemas/referrals.ts'
import { referralPromise } from '../../../client/components/referrals/referral-promise.ts'
import { insertRow, referralScheme } from '../../support/workers/seed.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { call, expectError, freshIp, seedCatalogue, testEnv } from '../auth/fixtures.ts'
import {
  BUSINESS_ID,
  codeOf,
  customerIdOf,
  decisionsOf,
  memberWithDetails,
  NOW,
  orderOf,
  referralCredit,
  referralOf,
  registerFriend,
  reward,
  send,
} from './fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

const verify = (referralCode: string) =>
  call('/member/referral-code/verify', { businessId: BUSINESS_ID, referralCode })

/** A referrer and a friend registered with their code; answers both ids. */
async function referredPair(overrides: Record<string, unknown> = {}) {
  const referrer = await memberWithDetails()
  const { answer, email } = await registerFriend(await codeOf(referrer), overrides)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  const friendId = Number(await customerIdOf(email))
  const referral = await referralOf(friendId)
  if (!referral) throw new Error('no referral row')
  return { referrer, friendId, referral, answer }
}

describe('offer and codes', () => {
  it('answers the demo offer to anyone', async () => {
    const answer = await send('GET', '/referrals/offer', { businessId: BUSINESS_ID })
    expect(ReferralOfferSchema.parse(answer.json)).toEqual({
      active: true,
      rewardAmount: 500,
      monthlyCap: 10,
    })
  })

  it('is public and cached by the shop’s proxy', async () => {
    const ctx = createExecutionContext()
    const first = await createApp().request('http://localhost/api/referrals/offer', {}, env, ctx)
    await waitOnExecutionContext(ctx)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    expect(ReferralOfferSchema.parse(await first.json()).rewardAmount).toBe(500)
  })

  it('gives a member one readable code, not made from their name, and its share path', async () => {
    const m = await memberWithDetails()
    const first = await send('GET', '/member/referrals', { businessId: BUSINESS_ID }, m.bearer)
    const answer = MemberReferralsSchema.parse(first.json)
    expect(answer.referralCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(answer.sharePath).toBe(`/referrer?code=${answer.referralCode}`)
    expect(await codeOf(m)).toBe(answer.referralCode)
  })

  it('verifies a live code and refuses an unknown one word for word', async () => {
    const m = await memberWithDetails()
    const code = await codeOf(m)
    const ok = await verify(code.toLowerCase())
    expect(ok.json).toEqual({
      valid: true,
      referralCode: code,
      referrerFirstName: m.firstName,
      rewardAmount: 500,
    })
    const bad = await verify('ZZZZ9999')
    expectError(bad, 422, 'Referral code entered does not exist or is not valid')
    expect(JSON.stringify(bad.json)).toContain('"field":"referralCode"')
  })
})

describe('one promise', () => {
  it('the demo FAQ states the offer as the pages do, with the amount the reward pays', async () => {
    const offer = ReferralOfferSchema.parse(
      (await send('GET', '/referrals/offer', { businessId: BUSINESS_ID })).json
    )
    const faq = await env.DB.prepare(
      `select answer from faqs where business_id = ?1 and question = 'How does refer a friend work?'`
    )
      .bind(BUSINESS_ID)
      .first<{ answer: string }>()
    expect(faq?.answer).toContain(referralPromise(offer.rewardAmount))
  })

  it('tells a friend whose invitation they joined with, and no one else', async () => {
    const { referrer, answer } = await referredPair()
    const friendBearer = TokenResponseSchema.parse(answer.json).access_token
    const friend = MemberReferralsSchema.parse(
      (await send('GET', '/member/referrals', { businessId: BUSINESS_ID }, friendBearer)).json
    )
    expect(friend.invitedBy).toEqual({
      referralCode: await codeOf(referrer),
      firstName: referrer.firstName,
      status: 'pending',
    })
    const own = MemberReferralsSchema.parse(
      (await send('GET', '/member/referrals', { businessId: BUSINESS_ID }, referrer.bearer)).json
    )
    expect(own.invitedBy).toBeNull()
  })
})

describe('verify is a guest lookup', () => {
  it('is rate limited per shopper like the registration-status check', async () => {
    const bindings = { ...testEnv, AUTH_LIMITER: countingLimiter(WRANGLER_LIMITS.AUTH_LIMITER) }
    const ip = freshIp()
    const statuses: Array<number> = []
    for (let i = 0; i <= WRANGLER_LIMITS.AUTH_LIMITER; i++) {
      const answer = await callBackend(
        '/member/referral-code/verify',
        { businessId: BUSINESS_ID, referralCode: `GUESS${String(i).padStart(3, '0')}` },
        { ip, bindings }
      )
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, -1).every((status) => status === 422)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('registration with a code', () => {
  it('records a pending referral and its accepted decision', async () => {
    const { referral, answer } = await referredPair()
    expect(referral.status).toBe('pending')
    // The friend is told the invitation counts.
    expect(TokenResponseSchema.parse(answer.json).referral).toBe('accepted')
    expect(await decisionsOf(referral.id)).toEqual([
      { decision: 'accepted', reason: 'registered_with_code' },
    ])
  })

  it('creates nothing with a bad code', async () => {
    const { answer, email } = await registerFriend('NOPE0000')
    expectError(answer, 422, MESSAGES.referralCodeInvalid)
    expect(await customerIdOf(email)).toBeNull()
  })

  it('refuses a friend sharing the email (gmail written another way), phone or device', async () => {
    const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`
    const gmail = await memberWithDetails({ email: `jo.bloggs${tag}@gmail.com` })
    const byEmail = await registerFriend(await codeOf(gmail), {
      email: `jobloggs${tag}+again@googlemail.com`,
    })
    const byPhone = await registerFriend(await codeOf(gmail), { phone: gmail.phone })
    // The browser the referrer registered on, and the one they ordered from.
    const registeredOn = await memberWithDetails({ messagingDeviceId: `web-reg-${tag}` })
    const byDevice = await registerFriend(await codeOf(registeredOn), {
      messagingDeviceId: `web-reg-${tag}`,
    })
    const orderedOn = await memberWithDetails()
    await orderOf(orderedOn.customerId, { deviceId: `web-order-${tag}` })
    const byOrderDevice = await registerFriend(await codeOf(orderedOn), {
      messagingDeviceId: `web-order-${tag}`,
    })
    for (const [registered, reason] of [
      [byEmail, 'same_email'],
      [byPhone, 'same_phone'],
      [byDevice, 'same_device'],
      [byOrderDevice, 'same_device'],
    ] as const) {
      expect(registered.answer.status, reason).toBe(200)
      // The friend is told it cannot earn a reward, never which signal matched.
      expect(registered.answer.json, reason).toMatchObject({ referral: 'refused' })
      expect(JSON.stringify(registered.answer.json)).not.toContain(reason)
      expect(await customerIdOf(registered.email), reason).not.toBeNull()
      const referral = await referralOf(Number(await customerIdOf(registered.email)))
      expect(referral?.status).toBe('cancelled')
      expect(await decisionsOf(Number(referral?.id))).toEqual([{ decision: 'refused', reason }])
    }
  })
})

describe('the reward', () => {
  it("rewards both once on the friend's first delivered order, never again", async () => {
    const { referrer, friendId, referral } = await referredPair()
    const first = await orderOf(friendId)
    expect(await reward(first)).toBe('rewarded')
    expect(await reward(first)).toBe('none')
    expect(await reward(await orderOf(friendId))).toBe('none')
    expect(await referralCredit(referrer.customerId)).toEqual([
      {
        amount: 500,
        reference: `referral:${referral.id}:referrer`,
        description: "Your friend's first order was delivered",
      },
    ])
    expect((await referralCredit(friendId)).map((e) => e.reference)).toEqual([
      `referral:${referral.id}:friend`,
    ])
    expect(await referralOf(friendId)).toMatchObject({
      status: 'rewarded',
      qualifying_order_id: first,
    })
    expect((await decisionsOf(referral.id)).map((d) => d.decision)).toEqual([
      'accepted',
      'rewarded',
    ])
    const mine = await send(
      'GET',
      '/member/referrals',
      { businessId: BUSINESS_ID },
      referrer.bearer
    )
    expect(MemberReferralsSchema.parse(mine.json)).toMatchObject({
      earned: 500,
      friends: [{ firstName: 'Fenella', status: 'rewarded' }],
    })
  })

  it('does not reward an order that is not delivered', async () => {
    const { friendId } = await referredPair()
    expect(await reward(await orderOf(friendId, { status: 'cancelled' }))).toBe('none')
    expect((await referralOf(friendId))?.status).toBe('pending')
  })

  it('refuses at reward time a shared card or delivery address', async () => {
    const tag = `${Date.now()}`
    const byCard = await referredPair()
    const card = {
      gateway: 'frames',
      brand: 'visa',
      last4: '4242',
      expiryMonth: 9,
      expiryYear: 2031,
    }
    await env.DB.batch([
      insertRow(env.DB, 'saved_cards', {
        ...card,
        customerId: byCard.referrer.customerId,
        token: `a${tag}`,
      }),
      insertRow(env.DB, 'saved_cards', { ...card, customerId: byCard.friendId, token: `b${tag}` }),
    ])
    expect(await reward(await orderOf(byCard.friendId))).toBe('refused')
    const byAddress = await referredPair()
    await insertRow(env.DB, 'customer_addresses', {
      customerId: byAddress.referrer.customerId,
      type: 'delivery',
      addressLine1: `7 Shared Lane ${tag}`,
      town: 'Manchester',
      postcode: 'M4 1AA',
    }).run()
    const order = await orderOf(byAddress.friendId, {
      line1: `7, shared lane ${tag}`,
      postcode: 'm41aa',
    })
    expect(await reward(order)).toBe('refused')
    for (const [pair, reason] of [
      [byCard, 'same_card'],
      [byAddress, 'same_address'],
    ] as const) {
      expect((await referralOf(pair.friendId))?.status).toBe('cancelled')
      expect((await decisionsOf(pair.referral.id)).at(-1)).toEqual({ decision: 'refused', reason })
      expect(await referralCredit(pair.friendId)).toEqual([])
    }
  })

  it('stops at the monthly cap and starts again next month', async () => {
    await referralScheme(env.DB, { businessId: BUSINESS_ID, monthlyCap: 1 }).run()
    try {
      const referrer = await memberWithDetails()
      const code = await codeOf(referrer)
      const friends: Array<number> = []
      for (let i = 0; i < 3; i++) {
        const { email } = await registerFriend(code)
        friends.push(Number(await customerIdOf(email)))
      }
      const [a, b, c] = friends as [number, number, number]
      expect(await reward(await orderOf(a), new Date('2026-11-30T23:30:00Z'))).toBe('rewarded')
      expect(await reward(await orderOf(b), new Date('2026-11-30T23:59:00Z'))).toBe('refused')
      expect((await decisionsOf(Number((await referralOf(b))?.id))).at(-1)?.reason).toBe(
        'monthly_cap'
      )
      expect(await reward(await orderOf(c), new Date('2026-12-01T00:00:00Z'))).toBe('rewarded')
    } finally {
      await referralScheme(env.DB, { businessId: BUSINESS_ID }).run()
    }
  })

  it('shows a forgotten friend as "A friend" and keeps no name in referral text', async () => {
    const { referrer, friendId } = await referredPair()
    await reward(await orderOf(friendId))
    await env.DB.prepare(
      `update customers set first_name = '', last_name = '', status = 'forgotten' where id = ?1`
    )
      .bind(friendId)
      .run()
    const mine = await send(
      'GET',
      '/member/referrals',
      { businessId: BUSINESS_ID },
      referrer.bearer
    )
    expect(MemberReferralsSchema.parse(mine.json).friends[0]?.firstName).toBe('A friend')
    const texts = await env.DB.prepare(
      `select reason as text from referral_decisions
       union all select description from customer_credit_ledger where kind = 'referral_reward'`
    ).all<{ text: string }>()
    expect(texts.results.some((row) => row.text.includes('Fenella'))).toBe(false)
  })
})

describe('checkout referral ids', () => {
  it("keeps only the member's own pending referrer", async () => {
    const { checkoutReferrer } = await import('../../../worker/backend/referrals/service.ts')
    const { referrer, friendId } = await referredPair()
    const stranger = await memberWithDetails()
    // The refusal is a statement of the draft's batch (ADR 069): nothing is written until it runs.
    const refused = await checkoutReferrer(env.DB, BUSINESS_ID, friendId, stranger.customerId, NOW)
    expect(refused.referrer).toBe(referrer.customerId)
    expect(refused.decisions).toHaveLength(1)
    const own = await checkoutReferrer(env.DB, BUSINESS_ID, friendId, undefined, NOW)
    expect(own).toEqual({ referrer: referrer.customerId, decisions: [] })
    const guest = await checkoutReferrer(env.DB, BUSINESS_ID, null, stranger.customerId, NOW)
    expect(guest.referrer).toBeNull()
    const decided = () =>
      env.DB.prepare(
        `select decision, reason from referral_decisions
         where customer_id = ?1 and referral_id is null`
      )
        .bind(friendId)
        .all<{ decision: string; reason: string }>()
    expect((await decided()).results).toEqual([])
    await env.DB.batch(refused.decisions)
    expect((await decided()).results).toEqual([
      { decision: 'refused', reason: 'checkout_referrer_not_own' },
    ])
  })
})

import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { DataExportSchema } from '../../../schemas/member-profile.ts'
import { earnPoints } from '../../../worker/backend/loyalty/order-points.ts'
import { requestForgetMe } from '../../../worker/backend/member/privacy/service.ts'
import { insertRow } from '../../support/workers/seed.ts'
import {
  BUSINESS,
  BUSINESS_ID,
  call,
  depsAt,
  expectError,
  lastCodeTo,
  memberWithDetails,
  otherCode,
  seedCatalogue,
  send,
} from './profile-fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

type Member = Awaited<ReturnType<typeof memberWithDetails>>

let orderCounter = 0
/** An order of the member (or a guest order with their email when customerId is null). */
function order(m: Member, customerId: number | null, status = 'delivered') {
  orderCounter += 1
  return insertRow(env.DB, 'orders', {
    businessId: BUSINESS_ID,
    storeId: 1,
    customerId,
    businessOrderId: `PRIV-${Date.now()}-${orderCounter}`,
    status,
    statusCode: status === 'delivered' ? 100 : status === 'en_route' ? 80 : null,
    fulfilmentMethod: 'delivery',
    fulfilmentTiming: 'asap',
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    phone: m.phone,
    deliveryAddressJson: JSON.stringify({
      addressLine1: `1 ${m.lastName} Street`,
      postcode: 'M1 1AE',
    }),
    instructions: `Ring ${m.firstName}`,
    subtotal: 1234,
    originalTotal: 1234,
    total: 1234,
  })
}

/** Everything a member leaves behind: addresses, a card, orders, a review, a device, sign-ups. */
async function memberWithHistory(): Promise<Member> {
  const m = await memberWithDetails()
  const owned = { customerId: m.customerId }
  await env.DB.batch([
    insertRow(env.DB, 'customer_addresses', {
      ...owned,
      type: 'delivery',
      name: 'Home',
      firstName: m.firstName,
      lastName: m.lastName,
      addressLine1: `1 ${m.lastName} Street`,
      town: 'Manchester',
      postcode: 'M1 1AE',
      phone: m.phone,
    }),
    insertRow(env.DB, 'saved_cards', {
      ...owned,
      gateway: 'realex',
      token: `payer-${m.customerId}:card`,
      brand: 'visa',
      last4: '5262',
      expiryMonth: 12,
      expiryYear: 2030,
      cardholderName: `${m.firstName} ${m.lastName}`,
    }),
    order(m, m.customerId),
    order(m, null),
    insertRow(env.DB, 'devices', {
      ...owned,
      businessId: BUSINESS_ID,
      messagingDeviceId: `device-${m.customerId}`,
      deviceName: `${m.firstName}'s phone`,
    }),
    insertRow(env.DB, 'newsletter_signups', { businessId: BUSINESS_ID, email: m.email }),
    insertRow(env.DB, 'contact_requests', {
      ...owned,
      businessId: BUSINESS_ID,
      subject: 'order',
      message: `Hello, this is ${m.firstName}`,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      phone: m.phone,
    }),
  ])
  const orderId = (
    await env.DB.prepare('select id from orders where customer_id = ?1')
      .bind(m.customerId)
      .first<{ id: number }>()
  )?.id
  // Loyalty points for the delivered order: the points history stays, naming no one.
  await earnPoints(env.DB, orderId ?? 0, new Date())
  const points = env.DB.prepare(
    'select count(*) as n from loyalty_transactions where order_id = ?1'
  )
  expect(await points.bind(orderId).first('n')).toBe(1)
  await insertRow(env.DB, 'reviews', {
    ...owned,
    orderId,
    starRating: 4,
    comment: `Lovely, ${m.firstName}`,
  }).run()
  const prefs = await send('GET', '/member/marketing-preferences', BUSINESS, m.bearer)
  const sms = (
    prefs.json as { channels: Array<{ channel: string; marketingChannelId: number }> }
  ).channels.find((c) => c.channel === 'sms')
  await send(
    'PUT',
    '/member/marketing-preferences',
    {
      ...BUSINESS,
      marketingOptions: [{ marketingChannelId: sms?.marketingChannelId, optedIn: true }],
    },
    m.bearer
  )
  return m
}

const requestCode = async (m: Member) => {
  expect((await call('/member/forget-me/request', BUSINESS, { bearer: m.bearer })).status).toBe(200)
  return lastCodeTo(m.email, 'forget_me_code')
}
const confirm = (m: Member, confirmationCode: string) =>
  call('/member/forget-me/confirm', { ...BUSINESS, confirmationCode }, { bearer: m.bearer })

/** Every (table, column, value) of a text column holding one of the terms, case-insensitive. */
async function findPersonalData(terms: ReadonlyArray<string>): Promise<Array<string>> {
  const { results: tables } = await env.DB.prepare(
    `select name from sqlite_master where type = 'table'
       and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'
       -- The payment sandboxes stand in for the gateways' own systems (erased through the adapter).
       and name not like 'sandbox_%' and name not like '%_fts%'`
  ).all<{ name: string }>()
  const statements: Array<D1PreparedStatement> = []
  for (const { name } of tables) {
    const { results: columns } = await env.DB.prepare(
      `select name, type from pragma_table_info(?1)`
    )
      .bind(name)
      .all<{ name: string; type: string }>()
    for (const { name: column } of columns.filter((c) => c.type.toLowerCase() === 'text')) {
      const where = terms.map((_, i) => `instr(lower("${column}"), ?${i + 1}) > 0`).join(' or ')
      statements.push(
        env.DB.prepare(
          `select '${name}.${column}' as at, "${column}" as v from "${name}" where ${where} limit 1`
        ).bind(...terms.map((t) => t.toLowerCase()))
      )
    }
  }
  const answers = await env.DB.batch<{ at: string; v: string }>(statements)
  const found = answers.flatMap((answer) => answer.results.map(({ at, v }) => `${at}: ${v}`))
  return found
}

describe('forget me', () => {
  it('refuses a wrong code (counting it) and an expired one, erasing nothing', async () => {
    const m = await memberWithHistory()
    const code = await requestCode(m)
    expectError(await confirm(m, otherCode(code)), 422, MESSAGES.codeIncorrect)

    // A code issued 31 minutes ago (the clock pinned back) has expired.
    await requestForgetMe(depsAt(new Date(Date.now() - 31 * 60 * 1000)), {
      businessId: BUSINESS_ID,
      customerId: m.customerId,
    })
    const expired = await lastCodeTo(m.email, 'forget_me_code')
    expectError(await confirm(m, expired), 422, MESSAGES.otpExpired)
    expect((await findPersonalData([m.email])).length).toBeGreaterThan(0)
    expect((await send('GET', '/member/profile', BUSINESS, m.bearer)).status).toBe(200)
  })

  it('waits while an order is on its way', async () => {
    const m = await memberWithDetails()
    await order(m, m.customerId, 'en_route').run()
    expectError(
      await call('/member/forget-me/request', BUSINESS, { bearer: m.bearer }),
      409,
      MESSAGES.forgetMeOrderInProgress
    )
  })

  it("erases the member's name, email and phone from every table and ends every session", async () => {
    const m = await memberWithHistory()
    const refresh = (
      await call('/oauth/token', {
        grant_type: 'password',
        businessId: BUSINESS_ID,
        username: m.email,
        password: 'correct horse battery',
      })
    ).json as { refresh_token: string }
    const code = await requestCode(m)
    const answer = await confirm(m, code)
    expect(answer).toEqual({ status: 200, json: { forgotten: true } })

    expect(await findPersonalData([m.email, m.firstName, m.lastName, m.phone])).toEqual([])

    // The accounting record and the rating stay, without the person.
    const kept = await env.DB.prepare(
      `select o.subtotal, o.email, r.star_rating, r.comment, r.customer_id
       from orders o join reviews r on r.order_id = o.id where o.customer_id = ?1`
    )
      .bind(m.customerId)
      .first()
    expect(kept).toEqual({
      subtotal: 1234,
      email: '',
      star_rating: 4,
      comment: null,
      customer_id: null,
    })
    // They were told before the erasure (the message keeps only its kind).
    const farewell = await env.DB.prepare(
      `select recipient from outbox where template = 'account_forgotten' order by id desc`
    ).first<{ recipient: string }>()
    expect(farewell?.recipient).toBe('erased')

    // Cannot sign in again, and every token is dead.
    expectError(
      await call('/oauth/token', {
        grant_type: 'password',
        businessId: BUSINESS_ID,
        username: m.email,
        password: 'correct horse battery',
      }),
      401,
      MESSAGES.loginFailed
    )
    expect((await send('GET', '/member/profile', BUSINESS, m.bearer)).status).toBe(401)
    const refreshed = await call('/oauth/token', {
      grant_type: 'refresh_token',
      businessId: BUSINESS_ID,
      refresh_token: refresh.refresh_token,
    })
    expect(refreshed.status).toBe(401)
  }, 30_000)
})

describe('data export', () => {
  it("answers the caller's data only, and 401 without a member token", async () => {
    const a = await memberWithHistory()
    const b = await memberWithHistory()
    const answer = await send('GET', '/member/data-export', BUSINESS, a.bearer)
    expect(answer.status).toBe(200)
    const data = DataExportSchema.parse(answer.json)
    expect(data.profile).toMatchObject({ email: a.email, firstname: a.firstName })
    expect(data.addresses).toHaveLength(1)
    // Their own order and the guest order placed with their email.
    expect(data.orders).toHaveLength(2)
    expect(data.savedCards).toEqual([expect.objectContaining({ last4: '5262' })])
    expect(data.reviews).toEqual([expect.objectContaining({ starRating: 4 })])
    expect(data.marketing.history).toEqual([
      expect.objectContaining({ channel: 'sms', optedIn: true }),
    ])
    // Their points for the delivered order, their store credit, and no referral code yet.
    expect(data.loyalty.history).toEqual([expect.objectContaining({ kind: 'earn' })])
    expect(data.loyalty.credit.balance).toBe(0)
    expect(data.referralCode).toBeNull()
    const text = JSON.stringify(answer.json)
    for (const term of [b.email, b.firstName, b.lastName, b.phone]) expect(text).not.toContain(term)
    // The gateway's card reference is ours, not the shopper's to carry around.
    expect(text).not.toContain('payer-')

    expectError(await send('GET', '/member/data-export', BUSINESS), 401, MESSAGES.loginRequired)
  })
})

import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { MemberReferralsSchema } from '../../../schemas/referrals.ts'
import { rewardReferral } from '../../../worker/backend/referrals/reward.ts'
import { insertRow } from '../../support/workers/seed.ts'
import { call, NEW_MEMBER, testEnv, uniqueEmail } from '../auth/fixtures.ts'
import { BUSINESS_ID, memberWithDetails, send } from '../member/profile-fixtures.ts'

export { BUSINESS_ID, memberWithDetails, send }

export type Member = Awaited<ReturnType<typeof memberWithDetails>>

/** The member's referral code (GET /member/referrals makes it). */
export async function codeOf(m: Member): Promise<string> {
  const answer = await send('GET', '/member/referrals', { businessId: BUSINESS_ID }, m.bearer)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return MemberReferralsSchema.parse(answer.json).referralCode
}

/** Registers a friend with a code; answers the call and the friend's email. */
export async function registerFriend(code: string, overrides: Record<string, unknown> = {}) {
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail('friend')
  const answer = await call('/auth/register', {
    businessId: BUSINESS_ID,
    ...NEW_MEMBER,
    phone: undefined,
    firstName: 'Fenella',
    referralCode: code,
    ...overrides,
    email,
  })
  return { answer, email }
}

export async function customerIdOf(email: string): Promise<number | null> {
  const row = await env.DB.prepare('select id from customers where email = ?1')
    .bind(email)
    .first<{ id: number }>()
  return row?.id ?? null
}

export async function referralOf(refereeId: number) {
  return env.DB.prepare('select * from referrals where referee_customer_id = ?1')
    .bind(refereeId)
    .first<{ id: number; status: string; qualifying_order_id: number | null }>()
}

export async function decisionsOf(referralId: number) {
  const { results } = await env.DB.prepare(
    'select decision, reason from referral_decisions where referral_id = ?1 order by id'
  )
    .bind(referralId)
    .all<{ decision: string; reason: string }>()
  return results
}

let orderCounter = 0
/** An order of a member, delivered unless told, to the given address. */
export async function orderOf(
  customerId: number,
  options: { status?: string; line1?: string; postcode?: string; deviceId?: string } = {}
): Promise<number> {
  orderCounter += 1
  const status = options.status ?? 'delivered'
  const row = await insertRow(env.DB, 'orders', {
    businessId: BUSINESS_ID,
    storeId: 1,
    customerId,
    businessOrderId: `REF-${Date.now()}-${orderCounter}`,
    status,
    statusCode: status === 'delivered' ? 100 : null,
    fulfilmentMethod: 'delivery',
    fulfilmentTiming: 'asap',
    firstName: 'Someone',
    lastName: 'Else',
    email: `order${orderCounter}.${Date.now()}@example.com`,
    deliveryAddressJson: JSON.stringify({
      addressLine1: options.line1 ?? `${orderCounter} Unique Road ${Date.now()}`,
      postcode: options.postcode ?? 'M1 1AE',
    }),
    messagingDeviceId: options.deviceId ?? null,
    subtotal: 1000,
    originalTotal: 1000,
    total: 1000,
  }).run()
  return Number(row.meta.last_row_id)
}

export const NOW = new Date('2026-11-20T12:00:00Z')

export function reward(orderId: number, now: Date = NOW) {
  return rewardReferral(testEnv, { businessId: BUSINESS_ID, orderId }, now)
}

export async function referralCredit(customerId: number) {
  const { results } = await env.DB.prepare(
    `select amount, reference, description from customer_credit_ledger
     where customer_id = ?1 and kind = 'referral_reward'`
  )
    .bind(customerId)
    .all<{ amount: number; reference: string; description: string }>()
  return results
}

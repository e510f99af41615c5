import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  actOk,
  cashOrder,
  inMinutes,
  type SignedInStaff,
  storeTeam,
  STORES,
  finishPicking,
} from '../store-orders/fixtures.ts'
import {
  codeOf,
  customerIdOf,
  memberWithDetails,
  referralCredit,
  referralOf,
  registerFriend,
} from './fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'

/*
 * The reward through the store console: the effect of 'collected' (one line in store-orders
 * effectsOf) rewards the referral of the member whose order it is, and emails both of them.
 */

const STORE = STORES.main
let manager: SignedInStaff
let picker: SignedInStaff

beforeAll(async () => {
  ;({ manager, picker } = await storeTeam())
})

/** The reward emails sent to `email` (once the outbox has sent them, ADR 037). */
async function rewardEmailsTo(email: string) {
  await deliverEffects()
  const { results } = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = 'referral_reward'`
  )
    .bind(email)
    .all<{ payload_json: string }>()
  return results.map((row) => JSON.parse(row.payload_json) as Record<string, unknown>)
}

describe('a referred member’s first order collected', () => {
  it('credits both, marks the referral rewarded and emails each without the other’s name', async () => {
    const referrer = await memberWithDetails()
    const { email } = await registerFriend(await codeOf(referrer))
    const friendId = Number(await customerIdOf(email))
    const order = await cashOrder('collection')
    // The checkout fixtures order as a guest; the order becomes the friend's member order.
    await env.DB.prepare('update orders set customer_id = ?1 where id = ?2')
      .bind(friendId, order.orderId)
      .run()
    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(15),
    })
    await finishPicking(picker.bearer, STORE, order.orderId)
    await actOk(picker.bearer, STORE, order.orderId, 'picked', { type: 'ready_for_collection' })
    await actOk(picker.bearer, STORE, order.orderId, 'picked', { type: 'collected' })

    expect(await referralOf(friendId)).toMatchObject({
      status: 'rewarded',
      qualifying_order_id: order.orderId,
    })
    expect((await referralCredit(referrer.customerId)).map((e) => e.amount)).toEqual([500])
    expect((await referralCredit(friendId)).map((e) => e.amount)).toEqual([500])
    const [toReferrer] = await rewardEmailsTo(referrer.email)
    const [toFriend] = await rewardEmailsTo(email)
    expect(toReferrer).toMatchObject({ role: 'referrer', amount: '£5.00' })
    expect(toFriend).toMatchObject({ role: 'friend', firstName: 'Fenella' })
    expect(JSON.stringify(toReferrer)).not.toContain('Fenella')
    expect(JSON.stringify(toFriend)).not.toContain(referrer.firstName)
  })
})

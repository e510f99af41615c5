import { createScheduledController, env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { StaffChallengeSchema, StaffInvitedSchema } from '../../../schemas/staff.ts'
import { beginMove, endMove } from '../../../worker/backend/directory/repo.ts'
import { indexShardKeys, sweepShardKeys } from '../../../worker/backend/directory/keys-repo.ts'
import worker from '../../../worker/index.ts'
import { RETENTION_CRON } from '../../../worker/scheduled.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'
import { fakeQueue } from '../../support/workers/effects.ts'
import { directory, place, secondShard } from '../../support/workers/shards.ts'
import { errorOf, PASSWORD, registerMember, testEnv, TEST_SECRETS } from '../auth/fixtures.ts'
import { callWith, makePayment, paymentBody, payOnSandbox, resultOf } from '../payments/fixtures.ts'
import { SUCCESS_CARD } from '../payments/paid-fixtures.ts'
import { lastMessage, seedStaff, signIn, staffTokensOf } from '../staff/fixtures.ts'
import { placeDraft, seedCheckout } from '../store-orders/fixtures.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { tokenOf } from '../tracking/fixtures.ts'

/*
 * ADR 056: calls that arrive with a key and no business find the business, and its shard, by the
 * key: the tracking link's, an invitation's and a password reset's tokens carry it (ADR 063), the
 * gateway's order reference and a staff email are in the directory's key index, written as the
 * shard's row is. The business is on SHARD_2 and the
 * Worker's DB is the first shard, which holds nothing of it: a call that looked on DB would not
 * find the order, the payment or the account.
 */

const workerEnv: Env = { ...testEnv }
let shard2: D1Database

beforeAll(async () => {
  shard2 = await secondShard()
  await place(1, 'SHARD_2')
  env.DB = shard2
  await seedCheckout(shard2)
}, 120_000)

/** A backend call as it arrives from outside: no businessId, only what the body carries. */
const keyOnly = (path: string, body: Record<string, unknown>) => callWith(workerEnv, path, body)

async function orders(db: D1Database): Promise<number> {
  const row = await db.prepare('select count(*) as n from orders').first<{ n: number }>()
  return row?.n ?? -1
}

describe('a signed tracking link alone', () => {
  it('opens the order and its receipt on the second shard: the token names its business', async () => {
    const email = `keys.${crypto.randomUUID()}@example.com`
    const draft = await placeDraft('delivery', 'paymentCash', email)
    const paid = await callWith(
      { ...workerEnv, EFFECTS: fakeQueue() },
      '/payments/make',
      paymentBody(draft, {
        paymentMethod: 'paymentCash',
        paymentGateway: 'cash',
        cashConfirmed: true,
      })
    )
    expect(resultOf(paid).status).toBe('succeeded')
    await deliverEffects()
    const sent = await shard2
      .prepare(`select payload_json from outbox where recipient = ?1`)
      .bind(email)
      .first<{ payload_json: string }>()
    const path = String(
      (JSON.parse(sent?.payload_json ?? '{}') as Record<string, unknown>).trackingPath
    )
    const orderNumber = decodeURIComponent(new URL(path, 'https://localhost').pathname.slice(7))

    const tracked = await keyOnly('/tracking/order', { orderNumber, token: tokenOf(path) })
    expect(tracked.status, JSON.stringify(tracked.json)).toBe(200)
    expect(tracked.json).toMatchObject({ orderNumber })
    const receipt = await keyOnly('/tracking/receipt', { orderNumber, token: tokenOf(path) })
    expect(receipt.status, JSON.stringify(receipt.json)).toBe(200)
    expect(receipt.json).toMatchObject({ orderId: orderNumber })
    expect(await orders(workerEnv.DB)).toBe(0)
  })

  it('of a business no shard has, or malformed, is the normal not found', async () => {
    const stranger = await signTrackingToken(
      TEST_SECRETS.SESSION_SECRET,
      { businessId: 999, orderId: 1 },
      new Date(Date.now() + 86_400_000)
    )
    for (const token of [stranger, 'not-a-token']) {
      const answer = await keyOnly('/tracking/order', { orderNumber: 'CF-1', token })
      expect(answer.status, JSON.stringify(answer.json)).toBe(404)
      expect(errorOf(answer).message).toBe(MESSAGES.orderNotFound)
    }
  })
})

describe("a gateway's answer by its order reference alone", () => {
  it('confirms the order on the second shard: the reference was indexed as the attempt began', async () => {
    const draft = await placeDraft(
      'delivery',
      'paymentCard',
      `card.${crypto.randomUUID()}@example.com`
    )
    const started = await makePayment(paymentBody(draft))
    const hppResponse = await payOnSandbox(started.redirect!, SUCCESS_CARD)
    const keys = await directory()
      .prepare(`select business_id from business_keys where kind = 'gateway_order'`)
      .all<{ business_id: number }>()
    expect(keys.results.map((row) => row.business_id)).toContain(1)

    const answer = await keyOnly('/checkout/hpp/consumer-data', { hppResponse })

    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(resultOf(answer).status).toBe('succeeded')
    const order = await shard2
      .prepare('select status from orders where id = ?1')
      .bind(draft.orderId)
      .first<{ status: string }>()
    expect(order?.status).not.toBe('draft')
  })

  it('whose reference the directory does not know is the normal not found, and changes nothing', async () => {
    const forged = JSON.stringify({ ORDER_ID: btoa('NOT-A-REFERENCE-1'), RESULT: btoa('00') })
    const answer = await keyOnly('/checkout/hpp/consumer-data', { hppResponse: forged })
    expect(answer.status, JSON.stringify(answer.json)).toBe(404)
    expect(errorOf(answer).message).toBe(MESSAGES.paymentNotFound)
  })
})

describe('a staff sign-in by email alone', () => {
  it('finds the business of an invited account, whose email was indexed with the invitation', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const email = `invitee.${crypto.randomUUID()}@example.com`
    const invited = await callWith(
      workerEnv,
      '/staff/invitations',
      { businessId: 1, name: 'Pat Picker', email, role: 'picker', storeIds: [1] },
      operator.access_token
    )
    expect(invited.status, JSON.stringify(invited.json)).toBe(200)
    StaffInvitedSchema.parse(invited.json)
    const { token = '' } = await lastMessage(email, 'staff_invitation')
    const accepted = await callWith(workerEnv, '/staff/invitations/accept', {
      businessId: 1,
      token,
      password: PASSWORD,
    })
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200)

    const first = await keyOnly('/staff/auth/sign-in', {
      email: email.toUpperCase(),
      password: PASSWORD,
    })

    expect(first.status, JSON.stringify(first.json)).toBe(200)
    const challenge = StaffChallengeSchema.parse(first.json)
    expect(challenge.businessId).toBe(1)
    const { code = '' } = await lastMessage(email, 'staff_sign_in_code')
    staffTokensOf(
      await callWith(workerEnv, '/staff/auth/token', {
        grant_type: 'code',
        businessId: challenge.businessId,
        challengeId: challenge.challengeId,
        code,
      })
    )
  })

  it('finds an account made before the index once the daily run has indexed its shard', async () => {
    const { email } = await seedStaff()
    const before = await keyOnly('/staff/auth/sign-in', { email, password: PASSWORD })
    expect(before.status).toBe(401)

    expect(await indexShardKeys(directory(), shard2, 'SHARD_2')).toBeGreaterThan(0)
    expect(await indexShardKeys(directory(), shard2, 'SHARD_2')).toBe(0)

    const after = await keyOnly('/staff/auth/sign-in', { email, password: PASSWORD })
    expect(after.status, JSON.stringify(after.json)).toBe(200)
  })

  it('of an email the directory does not know is refused as a wrong password', async () => {
    const answer = await keyOnly('/staff/auth/sign-in', {
      email: `nobody.${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(401)
    expect(errorOf(answer).message).toBe(MESSAGES.loginFailed)
  })

  it('of an email staff at two businesses is refused: that sign-in names its business', async () => {
    const email = `twice.${crypto.randomUUID()}@example.com`
    for (const businessId of [1, 2]) {
      await place(businessId, 'SHARD_2')
      await directory()
        .prepare(
          `insert into business_keys (kind, key, business_id) values ('staff_email', ?1, ?2)`
        )
        .bind(email, businessId)
        .run()
    }
    const answer = await keyOnly('/staff/auth/sign-in', { email, password: PASSWORD })
    expect(answer.status).toBe(401)
    expect(errorOf(answer).message).toBe(MESSAGES.loginFailed)
  })
})

describe("a staff invitation's link alone", () => {
  it('sets the first password of an account on the second shard: the token names its business', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const email = `linked.${crypto.randomUUID()}@example.com`
    const invited = await callWith(
      workerEnv,
      '/staff/invitations',
      { businessId: 1, name: 'Lee Linked', email, role: 'picker', storeIds: [1] },
      operator.access_token
    )
    expect(invited.status, JSON.stringify(invited.json)).toBe(200)
    const { token = '' } = await lastMessage(email, 'staff_invitation')
    expect(token).toMatch(/^1\./)

    const accepted = await keyOnly('/staff/invitations/accept', { token, password: PASSWORD })

    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200)
    expect(accepted.json).toMatchObject({ email })
    const again = await keyOnly('/staff/invitations/accept', { token, password: PASSWORD })
    expect(again.status).toBe(404)
    expect(errorOf(again).message).toBe(MESSAGES.staffInvitationInvalid)
  })

  it('whose token names no business, or another business, is the invitation not found', async () => {
    const random = 'A'.repeat(43)
    for (const token of [random, `2.${random}`, `999.${random}`]) {
      const answer = await keyOnly('/staff/invitations/accept', { token, password: PASSWORD })
      expect(answer.status, JSON.stringify(answer.json)).toBe(404)
      expect(errorOf(answer).message).toBe(MESSAGES.staffInvitationInvalid)
    }
  })
})

describe("a password reset's link alone", () => {
  async function resetTokenOf(email: string): Promise<string> {
    const row = await shard2
      .prepare(
        `select payload_json from outbox where recipient = ?1 and template = 'password_reset'
         order by id desc`
      )
      .bind(email)
      .first<{ payload_json: string }>()
    return String((JSON.parse(row?.payload_json ?? '{}') as Record<string, unknown>).resetToken)
  }

  it('is checked and used for a member on the second shard: the token names its business', async () => {
    const { email } = await registerMember()
    const requested = await callWith(workerEnv, '/auth/reset-password/request', {
      businessId: 1,
      email,
    })
    expect(requested.status, JSON.stringify(requested.json)).toBe(200)
    const resetToken = await resetTokenOf(email)
    expect(resetToken).toMatch(/^1\./)

    const valid = await keyOnly('/auth/reset-password/validate', { resetToken })
    expect(valid.status, JSON.stringify(valid.json)).toBe(200)
    expect(valid.json).toMatchObject({ valid: true })
    const reset = await keyOnly('/auth/reset-password', {
      resetToken,
      password: 'another correct horse',
    })
    expect(reset.status, JSON.stringify(reset.json)).toBe(200)
    const used = await shard2
      .prepare(
        `select count(*) as n from password_reset_codes r join customers c on c.id = r.customer_id
         where c.email = ?1 and r.used_at is not null`
      )
      .bind(email)
      .first<{ n: number }>()
    expect(used?.n).toBe(1)
    expect(await workerEnv.DB.prepare('select count(*) as n from customers').first()).toEqual({
      n: 0,
    })
  })

  it('whose token names no business, or another business, is the link not found', async () => {
    const random = 'B'.repeat(43)
    for (const resetToken of [random, `2.${random}`]) {
      for (const path of ['/auth/reset-password/validate', '/auth/reset-password']) {
        const answer = await keyOnly(path, { resetToken, password: 'another correct horse' })
        expect(answer.status, `${path} ${JSON.stringify(answer.json)}`).toBe(404)
        expect(errorOf(answer).message).toBe(MESSAGES.resetLinkInvalid)
      }
    }
  })
})

describe('the daily sweep of the key index (ADR 063)', () => {
  const keysOf = async (kind: string) =>
    (
      await directory()
        .prepare(`select key from business_keys where kind = ?1 and business_id = 1 order by key`)
        .bind(kind)
        .all<{ key: string }>()
    ).results.map((row) => row.key)

  it('removes the keys whose rows the shard no longer holds, and keeps the others', async () => {
    const kept = await seedStaff()
    const gone = await seedStaff()
    const renamed = await seedStaff()
    await indexShardKeys(directory(), shard2, 'SHARD_2')
    // A reference of an attempt whose payment went (archived with its order, or erased).
    await directory()
      .prepare(
        `insert into business_keys (kind, key, business_id) values ('gateway_order', 'GONE-1', 1)`
      )
      .run()
    await shard2.prepare('delete from staff_accounts where id = ?1').bind(gone.id).run()
    await shard2
      .prepare('update staff_accounts set email = ?2 where id = ?1')
      .bind(renamed.id, `moved.${renamed.email}`)
      .run()

    // A business being moved keeps every key until it has landed (the other business on the
    // shard, whose index row names an email it has no account for, is swept meanwhile).
    const before = [await keysOf('staff_email'), await keysOf('gateway_order')]
    await beginMove(directory(), { businessId: 1, from: 'SHARD_2', to: 'DB' })
    try {
      await sweepShardKeys(directory(), shard2, 'SHARD_2')
    } finally {
      await endMove(directory(), 1)
    }
    expect([await keysOf('staff_email'), await keysOf('gateway_order')]).toEqual(before)
    // The keys of another shard's businesses are not this shard's to judge.
    expect(await sweepShardKeys(directory(), workerEnv.DB, 'DB')).toBe(0)

    // The daily run: swept, then indexed again (the renamed account's new email).
    const controller = createScheduledController({
      scheduledTime: new Date(),
      cron: RETENTION_CRON,
    })
    await worker.scheduled(controller, workerEnv)

    const staff = await keysOf('staff_email')
    expect(staff).toContain(kept.email)
    expect(staff).toContain(`moved.${renamed.email}`)
    expect(staff).not.toContain(gone.email)
    expect(staff).not.toContain(renamed.email)
    expect(await keysOf('gateway_order')).not.toContain('GONE-1')
    // A second sweep finds nothing more.
    expect(await sweepShardKeys(directory(), shard2, 'SHARD_2')).toBe(0)

    const signIn = await keyOnly('/staff/auth/sign-in', { email: kept.email, password: PASSWORD })
    expect(signIn.status, JSON.stringify(signIn.json)).toBe(200)
  })
})

import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { LoyaltyProgressSchema } from '../../../schemas/loyalty.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { loyaltyScheme } from '../../support/workers/seed.ts'
import { guestBearer } from '../checkout/fixtures.ts'
import {
  deliver,
  memberOrder,
  newMember,
  seedCheckout,
  type Member,
} from '../member/orders-fixtures.ts'
import { send } from '../member/profile-fixtures.ts'
import { customerIdOf, summaryOf } from './fixtures.ts'

/*
 * The member's loyalty calls (spec §7 Loyalty progress and loyalty summary): their own progress
 * by id, another member's id as if absent, guests refused, and a business without a scheme.
 */

let ada: Member
let adaId: number
let grace: Member
let graceId: number

beforeAll(async () => {
  await seedCheckout(env.DB)
  await env.DB.batch(
    loyaltyScheme(env.DB, { businessId: 1, name: 'Corner Fresh Rewards', rewardThreshold: 1000 })
  )
  ada = await newMember('Ada')
  adaId = await customerIdOf(ada)
  grace = await newMember('Grace')
  graceId = await customerIdOf(grace)
  await deliver((await memberOrder(ada)).orderId)
})

const progressCall = (customerId: number, member: Member | undefined) =>
  send('GET', `/member/loyalty/progress/${customerId}`, { businessId: 1 }, member?.bearer)

describe('progress by id', () => {
  it("answers the member's own progress towards the next reward", async () => {
    const answer = await progressCall(adaId, ada)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const progress = LoyaltyProgressSchema.parse(answer.json)
    expect(progress.scheme).toEqual({
      name: 'Corner Fresh Rewards',
      pointsPerPound: 1,
      rewardThreshold: 1000,
      rewardValue: 250,
    })
    expect(progress.pointsBalance).toBeGreaterThan(0)
    expect(progress.pointsToNextReward).toBe(1000 - progress.pointsBalance)
    expect(progress.progressPercent).toBe(Math.floor(progress.pointsBalance / 10))
  })

  it("answers another member's id, or one nobody has, as not found", async () => {
    for (const id of [graceId, adaId + 100_000]) {
      const answer = await progressCall(id, ada)
      expect(answer.status).toBe(404)
      expect(answer.json).toMatchObject({ error: { message: MESSAGES.pageNotFound } })
    }
    expect(
      (await send('GET', '/member/loyalty/progress/me', { businessId: 1 }, ada.bearer)).status
    ).toBe(404)
  })

  it('refuses a guest and a caller without a token', async () => {
    const guest = await send(
      'GET',
      `/member/loyalty/progress/${adaId}`,
      { businessId: 1 },
      await guestBearer()
    )
    expect(guest.status).toBe(401)
    expect((await progressCall(adaId, undefined)).status).toBe(401)
    expect((await send('GET', '/member/loyalty/summary', { businessId: 1 })).status).toBe(401)
  })
})

describe('summary', () => {
  it('answers a member with nothing yet: no points, no history, no credit', async () => {
    const summary = await summaryOf(grace)
    expect(summary.progress).toMatchObject({
      pointsBalance: 0,
      lifetimePoints: 0,
      progressPercent: 0,
    })
    expect(summary.history).toEqual([])
    expect(summary.credit).toEqual({ balance: 0, entries: [] })
  })

  it('answers progress null, and progress by id not found, when the business runs no scheme', async () => {
    await env.DB.prepare('delete from loyalty_schemes where business_id = 1').run()
    const summary = await summaryOf(ada)
    expect(summary.progress).toBeNull()
    expect(summary.history).toHaveLength(1)
    expect((await progressCall(adaId, ada)).status).toBe(404)
  })
})

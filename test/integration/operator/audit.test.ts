import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { OperatorAuditPageSchema } from '../../../schemas/operator.ts'
import { auditStatement } from '../../../worker/backend/audit-repo.ts'
import { operatorCall, operatorWorld } from './fixtures.ts'

const AT = '2026-11-25T17:00:00.000Z'

async function record(
  businessId: number,
  staffId: number,
  entityId: number,
  summary: string,
  entity = 'store'
) {
  await env.DB.batch([
    auditStatement(env.DB, {
      businessId,
      staffId,
      action: `${entity}.update`,
      entity,
      entityId,
      before: { name: 'Before' },
      after: { name: summary },
      summary,
      at: AT,
    }),
  ])
}

describe('the audit log', () => {
  it("lists the business's changes newest first, with who made them, and pages by id", async () => {
    const world = await operatorWorld()
    for (const n of [1, 2, 3]) await record(1, world.operatorStaffId, 500 + n, `Change ${n}`)
    await record(2, world.operatorStaffId, 900, 'Another business')
    const first = await operatorCall('/staff/operator/audit', { limit: 2 }, world.operator)
    expect(first.status).toBe(200)
    const page = OperatorAuditPageSchema.parse(first.json)
    expect(page.entries.map((entry) => entry.summary)).toEqual(['Change 3', 'Change 2'])
    expect(page.entries[0]).toMatchObject({
      action: 'store.update',
      entity: 'store',
      entityId: 503,
      before: { name: 'Before' },
      after: { name: 'Change 3' },
      staff: { staffId: world.operatorStaffId, name: 'Sam Staff' },
      at: AT,
    })
    const second = OperatorAuditPageSchema.parse(
      (
        await operatorCall(
          '/staff/operator/audit',
          { limit: 2, before: page.nextBefore },
          world.operator
        )
      ).json
    )
    expect(second.entries.map((entry) => entry.summary)).toContain('Change 1')
    expect(JSON.stringify(second)).not.toContain('Another business')
  })

  it('narrows to one kind of thing, or one thing', async () => {
    const world = await operatorWorld()
    await record(1, world.operatorStaffId, 77, 'Coupon changed', 'coupon')
    const coupons = OperatorAuditPageSchema.parse(
      (await operatorCall('/staff/operator/audit', { entity: 'coupon' }, world.operator)).json
    )
    expect(coupons.entries.map((entry) => entry.summary)).toEqual(['Coupon changed'])
    const none = OperatorAuditPageSchema.parse(
      (
        await operatorCall(
          '/staff/operator/audit',
          { entity: 'coupon', entityId: 78 },
          world.operator
        )
      ).json
    )
    expect(none).toEqual({ entries: [], nextBefore: null })
  })

  it('is written with its change or not at all (one batch)', async () => {
    const world = await operatorWorld()
    const count = async () =>
      (await env.DB.prepare('select count(*) as n from operator_audit').first<{ n: number }>())?.n
    const before = await count()
    await expect(
      env.DB.batch([
        auditStatement(env.DB, {
          businessId: 1,
          staffId: world.operatorStaffId,
          action: 'store.update',
          entity: 'store',
          entityId: 1,
          before: null,
          after: { slot: 0 },
          summary: 'A change that fails',
          at: AT,
        }),
        // The change itself breaks a CHECK (slot length 15–240): the batch rolls back.
        env.DB.prepare('update stores set slot_duration_minutes = 0 where id = 1'),
      ])
    ).rejects.toThrow()
    expect(await count()).toBe(before)
  })
})

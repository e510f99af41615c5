import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { OperatorStaffListSchema, type OperatorStaffMember } from '../../../schemas/staff.ts'
import { OTHER } from '../catalogue/fixtures.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { lastMessage, seedStaff } from '../staff/fixtures.ts'
import { auditRows, operatorCall, type OperatorWorld, operatorWorld } from './fixtures.ts'

/*
 * The operator console's staff (issue 35 item 6) against migrated D1: invite with roles per store,
 * list, change roles, send an invitation again, deactivate; refusals change nothing.
 */

let world: OperatorWorld

beforeAll(async () => {
  world = await operatorWorld()
})

async function listed(email: string): Promise<OperatorStaffMember | undefined> {
  const answer = await operatorCall('/staff/operator/staff/list', {}, world.operator)
  expect(answer.status).toBe(200)
  return OperatorStaffListSchema.parse(answer.json).staff.find((s) => s.email === email)
}

/** A refused change: its status and error, and nothing written. */
async function refused(path: string, body: Record<string, unknown>, status: number) {
  const before = await fingerprint()
  const answer = await operatorCall(path, body, world.operator)
  expect(answer.status, JSON.stringify(answer.json)).toBe(status)
  expect(changedTables(before, await fingerprint())).toEqual([])
  return (answer.json as { error: { message: string } }).error.message
}

describe('the Staff page’s backend', { timeout: 30_000 }, () => {
  it('invites with roles at stores, lists them, changes and records each change', async () => {
    const email = 'new.driver@example.com'
    const invited = await operatorCall(
      '/staff/operator/staff/invite',
      {
        email,
        name: 'Dee Driver',
        operator: false,
        stores: [
          { storeId: world.own.storeId, role: 'driver' },
          { storeId: world.own.storeId, role: 'picker' },
        ],
      },
      world.operator
    )
    expect(invited.status, JSON.stringify(invited.json)).toBe(200)
    expect((await lastMessage(email, 'staff_invitation')).acceptPath).toBeTruthy()
    const member = await listed(email)
    expect(member).toMatchObject({ name: 'Dee Driver', status: 'invited', operator: false })
    expect(member?.stores.map((s) => s.role).sort()).toEqual(['driver', 'picker'])

    const staffId = member?.staffId ?? 0
    const roles = await operatorCall(
      '/staff/operator/staff/roles',
      { staffId, operator: false, stores: [{ storeId: world.own.storeId, role: 'store_manager' }] },
      world.operator
    )
    expect(roles.status, JSON.stringify(roles.json)).toBe(200)
    expect((await listed(email))?.stores.map((s) => s.role)).toEqual(['store_manager'])

    const first = await lastMessage(email, 'staff_invitation')
    const resent = await operatorCall('/staff/operator/staff/resend', { staffId }, world.operator)
    expect(resent.status).toBe(200)
    expect((await lastMessage(email, 'staff_invitation')).token).not.toBe(first.token)

    const deactivated = await operatorCall(
      '/staff/accounts/deactivate',
      { staffId },
      world.operator
    )
    expect(deactivated.status).toBe(200)
    expect((await listed(email))?.status).toBe('deactivated')

    const actions = (await auditRows())
      .filter((row) => row.entity === 'staff' && row.entity_id === staffId)
      .map((row) => row.action)
    expect(actions).toEqual(['staff.deactivate', 'staff.resend', 'staff.roles', 'staff.invite'])
  })

  it('refuses bad input and another business’s store (422), changing nothing', async () => {
    const { staffId } = world.own
    await refused(
      '/staff/operator/staff/roles',
      { staffId, operator: false, stores: [{ storeId: world.own.storeId, role: 'chef' }] },
      422
    )
    await refused('/staff/operator/staff/roles', { staffId, operator: false, stores: [] }, 422)
    expect(
      await refused(
        '/staff/operator/staff/roles',
        { staffId, operator: false, stores: [{ storeId: world.other.storeId, role: 'driver' }] },
        422
      )
    ).toBe(MESSAGES.staffStoreNotFound)
    await refused(
      '/staff/operator/staff/invite',
      {
        email: 'elsewhere@example.com',
        name: 'Else Where',
        operator: false,
        stores: [{ storeId: world.other.storeId, role: 'driver' }],
      },
      422
    )
  })

  it('answers 404 for another business’s person', async () => {
    const theirs = await seedStaff({ businessId: OTHER.businessId })
    await refused(
      '/staff/operator/staff/roles',
      {
        staffId: theirs.id,
        operator: false,
        stores: [{ storeId: world.own.storeId, role: 'driver' }],
      },
      404
    )
    await refused('/staff/accounts/deactivate', { staffId: theirs.id }, 404)
    await refused('/staff/operator/staff/resend', { staffId: theirs.id }, 404)
  })

  it('an operator cannot deactivate themselves nor drop their own operator role', async () => {
    const self = world.operatorStaffId
    expect(await refused('/staff/accounts/deactivate', { staffId: self }, 403)).toBe(
      MESSAGES.staffNotAllowed
    )
    expect(
      await refused(
        '/staff/operator/staff/roles',
        {
          staffId: self,
          operator: false,
          stores: [{ storeId: world.own.storeId, role: 'driver' }],
        },
        403
      )
    ).toBe(MESSAGES.staffOwnOperatorRole)
  })

  it('a store manager cannot reach it', async () => {
    const before = await fingerprint()
    for (const [path, body] of [
      ['/staff/operator/staff/list', {}],
      [
        '/staff/operator/staff/roles',
        {
          staffId: world.operatorStaffId,
          operator: false,
          stores: [{ storeId: world.own.storeId, role: 'driver' }],
        },
      ],
      ['/staff/accounts/deactivate', { staffId: world.operatorStaffId }],
    ] as const) {
      expect((await operatorCall(path, body, world.manager)).status).toBe(403)
    }
    expect(changedTables(before, await fingerprint())).toEqual([])
    const row = await env.DB.prepare(`select status from staff_accounts where id = ?1`)
      .bind(world.operatorStaffId)
      .first<{ status: string }>()
    expect(row?.status).toBe('active')
  })
})

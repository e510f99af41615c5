import { describe, expect, it } from 'vitest'
import { DEMO_STAFF, demoPasswordHash, demoStaffSql } from '../../../scripts/demo-data/staff.ts'
import { verifyPassword } from '../../../worker/backend/auth/passwords.ts'

describe('demo staff accounts', () => {
  it("hash their passwords in the worker's format: the worker accepts them", async () => {
    const hash = demoPasswordHash('manager-demo-1', 'a pepper')
    expect(hash).toMatch(/^pbkdf2-sha512\$100000\$[\w-]+\$[\w-]+$/)
    expect(await verifyPassword('manager-demo-1', hash, 'a pepper')).toEqual({
      ok: true,
      needsRehash: false,
    })
    expect((await verifyPassword('manager-demo-2', hash, 'a pepper')).ok).toBe(false)
    expect((await verifyPassword('manager-demo-1', hash, 'another pepper')).ok).toBe(false)
  })

  it('are one per role, and an operator of each other business, added only when missing', () => {
    expect(DEMO_STAFF.map((staff) => [staff.businessId, staff.role])).toEqual([
      [1, 'operator'],
      [1, 'store_manager'],
      [1, 'picker'],
      [1, 'driver'],
      [20, 'operator'],
      [21, 'operator'],
      [22, 'operator'],
    ])
    const sql = demoStaffSql('a pepper', '2026-11-25T10:00:00.000Z')
    expect(sql.match(/insert or ignore into staff_accounts/g)).toHaveLength(7)
    // A shard's own businesses only (ADR 047): the second shard's three operators.
    const second = demoStaffSql('a pepper', '2026-11-25T10:00:00.000Z', [20, 21, 22])
    expect(second.match(/insert or ignore into staff_accounts/g)).toHaveLength(3)
    // The operator acts for every store; the others hold their role at the first store.
    expect(sql.match(/insert or ignore into staff_store_roles/g)).toHaveLength(3)
  })
})

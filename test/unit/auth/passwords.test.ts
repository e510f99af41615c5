import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  PBKDF2_ITERATIONS,
  spendPasswordCheck,
  verifyPassword,
  WORKERS_PBKDF2_LIMIT,
} from '../../../worker/backend/auth/passwords.ts'

const PEPPER = 'unit-test-pepper-0123456789abcdefghijklmnopq'

describe('password hashing', () => {
  it('never asks Workers for more PBKDF2 iterations than deployed Workers allow', () => {
    // Local workerd and Node accept more; production refuses every login above 100,000.
    expect(WORKERS_PBKDF2_LIMIT).toBe(100_000)
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000)
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000)
  })

  it('stores scheme, cost, a 16-byte salt and a 64-byte hash; the same password hashes differently', async () => {
    const a = await hashPassword('correct horse battery', PEPPER)
    const b = await hashPassword('correct horse battery', PEPPER)
    expect(a).toMatch(/^pbkdf2-sha512\$100000\$[\w-]{22}\$[\w-]{86}$/)
    expect(a).not.toBe(b)
  })

  it('verifies the right password only, with the right pepper only', async () => {
    const stored = await hashPassword('correct horse battery', PEPPER)
    expect(await verifyPassword('correct horse battery', stored, PEPPER)).toEqual({
      ok: true,
      needsRehash: false,
    })
    expect((await verifyPassword('correct horse batterY', stored, PEPPER)).ok).toBe(false)
    expect((await verifyPassword('correct horse battery', stored, `${PEPPER}x`)).ok).toBe(false)
  })

  it('checks an old hash with its own cost and asks for a rehash', async () => {
    const cheap = await hashPassword('correct horse battery', PEPPER, 1_000)
    expect(cheap).toMatch(/^pbkdf2-sha512\$1000\$/)
    expect(await verifyPassword('correct horse battery', cheap, PEPPER)).toEqual({
      ok: true,
      needsRehash: true,
    })
    // A wrong password never asks for a rehash.
    expect(await verifyPassword('wrong', cheap, PEPPER)).toEqual({ ok: false, needsRehash: false })
  })

  it.each([
    ['an unknown scheme', 'bcrypt$10$salt$hash'],
    ['a cost Workers would refuse', 'pbkdf2-sha512$210000$AAAAAAAAAAAAAAAAAAAAAA$AAAA'],
    ['a truncated hash', 'pbkdf2-sha512$100000$AAAAAAAAAAAAAAAAAAAAAA'],
    ['extra parts', 'pbkdf2-sha512$100000$AAAA$AAAA$AAAA'],
    ['no cost', 'pbkdf2-sha512$$AAAA$AAAA'],
  ])('refuses %s without throwing', async (_label, stored) => {
    expect(await verifyPassword('anything', stored, PEPPER)).toEqual({
      ok: false,
      needsRehash: false,
    })
  })

  it('spends about one password check when there is no account (no timing oracle)', async () => {
    await spendPasswordCheck('warm up', PEPPER)
    const stored = await hashPassword('correct horse battery', PEPPER)
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now()
      for (let i = 0; i < 3; i++) await run()
      return performance.now() - start
    }
    const real = await time(() => verifyPassword('wrong password', stored, PEPPER))
    const dummy = await time(() => spendPasswordCheck('wrong password', PEPPER))
    // Workers freeze timers during a request: only check there is real work when they move.
    if (real > 0) expect(dummy).toBeGreaterThan(real / 3)
  })
})

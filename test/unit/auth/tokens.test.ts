import { describe, expect, it } from 'vitest'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  signAccessToken,
  verifyAccessToken,
} from '../../../worker/backend/auth/tokens.ts'

const SECRET = 'unit-test-session-secret-0123456789abcdefgh'
const NOW = new Date('2026-11-21T10:00:00.000Z')

describe('access tokens', () => {
  it('live at most 15 minutes', () => {
    expect(ACCESS_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(15 * 60)
  })

  it('round-trip member and guest claims', async () => {
    const member = await signAccessToken(
      SECRET,
      { kind: 'member', businessId: 3, customerId: 42, familyId: 'fam-1' },
      NOW
    )
    expect(await verifyAccessToken(SECRET, member, NOW)).toEqual({
      ok: true,
      claims: {
        kind: 'member',
        businessId: 3,
        customerId: 42,
        familyId: 'fam-1',
        issuedAt: NOW.getTime() / 1000,
      },
    })
    const guest = await signAccessToken(
      SECRET,
      { kind: 'guest', businessId: 3, familyId: 'f' },
      NOW
    )
    const verified = await verifyAccessToken(SECRET, guest, NOW)
    expect(verified).toMatchObject({ ok: true, claims: { kind: 'guest', familyId: 'f' } })
  })

  it('are not signed with the raw secret', async () => {
    const token = await signAccessToken(
      SECRET,
      { kind: 'guest', businessId: 1, familyId: 'f' },
      NOW
    )
    const { jwtVerify } = await import('jose')
    await expect(
      jwtVerify(token, new TextEncoder().encode(SECRET), { currentDate: NOW })
    ).rejects.toThrow()
  })

  it('expire: expired only after 15 minutes, and a forged expired token is just invalid', async () => {
    const token = await signAccessToken(
      SECRET,
      { kind: 'guest', businessId: 1, familyId: 'f' },
      NOW
    )
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
    expect((await verifyAccessToken(SECRET, token, at(14))).ok).toBe(true)
    expect(await verifyAccessToken(SECRET, token, at(16))).toEqual({ ok: false, reason: 'expired' })
    const forged = await signAccessToken(
      'another-secret-0123456789abcdefghijklmnopqr',
      { kind: 'guest', businessId: 1, familyId: 'f' },
      NOW
    )
    expect(await verifyAccessToken(SECRET, forged, at(16))).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })
})

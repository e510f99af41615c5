import { describe, expect, it } from 'vitest'
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_TTL_SECONDS,
  signAccessToken,
  signAudienceToken,
  verifyAccessToken,
} from '../../../worker/backend/auth/tokens.ts'
import {
  signStaffAccessToken,
  STAFF_TOKEN_AUDIENCE,
  verifyStaffAccessToken,
} from '../../../worker/backend/staff/tokens.ts'

const SECRET = 'unit-test-session-secret-0123456789abcdefgh'
const NOW = new Date('2026-11-21T10:00:00.000Z')
const STAFF = { staffId: 7, businessId: 3, sessionId: 'session-1' }

describe('staff access tokens', () => {
  it('round-trip their claims under their own audience', async () => {
    expect(STAFF_TOKEN_AUDIENCE).not.toBe(ACCESS_TOKEN_AUDIENCE)
    const token = await signStaffAccessToken(SECRET, STAFF, NOW)
    expect(await verifyStaffAccessToken(SECRET, token, NOW)).toEqual({ ok: true, claims: STAFF })
  })

  it("never pass for a shopper's token, nor a shopper's for theirs", async () => {
    const staff = await signStaffAccessToken(SECRET, STAFF, NOW)
    expect(await verifyAccessToken(SECRET, staff, NOW)).toEqual({ ok: false, reason: 'invalid' })
    const member = await signAccessToken(
      SECRET,
      { kind: 'member', businessId: 3, customerId: 7, familyId: 'session-1' },
      NOW
    )
    expect(await verifyStaffAccessToken(SECRET, member, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })

  it('expire after 15 minutes, and refuse another secret', async () => {
    const token = await signStaffAccessToken(SECRET, STAFF, NOW)
    const later = new Date(NOW.getTime() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)
    expect(await verifyStaffAccessToken(SECRET, token, later)).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect(await verifyStaffAccessToken(`${SECRET}x`, token, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })

  it('refuse a staff-audience token whose subject is not a member of staff', async () => {
    const token = await signAudienceToken(
      SECRET,
      STAFF_TOKEN_AUDIENCE,
      '42',
      { bid: 3, sid: 's' },
      NOW
    )
    expect(await verifyStaffAccessToken(SECRET, token, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })
})

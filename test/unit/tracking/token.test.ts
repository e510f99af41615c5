import { describe, expect, it } from 'vitest'
import { signTrackingToken, verifyTrackingToken } from '../../../worker/backend/tracking/token.ts'

const SECRET = 'unit-test-secret-0123456789abcdefghijklmnopqrstuvwxyz'
const NOW = new Date('2026-11-25T12:00:00Z')
const LATER = new Date('2026-12-25T12:00:00Z')
const grant = { businessId: 1, orderId: 42 }

describe('the signed tracking link', () => {
  it('opens the order it names until it expires', async () => {
    const token = await signTrackingToken(SECRET, grant, LATER)
    expect(await verifyTrackingToken(SECRET, token, NOW)).toEqual(grant)
    expect(await verifyTrackingToken(SECRET, token, new Date(LATER.getTime() - 1000))).toEqual(
      grant
    )
  })

  it('is refused from its expiry on', async () => {
    const token = await signTrackingToken(SECRET, grant, LATER)
    expect(await verifyTrackingToken(SECRET, token, LATER)).toBeNull()
    expect(await verifyTrackingToken(SECRET, token, new Date('2027-01-01T00:00:00Z'))).toBeNull()
  })

  it('is refused when any part is changed', async () => {
    const token = await signTrackingToken(SECRET, grant, LATER)
    const [business, order, expires, mac] = token.split('.')
    const tampered = [
      [business, '43', expires, mac],
      ['2', order, expires, mac],
      [business, order, String(Number(expires) + 86_400), mac],
      [business, order, expires, `${mac?.slice(0, -1)}${mac?.endsWith('A') ? 'B' : 'A'}`],
    ].map((parts) => parts.join('.'))
    for (const token of tampered) expect(await verifyTrackingToken(SECRET, token, NOW)).toBeNull()
  })

  it('is refused when signed with another secret, or malformed', async () => {
    const other = await signTrackingToken(`${SECRET}-other`, grant, LATER)
    expect(await verifyTrackingToken(SECRET, other, NOW)).toBeNull()
    for (const junk of ['', '1.42', '1.42.9999999999.short', 'a.b.c.d', `${other}.extra`]) {
      expect(await verifyTrackingToken(SECRET, junk, NOW)).toBeNull()
    }
  })
})

import { describe, expect, it } from 'vitest'
import {
  codeFromRandom,
  hashOneTimeCode,
  OTP_TTL_SECONDS,
  sixDigitCode,
} from '../../../worker/backend/auth/otp.ts'

const SECRET = 'unit-test-session-secret-0123456789abcdefgh'
const LIMIT = 4_294_000_000

describe('six-digit codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 2000; i++) expect(sixDigitCode()).toMatch(/^\d{6}$/)
    expect(codeFromRandom(42)).toBe('000042')
    expect(codeFromRandom(0)).toBe('000000')
    expect(codeFromRandom(LIMIT - 1)).toBe('999999')
  })

  it('draw again above the largest multiple of a million (no modulo bias)', () => {
    expect(codeFromRandom(LIMIT)).toBeNull()
    expect(codeFromRandom(2 ** 32 - 1)).toBeNull()
    // Every code has exactly 4,294 of the accepted 32-bit values.
    expect(LIMIT % 1_000_000).toBe(0)
    expect(2 ** 32 - LIMIT).toBeLessThan(1_000_000)
  })

  it('spread evenly over the digits (sanity check of the generator)', () => {
    const draws = 20_000
    const counts = Array.from({ length: 10 }, () => 0)
    const codes = new Set<string>()
    for (let i = 0; i < draws; i++) {
      const code = sixDigitCode()
      codes.add(code)
      counts[Number(code[0])] = (counts[Number(code[0])] ?? 0) + 1
    }
    // 2,000 expected per leading digit; ±20% is over 14 standard deviations.
    for (const count of counts) expect(Math.abs(count - draws / 10)).toBeLessThan(400)
    // 20,000 draws from a million collide about 200 times; a broken generator far more.
    expect(codes.size).toBeGreaterThan(draws - 600)
  })

  it('expire within 10 minutes', () => {
    expect(OTP_TTL_SECONDS).toBeLessThanOrEqual(10 * 60)
  })
})

describe('code hashes', () => {
  it('are a keyed HMAC bound to the request', async () => {
    const hash = await hashOneTimeCode(SECRET, '123456', 'request-a')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(await hashOneTimeCode(SECRET, '123456', 'request-a')).toBe(hash)
    expect(await hashOneTimeCode(SECRET, '123457', 'request-a')).not.toBe(hash)
    expect(await hashOneTimeCode(SECRET, '123456', 'request-b')).not.toBe(hash)
    expect(await hashOneTimeCode(`${SECRET}x`, '123456', 'request-a')).not.toBe(hash)
  })

  it('are not a plain hash of the code', async () => {
    const plain = [
      ...new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode('request-a\u0000123456'))
      ),
    ]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
    expect(await hashOneTimeCode(SECRET, '123456', 'request-a')).not.toBe(plain)
  })
})

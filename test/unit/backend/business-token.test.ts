import { describe, expect, it } from 'vitest'
import { businessOfToken, businessToken } from '../../../worker/backend/business-token.ts'

// ADR 063: a link's token carries its business, so a call with the token alone finds its shard.
describe('tokens that carry their business', () => {
  it('begin with the business and are different every time', () => {
    const first = businessToken(42)
    expect(first).toMatch(/^42\.[A-Za-z0-9_-]{43}$/)
    expect(businessToken(42)).not.toBe(first)
    expect(businessOfToken(first)).toBe(42)
  })

  it('name no business when they carry none, or not as a positive whole number', () => {
    for (const token of [null, '', 'A'.repeat(43), `0.${'A'.repeat(43)}`, `-1.x`, `01.x`, '.x']) {
      expect(businessOfToken(token), String(token)).toBeNull()
    }
    expect(businessOfToken(`12345678901.${'A'.repeat(43)}`)).toBeNull()
  })
})

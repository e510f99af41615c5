import { describe, expect, it } from 'vitest'
import { unverifiedExpiry } from '../../../worker/lib/cookies/session.ts'
import { needsRefresh } from '../../../worker/lib/shopper-session.ts'
import { loginRedirectTarget, safeReturnPath } from '../../../worker/pages/shared/guards.ts'

function jwtWith(payload: unknown): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${encode({ alg: 'HS256', typ: 'at+jwt' })}.${encode(payload)}.signature`
}

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/stores/piccadilly?x=1')).toBe('/stores/piccadilly?x=1')
  })

  it.each([
    ['//evil.example/path'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    [''],
    [undefined],
  ])('refuses %s, which could leave the site', (value) => {
    expect(safeReturnPath(value)).toBeNull()
  })

  it('never returns to a sign-in page, which would loop', () => {
    expect(safeReturnPath('/login')).toBeNull()
    expect(safeReturnPath('/register?x=1')).toBeNull()
    expect(safeReturnPath('/member/reset-token/abc')).toBeNull()
  })
})

describe('loginRedirectTarget (spec §2: depends on the origin page)', () => {
  it('goes back to the checkout step the shopper came from', () => {
    expect(loginRedirectTarget('/checkout/details', false)).toBe('/checkout/details')
    expect(loginRedirectTarget('/checkout/payment', true)).toBe('/checkout/payment')
  })

  it("sends checkout's own sign-in steps to checkout's entry", () => {
    expect(loginRedirectTarget('/checkout/login', false)).toBe('/checkout')
    expect(loginRedirectTarget('/checkout/create', false)).toBe('/checkout')
  })

  it('goes to the basket when its coupon needs re-applying after sign-in', () => {
    expect(loginRedirectTarget('/stores/piccadilly', true)).toBe('/basket')
    expect(loginRedirectTarget(null, true)).toBe('/basket')
  })

  it('otherwise returns to the remembered page, or home', () => {
    expect(loginRedirectTarget('/stores/piccadilly', false)).toBe('/stores/piccadilly')
    expect(loginRedirectTarget(null, false)).toBe('/')
    expect(loginRedirectTarget('https://evil.example/', false)).toBe('/')
  })
})

describe('access token expiry on entry', () => {
  it('reads exp from a JWT without checking it', () => {
    expect(unverifiedExpiry(jwtWith({ exp: 1_800_000_000, kind: 'member' }))).toBe(1_800_000_000)
    expect(unverifiedExpiry('not-a-jwt')).toBeNull()
    expect(unverifiedExpiry(jwtWith({ kind: 'member' }))).toBeNull()
  })

  it('refreshes when the token is missing, unreadable, expired or about to expire', () => {
    const now = 1_800_000_000
    expect(needsRefresh(undefined, now)).toBe(true)
    expect(needsRefresh('garbage', now)).toBe(true)
    expect(needsRefresh(jwtWith({ exp: now - 1 }), now)).toBe(true)
    expect(needsRefresh(jwtWith({ exp: now + 10 }), now)).toBe(true)
    expect(needsRefresh(jwtWith({ exp: now + 600 }), now)).toBe(false)
  })
})

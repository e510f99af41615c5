import { describe, expect, it } from 'vitest'
import { operatorLink, pathnameOf, safePath } from '../../../worker/lib/redirect.ts'
import { bypassTargets } from '../../support/redirect-bypasses.ts'

const REQUEST = 'http://localhost:5173/stores/piccadilly/time-slots'
const BYPASS_TARGETS = bypassTargets('http://localhost:5173')

describe('safePath: the one rule for redirect targets', () => {
  it.each([
    ['/', '/'],
    ['/basket', '/basket'],
    ['/stores/piccadilly?method=delivery#slots', '/stores/piccadilly?method=delivery#slots'],
    ['/stores/a/../basket', '/stores/basket'],
    ['/stores/piccadilly/search/100%25', '/stores/piccadilly/search/100%25'],
    ['/stores/piccadilly/search/100%', '/stores/piccadilly/search/100%'],
    // A slash or backslash encoded inside a path (a search term) stays where it is: harmless.
    ['/stores/piccadilly/search/a%2F%2Fb', '/stores/piccadilly/search/a%2F%2Fb'],
    ['/stores/piccadilly/search/a%5Cb', '/stores/piccadilly/search/a%5Cb'],
    ['/?postcode=//evil.example', '/?postcode=//evil.example'],
    ['/caf\u00e9', '/caf%C3%A9'],
  ])('keeps the path of this site %j', (target, expected) => {
    expect(safePath(target, REQUEST)).toBe(expected)
    expect(safePath(target)).toBe(expected)
  })

  it('keeps an absolute URL of the request origin as its path, only when given the request', () => {
    expect(safePath('http://localhost:5173/basket?x=1', REQUEST)).toBe('/basket?x=1')
    expect(safePath('HTTP://LOCALHOST:5173/basket', REQUEST)).toBe('/basket')
    expect(safePath('http://localhost:5173', REQUEST)).toBe('/')
    // Without the request there is no origin to compare with: paths only.
    expect(safePath('http://localhost:5173/basket')).toBeNull()
  })

  it.each(BYPASS_TARGETS.map((target) => [target]))('refuses %j', (target) => {
    expect(safePath(target, REQUEST)).toBeNull()
    expect(safePath(target)).toBeNull()
  })

  it('refuses nothing at all', () => {
    expect(safePath(null, REQUEST)).toBeNull()
    expect(safePath(undefined)).toBeNull()
  })

  it('whatever it accepts is one leading slash that resolves to the request origin', () => {
    const accepted = [...BYPASS_TARGETS, '/basket', 'http://localhost:5173/x']
      .map((target) => safePath(target, REQUEST))
      .filter((path): path is string => path !== null)
    expect(accepted).toEqual(['/basket', '/x'])
    for (const path of accepted) {
      expect(path).toMatch(/^\/(?![/\\])/)
      expect(new URL(path, REQUEST).origin).toBe('http://localhost:5173')
    }
  })

  it('gives the pathname of an accepted path', () => {
    expect(pathnameOf('/checkout/details?x=1#y')).toBe('/checkout/details')
  })
})

describe("operatorLink: a banner's outside link", () => {
  it('keeps an https link with a host', () => {
    expect(operatorLink('https://apps.apple.com/app/corner')).toBe(
      'https://apps.apple.com/app/corner'
    )
  })

  it.each([
    ['http://campaign.example/'],
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['https://user:pass@campaign.example/'],
    ['https://campaign.example\\@evil.example/'],
    ['https://campaign.example/\n'],
    ['//campaign.example/'],
    ['/stores/piccadilly'],
    [''],
    [null],
  ])('refuses %j', (value) => {
    expect(operatorLink(value)).toBeNull()
  })
})

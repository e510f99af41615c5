import { describe, expect, it } from 'vitest'
import { PACK_KINDS, type Packshot, packshotUrl, parsePackshot } from '../../schemas/packshot.ts'
import { packshotSvg, wrap } from '../../worker/pages/media/packshot-svg.ts'
import { itemPackshot, packColours, packKind } from '../../scripts/demo-data/packshots.ts'

const shot: Packshot = {
  kind: 'can',
  name: 'Baked beans in tomato sauce',
  size: '415g',
  colours: { pack: 'c62828', label: 'fff8e7', ink: '7f1d1d' },
  icon: null,
}

const parse = (url: string) => {
  const parsed = new URL(url, 'https://shop.test')
  return parsePackshot(parsed.pathname, parsed.searchParams)
}

describe('packshot URLs', () => {
  it('round-trip every kind, with and without a size', () => {
    for (const kind of PACK_KINDS) {
      expect(parse(packshotUrl({ ...shot, kind }))).toEqual({ ...shot, kind })
      expect(parse(packshotUrl({ ...shot, kind, size: null }))).toEqual({
        ...shot,
        kind,
        size: null,
      })
      expect(parse(packshotUrl({ ...shot, kind, icon: 'canned-food' }))).toEqual({
        ...shot,
        kind,
        icon: 'canned-food',
      })
    }
  })

  it('refuse an unknown kind, bad colours, a missing or overlong name or size', () => {
    const url = new URL(packshotUrl(shot), 'https://shop.test')
    const variant = (path: string, change: Record<string, string | null>) => {
      const query = new URLSearchParams(url.searchParams)
      for (const [key, value] of Object.entries(change)) {
        if (value === null) query.delete(key)
        else query.set(key, value)
      }
      return parsePackshot(path, query)
    }
    expect(variant(url.pathname, {})).not.toBeNull()
    expect(variant('/images/packshot/v2/crate.svg', {})).toBeNull()
    expect(variant('/images/packshot/v2/can.png', {})).toBeNull()
    expect(variant(url.pathname, { c: 'c62828-fff8e7' })).toBeNull()
    expect(variant(url.pathname, { c: 'red-fff8e7-7f1d1d' })).toBeNull()
    expect(variant(url.pathname, { n: null })).toBeNull()
    expect(variant(url.pathname, { n: ' ' })).toBeNull()
    expect(variant(url.pathname, { n: 'x'.repeat(81) })).toBeNull()
    expect(variant(url.pathname, { s: 'x'.repeat(17) })).toBeNull()
    expect(variant(url.pathname, { i: '../x' })).toBeNull()
    expect(variant(url.pathname, { i: 'x'.repeat(41) })).toBeNull()
    expect(() => packshotUrl({ ...shot, name: 'x'.repeat(81) })).toThrow()
  })
})

describe('packshot drawing', () => {
  it('prints the name and size on the pack, escaped, at the asked size', () => {
    const svg = packshotSvg({ ...shot, name: 'Fish & chips <large>' }, 160)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="160" height="160"/)
    expect(svg).toContain('aria-label="Fish &amp; chips &lt;large&gt; 415g"')
    expect(svg).toContain('>Fish &amp;<')
    expect(svg).toContain('>415g</text>')
    expect(svg).not.toContain('<large>')
    expect(svg).not.toMatch(/<script|on\w+=/i)
  })

  it('draws each kind differently, and the same packshot the same way', () => {
    const drawings = PACK_KINDS.map((kind) => packshotSvg({ ...shot, kind }))
    expect(new Set(drawings).size).toBe(PACK_KINDS.length)
    expect(packshotSvg(shot)).toBe(packshotSvg({ ...shot }))
  })

  it('wraps words into lines of the given width, a long word on its own', () => {
    expect(wrap('Baked beans in tomato sauce', 12)).toEqual(['Baked beans', 'in tomato', 'sauce'])
    expect(wrap('Supercalifragilistic tea', 8)).toEqual(['Supercalifragilistic', 'tea'])
  })

  it('keeps a long name to three lines', () => {
    const svg = packshotSvg({ ...shot, kind: 'tube', name: 'word '.repeat(30).trim() })
    expect(svg.match(/font-weight="700"/g)?.length).toBeLessThanOrEqual(3)
  })
})

describe('demo packshots', () => {
  it('pick the pack from the sub-category, unless the name says otherwise', () => {
    expect(packKind('tins-cans', 'Baked beans 415g')).toBe('can')
    expect(packKind('bread', 'Farmhouse white loaf 800g')).toBe('loaf')
    expect(packKind('fizzy-drinks', 'Cola 6 x 330ml')).toBe('can')
    expect(packKind('cream-eggs', 'Free range eggs 6 pack')).toBe('box')
    expect(packKind('no-such-sub', 'Anything')).toBe('box')
  })

  it('colour a line the same way every time, and own-label tiers alike', () => {
    const line = 'Baked beans in tomato sauce|415g:90|'
    expect(packColours('can', line, 'Baked beans')).toEqual(packColours('can', line, 'Baked beans'))
    expect(packColours('can', 'x', 'Value beans')).toEqual(packColours('bag', 'y', 'Value rice'))
    expect(packColours('produce', 'x', 'Bananas').pack).toBe('f2c230')
  })

  it('print the name without its size, and the size apart', () => {
    const url = itemPackshot('tins-cans', 'Baked beans|415g:90|', 'Baked beans 415g', '415g')
    expect(parse(url)).toMatchObject({ kind: 'can', name: 'Baked beans', size: '415g' })
  })
})

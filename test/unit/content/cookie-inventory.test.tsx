import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CookieTable } from '../../../client/components/CookieTable.tsx'
import { COOKIE_INVENTORY } from '../../../schemas/cookie-inventory.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'

// Every source file that could name a cookie, read as text at build time.
const SOURCES = import.meta.glob('../../../{worker,client,schemas}/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

describe('cookie inventory (ADR 023)', () => {
  it('lists every cookie of schemas/cookies.ts once, with a purpose and a duration', () => {
    const names = COOKIE_INVENTORY.map((entry) => entry.name)
    expect(names).toEqual(Object.values(COOKIE_NAMES))
    for (const entry of COOKIE_INVENTORY) {
      expect(entry.purpose.length, entry.name).toBeGreaterThan(10)
      expect(entry.duration, entry.name).toMatch(/\d/)
      expect(entry.category).toBe('strictly-necessary')
    }
  })

  it('knows every sf_ cookie name written anywhere in the code', () => {
    const known = new Set<string>(Object.values(COOKIE_NAMES))
    const found = new Set<string>()
    for (const text of Object.values(SOURCES)) {
      for (const match of text.matchAll(/['"`](sf_[a-z0-9_]+)['"`]/g)) found.add(match[1]!)
    }
    expect(found.size).toBeGreaterThan(5)
    expect([...found].filter((name) => !known.has(name))).toEqual([])
  })

  it('uses no browser storage besides cookies', () => {
    const users = Object.entries(SOURCES)
      .filter(([, text]) => /\b(localStorage|sessionStorage|indexedDB)\b/.test(text))
      .map(([path]) => path)
    expect(users).toEqual([])
  })
})

describe('CookieTable', () => {
  it('renders a row per cookie with its purpose, duration and category', () => {
    const html = renderToStaticMarkup(<CookieTable />)
    expect(html.match(/<tr>/g)).toHaveLength(COOKIE_INVENTORY.length + 1)
    expect(html).toContain(
      '<th scope="row" class="px-3 py-2 align-top font-mono text-xs font-semibold">sf_basket</th>'
    )
    expect(html).toContain('Remembers your basket.')
    expect(html).toContain('Strictly necessary')
  })
})

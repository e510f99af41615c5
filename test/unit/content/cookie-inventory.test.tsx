import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CookieFacts, CookieTable } from '../../../client/components/CookieTable.tsx'
import { PageTextsContext } from '../../../client/lib/page-text.ts'
import { ShopLocaleContext } from '../../../client/lib/shop-locale.ts'
import { COOKIE_INVENTORY, cookieDurationLabel } from '../../../schemas/cookie-inventory.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { GB_LOCALE } from '../../../schemas/locale.ts'
import { pageTextsOf } from '../../../worker/pages/shared/page-texts.ts'

const DUTCH = { ...GB_LOCALE, locale: 'nl-NL', currency: 'EUR', countryCode: 'NL' }

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
      expect(cookieDurationLabel(entry.duration), entry.name).toMatch(/^(Up to )?\d+ [a-z]+$/)
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
    expect(html.match(/<tr[ >]/g)).toHaveLength(COOKIE_INVENTORY.length + 1)
    expect(html).toMatch(/<th scope="row" class="[^"]*font-mono[^"]*">sf_basket<\/th>/)
    // On a phone each cell is led by its column's name (stacked-table.ts).
    for (const label of ['Purpose', 'Lasts', 'Category']) {
      expect(html.match(new RegExp(`<td data-label="${label}"`, 'g'))).toHaveLength(
        COOKIE_INVENTORY.length
      )
    }
    expect(html).toContain('Remembers your basket.')
    expect(html).toContain('Strictly necessary')
  })

  it('says each duration as the policy always did in English', () => {
    const durations = Object.fromEntries(
      COOKIE_INVENTORY.map((entry) => [entry.name, cookieDurationLabel(entry.duration)])
    )
    expect(durations[COOKIE_NAMES.access]).toBe('15 minutes')
    expect(durations[COOKIE_NAMES.refresh]).toBe('Up to 30 days')
    expect(durations[COOKIE_NAMES.appVersion]).toBe('1 year')
    expect(durations[COOKIE_NAMES.checkoutOrder]).toBe('1 hour')
    expect(durations[COOKIE_NAMES.flash]).toBe('1 minute')
    expect(durations[COOKIE_NAMES.lastOrder]).toBe('90 days')
  })

  it('says purposes, durations and the outside services in the brand’s language', () => {
    const html = renderToStaticMarkup(
      <ShopLocaleContext value={DUTCH}>
        <PageTextsContext value={pageTextsOf(DUTCH)}>
          <CookieFacts />
        </PageTextsContext>
      </ShopLocaleContext>
    )
    expect(html).toContain('Onthoudt je mandje.')
    expect(html).toContain('15 minuten')
    expect(html).toContain('Tot 30 dagen')
    expect(html).toContain('1 jaar')
    expect(html).toContain('Strikt noodzakelijk')
    expect(html).toContain('Betaalprovider voor kaarten')
    expect(html).toContain('<td data-label="Bewaartermijn"')
    for (const english of [
      'Remembers your basket.',
      '15 minutes',
      'Up to',
      'Card payment provider',
    ]) {
      expect(html).not.toContain(english)
    }
  })
})

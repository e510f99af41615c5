import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { StoreRatingLine } from '../../../client/components/store/StoreRatingLine.tsx'
import { PageTextsContext } from '../../../client/lib/page-text.ts'
import { ShopLocaleContext } from '../../../client/lib/shop-locale.ts'
import { GB_LOCALE, shopLocaleOf, type ShopLocale } from '../../../schemas/locale.ts'
import { pageTextsOf } from '../../../worker/pages/shared/page-texts.ts'

// A store's rating (issue 43): the average in the shop's numbers and the line for screen readers
// in the brand's language; the UK's exactly as it always read.

const NL = shopLocaleOf({
  locale: 'nl_NL',
  currency: 'EUR',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
})

function lineOn(shop: ShopLocale | null, average: number, count: number): string {
  const line = <StoreRatingLine rating={{ average, count }} />
  const html = renderToStaticMarkup(
    shop === null ? (
      line
    ) : (
      <ShopLocaleContext value={shop}>
        <PageTextsContext value={pageTextsOf(shop)}>{line}</PageTextsContext>
      </ShopLocaleContext>
    )
  )
  return html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|')
}

describe('a store’s rating line', () => {
  it('reads as it always did in the UK', () => {
    for (const shop of [null, GB_LOCALE]) {
      expect(lineOn(shop, 4.5, 12)).toBe('|★★★★★|Rated 4.5 out of 5 (12 reviews)|4.5 (12)|')
      expect(lineOn(shop, 5, 1)).toBe('|★★★★★|Rated 5.0 out of 5 (1 review)|5.0 (1)|')
      expect(lineOn(shop, 4.25, 4)).toContain('Rated 4.3 out of 5 (4 reviews)')
    }
  })

  it('speaks Dutch with a decimal comma on a Dutch brand', () => {
    expect(lineOn(NL, 4.5, 12)).toBe(
      '|★★★★★|Beoordeeld met 4,5 van de 5 (12 beoordelingen)|4,5 (12)|'
    )
    expect(lineOn(NL, 5, 1)).toContain('Beoordeeld met 5,0 van de 5 (1 beoordeling)')
  })
})

import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useOrderMobileHint } from '../../../client/lib/mobile-hint.ts'
import { PageTextsContext } from '../../../client/lib/page-text.ts'
import { ShopLocaleContext } from '../../../client/lib/shop-locale.ts'
import { GB_LOCALE, shopLocaleOf, type ShopLocale } from '../../../schemas/locale.ts'
import { pageTextsOf } from '../../../worker/pages/shared/page-texts.ts'

// The checkout's phone hint (issue 43): abroad it gives the country's example mobile, in the
// brand's language; the UK's reads exactly as it always did.

const NL = shopLocaleOf({
  locale: 'nl_NL',
  currency: 'EUR',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
})
const IE = shopLocaleOf({
  locale: 'en_IE',
  currency: 'EUR',
  countryCode: 'IE',
  timeZone: 'Europe/Dublin',
})

function Hint() {
  return <p>{useOrderMobileHint()}</p>
}

function hintOn(shop: ShopLocale): string {
  return renderToStaticMarkup(
    <ShopLocaleContext value={shop}>
      <PageTextsContext value={pageTextsOf(shop)}>
        <Hint />
      </PageTextsContext>
    </ShopLocaleContext>
  )
}

describe('the checkout’s phone hint', () => {
  it('stays exactly the UK’s', () => {
    expect(hintOn(GB_LOCALE)).toBe('<p>We will text you about your order.</p>')
    // No provider at all (a UK page in a unit test): the same words.
    expect(renderToStaticMarkup(<Hint />)).toBe('<p>We will text you about your order.</p>')
  })

  it('gives the country’s example mobile abroad, in the brand’s language', () => {
    expect(hintOn(NL)).toBe(
      '<p>We sturen je een sms over je bestelling. Een mobiel nummer, bijv. 06 12345678.</p>'
    )
    expect(hintOn(IE)).toBe(
      '<p>We will text you about your order. A mobile number, e.g. 085 012 3456.</p>'
    )
  })
})

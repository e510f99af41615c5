import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AddedTaxList, AddedTaxRows } from '../../../client/components/AddedTaxRows.tsx'
import { BasketTotals } from '../../../client/components/basket/BasketTotals.tsx'
import { documentLocale, localeAttributes } from '../../../client/lib/document-locale.ts'
import { ShopLocaleContext } from '../../../client/lib/shop-locale.ts'
import { GB_LOCALE, type ShopLocale, shopLocaleOf } from '../../../schemas/locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { basketAnswer } from '../../support/baskets.ts'

/*
 * Tax added at checkout on the page (ADR 055): the basket says the tax comes at checkout, an
 * order's tax shows a row per jurisdiction, and a shop whose prices include VAT shows neither.
 */

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

const US: ShopLocale = shopLocaleOf({
  locale: 'en_US',
  currency: 'USD',
  countryCode: 'US',
  timeZone: 'America/New_York',
  taxMode: 'added_at_checkout',
})

function inShop(shop: ShopLocale, node: React.ReactNode): string {
  return text(renderToString(<ShopLocaleContext value={shop}>{node}</ShopLocaleContext>))
}

describe('the basket’s totals', () => {
  it('say the tax is calculated at checkout where prices exclude it', () => {
    expect(inShop(US, <BasketTotals basket={basketAnswer(2, 1250)} />)).toContain(
      `Total $12.50 ${MESSAGES.taxAtCheckout}`
    )
  })

  it('say nothing of tax where prices include VAT', () => {
    const html = inShop(GB_LOCALE, <BasketTotals basket={basketAnswer(2, 1250)} />)
    expect(html).not.toContain(MESSAGES.taxAtCheckout)
    expect(html).toContain('Total £12.50')
  })
})

describe('an order’s added tax', () => {
  const tax = {
    total: 1498,
    jurisdictions: [
      { code: 'CA-GST', name: 'GST', rate: 5000, taxable: 10_000, tax: 500 },
      { code: 'CA-QC-QST', name: 'QST', rate: 9975, taxable: 10_000, tax: 998 },
    ],
  }

  it('shows a row per jurisdiction with its rate, or one Tax row when none is named', () => {
    expect(inShop(US, <AddedTaxList tax={tax} />)).toBe('GST (5%) $5.00 QST (9.975%) $9.98')
    expect(inShop(US, <AddedTaxList tax={{ total: 80, jurisdictions: [] }} />)).toBe(
      `${MESSAGES.taxAddedLine} $0.80`
    )
  })

  it('shows nothing for an order whose prices included VAT', () => {
    expect(renderToString(<AddedTaxRows tax={null} />)).toBe('')
    expect(renderToString(<AddedTaxList tax={null} />)).toBe('')
  })
})

describe('the document’s locale', () => {
  it('carries the tax mode only where tax is added, so a UK page’s markup is unchanged', () => {
    expect(localeAttributes(US)).toMatchObject({ 'data-tax-mode': 'added_at_checkout' })
    expect(Object.keys(localeAttributes(GB_LOCALE))).not.toContain('data-tax-mode')
    expect(shopLocaleOf({ countryCode: 'GB', taxMode: 'included' })).toEqual(GB_LOCALE)
    // Outside a browser the islands read the UK's.
    expect(documentLocale()).toEqual(GB_LOCALE)
  })
})

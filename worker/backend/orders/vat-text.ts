import { translate } from '../../../schemas/message-catalogue.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { AddedTax } from '../../../schemas/added-tax.ts'
import { taxRateLabel } from '../../../schemas/sales-tax.ts'
import type { VatBreakdown } from '../../../schemas/vat-breakdown.ts'
import { vatRateLabel } from '../../../schemas/vat.ts'

/**
 * The VAT breakdown as an email's text (ADR 051), a line a rate in the shop's language:
 * 'VAT 20%: £10.50 incl. £1.75 VAT', 'BTW 9%: € 10,90 incl. € 0,90 btw'; null without one.
 */
export function vatEmailText(vat: VatBreakdown | null, shop: ShopLocale): string | null {
  if (vat === null || vat.rows.length === 0) return null
  return vat.rows
    .map((row) =>
      translate(
        shop,
        'vatEmailLine',
        vatRateLabel(row.rate),
        formatMoney(row.gross, shop),
        formatMoney(row.vat, shop)
      )
    )
    .join('\n')
}

/**
 * The tax added at checkout as an email's text (ADR 055), a line a jurisdiction:
 * 'New York State sales tax 4%: $0.80'; null where the order's prices included VAT.
 */
export function addedTaxEmailText(tax: AddedTax | null, shop: ShopLocale): string | null {
  if (tax === null) return null
  if (tax.jurisdictions.length === 0) {
    return translate(
      shop,
      'taxEmailLine',
      translate(shop, 'taxAddedLine'),
      formatMoney(tax.total, shop)
    )
  }
  return tax.jurisdictions
    .map((row) =>
      translate(
        shop,
        'taxEmailLine',
        row.rate === null ? row.name : `${row.name} ${taxRateLabel(row.rate)}`,
        formatMoney(row.tax, shop)
      )
    )
    .join('\n')
}

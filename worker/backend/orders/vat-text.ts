import { translate } from '../../../schemas/message-catalogue.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { formatMoney } from '../../../schemas/money.ts'
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

import { MESSAGES } from '../../schemas/messages.ts'
import type { VatBreakdown } from '../../schemas/vat-breakdown.ts'
import { vatRateLabel } from '../../schemas/vat.ts'
import { useMoney, useShopLocale } from '../lib/shop-locale.ts'
import { useText } from '../lib/page-text.ts'

/**
 * An order's VAT by rate (ADR 051): each rate's goods with VAT in them (fees and discounts shared
 * out) and the VAT in that, then the tip, which carries none. Prices already include the VAT, so
 * nothing here adds to the total above it.
 */
export function VatBreakdownTable({ vat }: { vat: VatBreakdown }) {
  const formatMoney = useMoney()
  const shop = useShopLocale()
  const text = useText()
  return (
    <table className="w-full text-sm" data-testid="vat-breakdown">
      <caption className="mb-1 text-start font-bold">{text(MESSAGES.vatBreakdownHeading)}</caption>
      <thead>
        <tr className="border-b border-black/10 text-ink/80">
          <th scope="col" className="py-1 text-start font-semibold">
            {text(MESSAGES.vatRateColumn)}
          </th>
          <th scope="col" className="py-1 text-end font-semibold">
            {text(MESSAGES.vatGoodsColumn)}
          </th>
          <th scope="col" className="py-1 text-end font-semibold">
            {text(MESSAGES.vatAmountColumn)}
          </th>
        </tr>
      </thead>
      <tbody>
        {vat.rows.map((row) => (
          <tr key={row.rate}>
            <th scope="row" className="py-1 text-start font-normal">
              {vatRateLabel(row.rate, shop)}
            </th>
            <td className="py-1 text-end">{formatMoney(row.gross)}</td>
            <td className="py-1 text-end">{formatMoney(row.vat)}</td>
          </tr>
        ))}
        {vat.noVat > 0 ? (
          <tr>
            <th scope="row" className="py-1 text-start font-normal">
              {text(MESSAGES.vatNoVat)}
            </th>
            <td className="py-1 text-end">{formatMoney(vat.noVat)}</td>
            <td className="py-1 text-end">{formatMoney(0)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  )
}

import type { AddedTax } from '../../schemas/added-tax.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { taxRateLabel } from '../../schemas/sales-tax.ts'
import { useMoney } from '../lib/shop-locale.ts'
import { useText } from '../lib/page-text.ts'
import { TotalsRow } from './basket/BasketTotals.tsx'

/**
 * The tax an order added at checkout (ADR 055), as stored when it was placed: a row per
 * jurisdiction ('New York State sales tax (4%)'), or one 'Tax' row when the service named none.
 * Nothing for an order whose prices include VAT (its receipt shows the VAT breakdown instead).
 */
export function AddedTaxRows({ tax }: { tax: AddedTax | null }) {
  const money = useMoney()
  if (tax === null) return null
  if (tax.jurisdictions.length === 0) {
    return <TotalsRow label={MESSAGES.taxAddedLine} value={money(tax.total)} />
  }
  return (
    <>
      {tax.jurisdictions.map((row, index) => (
        <TotalsRow
          key={index}
          label={row.rate === null ? row.name : `${row.name} (${taxRateLabel(row.rate)})`}
          value={money(row.tax)}
        />
      ))}
    </>
  )
}

/** The same rows as a list of their own, under an order's money (receipt, store console). */
export function AddedTaxList({ tax }: { tax: AddedTax | null }) {
  const text = useText()
  if (tax === null) return null
  return (
    <dl
      aria-label={text(MESSAGES.taxAddedLine)}
      className="mt-4 flex flex-col gap-1.5 text-sm sm:max-w-sm"
    >
      <AddedTaxRows tax={tax} />
    </dl>
  )
}

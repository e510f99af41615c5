// VAT (issue 43, ADR 051): an item stores its rate class, never a percentage; the rate of a class
// is the country's, in one table, and an order line keeps the class and the rate it was sold at.
// Pure and without zod, so pages, the backend and the demo generator share it.
import { formatNumber, GB_LOCALE, type ShopLocale } from './locale.ts'

export const VAT_CLASSES = ['zero', 'reduced', 'standard'] as const
export type VatClass = (typeof VAT_CLASSES)[number]

/** A rate in basis points (2000 = 20 %, 1350 = 13.5 %): Ireland's reduced rate is not whole. */
export type VatRates = Readonly<Record<VatClass, number>>

/**
 * The rates per country, in force today. A country not here adds its tax at checkout instead
 * (the tax port, `TaxCalculator`), so its items' classes have no rate.
 */
export const VAT_RATES: Readonly<Record<string, VatRates>> = Object.freeze({
  GB: { zero: 0, reduced: 500, standard: 2000 },
  IE: { zero: 0, reduced: 1350, standard: 2300 },
  NL: { zero: 0, reduced: 900, standard: 2100 },
})

/** Where a shopper sees prices with VAT in them (nothing is added at checkout). */
export function pricesIncludeVat(countryCode: string): boolean {
  return Object.hasOwn(VAT_RATES, countryCode.toUpperCase())
}

/** The country's rates, or null where tax is added at checkout. */
export function vatRatesOf(countryCode: string): VatRates | null {
  return VAT_RATES[countryCode.toUpperCase()] ?? null
}

export function isVatClass(value: string): value is VatClass {
  return (VAT_CLASSES as ReadonlyArray<string>).includes(value)
}

/** '20%', '13.5%': a rate in basis points as a receipt prints it. */
export function vatRateLabel(basisPoints: number, shop: ShopLocale = GB_LOCALE): string {
  if (shop.locale === GB_LOCALE.locale) return `${basisPoints / 100}%`
  // The language's decimal sign and percent: '13,5%' in Dutch.
  return formatNumber(basisPoints / 10_000, shop, { style: 'percent', maximumFractionDigits: 2 })
}

/**
 * The VAT inside an amount that includes it, in integer minor units: round(amount × rate /
 * (100 % + rate)), halves away from zero, computed in integers (no float can lose a penny).
 */
export function includedVat(amount: number, basisPoints: number): number {
  const denominator = 10_000 + basisPoints
  const scaled = Math.abs(amount) * basisPoints
  const vat = Math.floor((2 * scaled + denominator) / (2 * denominator))
  return amount < 0 ? -vat : vat
}

/** One rate's part of an order: what its goods came to with VAT, and the VAT in that. */
export interface VatRow {
  /** Basis points. */
  rate: number
  gross: number
  vat: number
}

/** What an order's lines came to at each rate, and the order-level amounts around them. */
export interface VatBreakdownInput {
  /** Each supplied line: what it was charged (after picking) and the rate it was sold at. */
  lines: ReadonlyArray<{ amount: number; rate: number }>
  /**
   * What the goods and fees came to in all, VAT included: the order's total before store credit
   * (a means of payment, not a discount) and without the tip (no supply, so no VAT).
   */
  charged: number
  /** The rate fees and discounts fall under when the order supplied nothing (all short). */
  fallbackRate: number
}

/**
 * The order's VAT by rate (ADR 051). Each rate's goods are the lines at that rate; the rest of
 * the charge (discounts, which are negative, and the delivery and service fees, which follow the
 * goods they deliver) is shared out between the rates pro rata to their goods, by largest
 * remainder, so the rows' gross amounts add up to `charged` exactly. The VAT of each row is
 * `includedVat` of its gross: one rounding per rate, as a VAT invoice shows it.
 */
export function vatBreakdown(input: VatBreakdownInput): Array<VatRow> {
  const goods = new Map<number, number>()
  for (const line of input.lines) {
    if (line.amount === 0) continue
    goods.set(line.rate, (goods.get(line.rate) ?? 0) + line.amount)
  }
  const rates = [...goods.keys()].sort((a, b) => a - b)
  const base = rates.reduce((sum, rate) => sum + (goods.get(rate) ?? 0), 0)
  if (base <= 0) {
    return input.charged === 0
      ? []
      : [
          {
            rate: input.fallbackRate,
            gross: input.charged,
            vat: includedVat(input.charged, input.fallbackRate),
          },
        ]
  }
  const rest = input.charged - base
  // Largest remainder: each rate takes the floor of its exact share, then the pennies left go to
  // the largest fractions (ties to the higher rate, so the order is fixed).
  const shares = rates.map((rate) => {
    const exact = rest * (goods.get(rate) ?? 0)
    const floor = Math.floor(exact / base)
    return { rate, share: floor, remainder: exact - floor * base }
  })
  let left = rest - shares.reduce((sum, s) => sum + s.share, 0)
  for (const s of [...shares].sort((a, b) => b.remainder - a.remainder || b.rate - a.rate)) {
    if (left <= 0) break
    s.share += 1
    left -= 1
  }
  return shares
    .map(({ rate, share }) => {
      const gross = (goods.get(rate) ?? 0) + share
      return { rate, gross, vat: includedVat(gross, rate) }
    })
    .filter((row) => row.gross !== 0)
}

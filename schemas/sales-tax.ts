// Tax added at checkout (issue 43, ADR 055): where prices exclude tax (US sales tax, Canada's
// GST/HST/PST/QST) the order adds it on top, by the jurisdictions of the place it is delivered
// to or collected at. GB/IE/NL include VAT in their prices (ADR 051) and never come here.
// Pure and without zod, so pages, the backend and the tests share it.

/** How a business's prices treat tax: VAT inside them (ADR 051), or tax added at checkout. */
export const TAX_MODES = ['included', 'added_at_checkout'] as const
export type TaxMode = (typeof TAX_MODES)[number]

export function isTaxMode(value: unknown): value is TaxMode {
  return typeof value === 'string' && (TAX_MODES as ReadonlyArray<string>).includes(value)
}

/**
 * A tax rate in thousandths of a percent (7250 = 7.25 %, 9975 = Quebec's 9.975 %): the rates
 * of the local table are exact in it, where basis points would lose Quebec's last digit.
 */
export const RATE_SCALE = 100_000

/** '7.25%', '9.975%', '5%': a rate as a receipt prints it. */
export function taxRateLabel(rate: number): string {
  return `${rate / 1000}%`
}

/**
 * `amount × rate`, rounded half up to the minor unit, in integers (no float can lose a cent).
 * Amounts taxed are never negative: discounts come off the lines before tax.
 */
export function taxOn(amount: number, rate: number): number {
  return Math.floor((2 * amount * rate + RATE_SCALE) / (2 * RATE_SCALE))
}

/**
 * Shares `whole` out between parts in proportion to their weights, by largest remainder (ties
 * to the earlier part), so the shares add up to `whole` exactly. All weights zero: nothing to
 * share by, so the whole goes to the first part (callers never pass an empty list with a whole).
 */
export function shareOut(whole: number, weights: ReadonlyArray<number>): Array<number> {
  if (weights.length === 0) return []
  const base = weights.reduce((sum, weight) => sum + weight, 0)
  if (base === 0) return weights.map((_, index) => (index === 0 ? whole : 0))
  const sign = whole < 0 ? -1 : 1
  const magnitude = Math.abs(whole)
  const parts = weights.map((weight, index) => {
    const exact = magnitude * weight
    const floor = Math.floor(exact / base)
    return { index, share: floor, remainder: exact - floor * base }
  })
  let left = magnitude - parts.reduce((sum, part) => sum + part.share, 0)
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break
    part.share += 1
    left -= 1
  }
  return parts.map((part) => sign * part.share)
}

/**
 * The tax given back with `quantity` more units of a line whose `received` units carried
 * `lineTax`, after `alreadyRefunded` units: each unit's share rounded down cumulatively, so
 * refunding every unit, in any steps, gives back exactly the line's tax. The same rule as the
 * line's price (lineRefundAmount in worker/backend/orders/pricing.ts).
 */
export function refundedTax(
  lineTax: number,
  received: number,
  alreadyRefunded: number,
  quantity: number
): number {
  if (received < 1 || quantity < 1 || alreadyRefunded + quantity > received) return 0
  const upTo = (units: number) => Math.floor((lineTax * units) / received)
  return upTo(alreadyRefunded + quantity) - upTo(alreadyRefunded)
}

/**
 * A line's tax once picked: its share of what the line is now charged (short, out of stock, a
 * cheaper substitute), rounded down in the shopper's favour, never more than it carried at
 * checkout (a weighed line heavier than its estimate adds no tax). Unmarked: all of it.
 */
export function pickedLineTax(
  lineTax: number,
  totalPrice: number,
  chargedPrice: number | null
): number {
  if (chargedPrice === null || totalPrice <= 0 || chargedPrice >= totalPrice) return lineTax
  return Math.floor((lineTax * Math.max(0, chargedPrice)) / totalPrice)
}

/** What picking gives back of the order's tax (≤ 0): each line's tax less what it keeps. */
export function pickingTaxDifference(
  lines: ReadonlyArray<{ tax: number; totalPrice: number; chargedPrice: number | null }>
): number {
  return lines.reduce(
    (sum, line) => sum + pickedLineTax(line.tax, line.totalPrice, line.chargedPrice) - line.tax,
    0
  )
}

/** One jurisdiction's part of an order's tax, as the receipt lists it. */
export interface TaxJurisdictionRow {
  /** Stable code: 'US-NY', 'CA-GST', 'CA-QC-QST'. */
  code: string
  /** What the receipt prints: 'New York State sales tax', 'GST'. */
  name: string
  /** Thousandths of a percent; null when the service gave none (a blended or unknown rate). */
  rate: number | null
  /** What was taxed at it, in minor units. */
  taxable: number
  tax: number
}

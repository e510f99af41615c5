import type { TaxJurisdictionRow } from '../../../schemas/sales-tax.ts'
import { shareOut } from '../../../schemas/sales-tax.ts'
import type { VatClass } from '../../../schemas/vat.ts'

/*
 * The tax port (issue 43, ADR 055): where prices exclude tax, checkout asks it what tax a basket
 * carries at the place it goes to. The local default answers from a small rate table; the real
 * adapter asks a hosted tax service (Stripe Tax). Both answer in integer minor units, and both
 * throw AppError('upstream_error') when they cannot answer: an order is never placed with a tax
 * nobody worked out (ADR 055, fail closed).
 */

/** Where the goods are supplied: the delivery address, or the store's for a collection. */
export interface TaxPlace {
  /** ISO 3166-1 alpha-2: 'US', 'CA'. */
  country: string
  postcode: string
  /** The state or province as the address holds it, when it does ('NY', 'Ontario'). */
  region: string | null
  city: string | null
  line1: string | null
}

/** A line of goods before discounts: what its units cost and the class of its item (ADR 051). */
export interface TaxableLine {
  /** Unique in the request: the answer names its line by it. */
  reference: string
  amount: number
  quantity: number
  taxClass: VatClass
}

export interface TaxRequest {
  /** ISO 4217, upper case: 'USD'. */
  currency: string
  place: TaxPlace
  lines: ReadonlyArray<TaxableLine>
  /** What deals and the coupon take off the goods (≥ 0): off the taxable price, before tax. */
  discount: number
  /** The delivery and service fees (≥ 0); the tip is no supply and never comes here. */
  fees: { delivery: number; service: number }
}

export interface LineTax {
  reference: string
  tax: number
}

/**
 * The tax of a request. Invariant (checked by `assertTaxAnswerAddsUp`): the lines' tax plus the
 * fees' tax is `total`, and so is the jurisdictions' tax.
 */
export interface TaxAnswer {
  lines: Array<LineTax>
  fees: { delivery: number; service: number }
  jurisdictions: Array<TaxJurisdictionRow>
  total: number
  /** The service's id of the calculation ('taxcalc_…'), null for the local table. */
  reference: string | null
}

export interface TaxCalculator {
  calculate(request: TaxRequest): Promise<TaxAnswer>
}

/**
 * The lines after the request's discount: shared out pro rata to their amounts by largest
 * remainder, so the net amounts add up to the goods less the discount exactly. A discount
 * larger than the goods leaves every line at zero (a basket's total never goes below zero).
 */
export function discountedLines(request: TaxRequest): Array<TaxableLine> {
  const goods = request.lines.reduce((sum, line) => sum + line.amount, 0)
  const discount = Math.min(Math.max(0, request.discount), goods)
  const shares = shareOut(
    discount,
    request.lines.map((line) => line.amount)
  )
  return request.lines.map((line, index) => ({
    ...line,
    amount: line.amount - (shares[index] ?? 0),
  }))
}

/** Throws when an answer does not add up (a service's answer we cannot trust is no answer). */
export function assertTaxAnswerAddsUp(answer: TaxAnswer): void {
  const lines = answer.lines.reduce((sum, line) => sum + line.tax, 0)
  const byPlace = answer.jurisdictions.reduce((sum, row) => sum + row.tax, 0)
  const parts = [lines + answer.fees.delivery + answer.fees.service, byPlace]
  if (parts.some((part) => part !== answer.total) || answer.total < 0) {
    throw new Error(
      `tax answer does not add up: lines and fees ${String(parts[0])}, jurisdictions ${String(byPlace)}, total ${String(answer.total)}`
    )
  }
}

import type { Basket } from '../../../schemas/basket.ts'
import type { CheckoutAddress } from '../../../schemas/checkout.ts'
import type { TaxJurisdictionRow } from '../../../schemas/sales-tax.ts'
import type { VatClass } from '../../../schemas/vat.ts'
import { itemClasses } from './order-tax-repo.ts'
import type { TaxCalculator, TaxPlace, TaxRequest } from '../tax/tax-calculator.ts'

/*
 * The tax an order adds at checkout (ADR 055), asked of the business's tax calculator as the
 * draft is made: the basket's lines with their items' classes, its discounts and fees, at the
 * place the goods go. Stored with the draft (draftTaxStatements), so nothing works it out again.
 */

/** What the draft stores: the whole, each jurisdiction, and each line's share in basket order. */
export interface OrderTax {
  total: number
  jurisdictions: Array<TaxJurisdictionRow>
  reference: string | null
  /** Each item line's tax, then each meal deal's, in the order the draft writes them. */
  lines: Array<number>
  meals: Array<number>
}

export function placeOfAddress(address: CheckoutAddress): TaxPlace {
  return {
    country: address.country,
    postcode: address.postcode,
    region: address.county,
    city: address.town,
    line1: address.addressLine1,
  }
}

/** The request for a basket: a line per item line (`item:<n>`), then per meal deal (`meal:<n>`). */
export function taxRequestOf(
  basket: Basket,
  classes: ReadonlyMap<number, VatClass>,
  place: TaxPlace,
  currency: string
): TaxRequest {
  const totals = basket.totals
  return {
    currency,
    place,
    lines: [
      ...basket.lines.map((line, index) => ({
        reference: `item:${String(index + 1)}`,
        amount: line.lineTotal,
        quantity: line.quantity,
        // Unclassed is standard: it never under-states the tax (as ADR 051).
        taxClass: classes.get(line.itemId) ?? 'standard',
      })),
      // A meal deal is one price for several items: standard, as ADR 051 does for VAT.
      ...basket.mealDeals.map((meal, index) => ({
        reference: `meal:${String(index + 1)}`,
        amount: meal.lineTotal,
        quantity: meal.quantity,
        taxClass: 'standard' as const,
      })),
    ],
    discount: totals.dealDiscount + totals.couponDiscount,
    fees: { delivery: totals.deliveryFee, service: totals.serviceFee },
  }
}

/** Asks the calculator for the basket's tax at `place`. */
export async function orderTaxOf(
  db: D1Database,
  input: {
    businessId: number
    basket: Basket
    place: TaxPlace
    currency: string
    calculator: TaxCalculator
  }
): Promise<OrderTax> {
  const { basket } = input
  const classes = await itemClasses(
    db,
    input.businessId,
    basket.lines.map((line) => line.itemId)
  )
  const request = taxRequestOf(basket, classes, input.place, input.currency)
  const answer = await input.calculator.calculate(request)
  const taxOf = new Map(answer.lines.map((line) => [line.reference, line.tax]))
  return {
    total: answer.total,
    jurisdictions: answer.jurisdictions,
    reference: answer.reference,
    lines: basket.lines.map((_, index) => taxOf.get(`item:${String(index + 1)}`) ?? 0),
    meals: basket.mealDeals.map((_, index) => taxOf.get(`meal:${String(index + 1)}`) ?? 0),
  }
}

import type { NamedDiscount } from '../../../schemas/named-discounts.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { fillMessage, type Say } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { parsePricingTerms, pickedBasketPricing, type RepricedLine } from './repricing.ts'
import {
  findOrderDiscountFacts,
  type OrderDiscountRow,
  orderPickLines,
  type PickLineRow,
} from './repo.ts'
import { outcomeOf } from './view.ts'

/*
 * What each discount of an order took off, by name (issue 35 item 19), for every place that tells
 * the order's money. The deals and the coupon come from the same pricing as the basket and picking
 * (computeTotals through pickedBasketPricing) over the order's lines with their marks and the
 * terms recorded at checkout, so after picking they are the re-priced figures. Pure but for the
 * loader at the end.
 */

/** The order's money fields the breakdown reads. */
export interface DiscountFacts {
  pricingTermsJson: string | null
  couponCode: string | null
  couponDiscount: number
  discountTotal: number
  creditApplied: number
}

/**
 * Deals, then the coupon, then store credit; only those that took something off. A deal's name
 * and a coupon's code are the operator's and never translated; the words around them are said by
 * `say` (sayIn(shop): the business's language; English by default, for the store console).
 */
export function namedDiscounts(
  facts: DiscountFacts,
  lines: ReadonlyArray<RepricedLine>,
  say: Say = fillMessage
): Array<NamedDiscount> {
  const named: Array<NamedDiscount> = []
  const terms = parsePricingTerms(facts.pricingTermsJson)
  if (terms !== null) {
    const priced = pickedBasketPricing(terms, lines)
    for (const deal of priced.deals) {
      named.push({ kind: 'deal', label: deal.name, amount: deal.discount })
    }
    if (priced.coupon !== null && priced.coupon.discount > 0) {
      named.push({
        kind: 'coupon',
        label: say(MESSAGES.pageCouponNamed, priced.coupon.code),
        amount: priced.coupon.discount,
      })
    }
  } else {
    // Placed before the terms were kept: the amounts checkout recorded, deals as one.
    const deals = facts.discountTotal - facts.couponDiscount
    if (deals > 0) named.push({ kind: 'deal', label: say(MESSAGES.pageOffers), amount: deals })
    if (facts.couponDiscount > 0) {
      named.push({
        kind: 'coupon',
        label: facts.couponCode
          ? say(MESSAGES.pageCouponNamed, facts.couponCode)
          : say(MESSAGES.pageCoupon),
        amount: facts.couponDiscount,
      })
    }
  }
  if (facts.creditApplied > 0) {
    named.push({
      kind: 'credit',
      label: say(MESSAGES.pageStoreCredit),
      amount: facts.creditApplied,
    })
  }
  return named
}

/** The named discounts of an order from its row and its picking lines with their marks. */
export function discountsOfOrder(
  row: OrderDiscountRow,
  lines: ReadonlyArray<PickLineRow>,
  say: Say = fillMessage
): Array<NamedDiscount> {
  return namedDiscounts(
    {
      pricingTermsJson: row.pricing_terms_json,
      couponCode: row.coupon_code,
      couponDiscount: row.coupon_discount,
      discountTotal: row.discount_total,
      creditApplied: row.credit_applied,
    },
    lines.map((line) => ({
      kind: line.kind,
      itemId: line.menu_item_id,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      totalPrice: line.total_price,
      outcome: outcomeOf(line),
      weighed: line.sold_by !== 'each',
    })),
    say
  )
}

/**
 * The named discounts of one order, read with its lines and marks, in the shop's language (its
 * shopper's pages and emails); [] for an unknown order.
 */
export async function orderNamedDiscounts(
  db: D1Database,
  orderId: number,
  shop: ShopLocale | Promise<ShopLocale> = GB_LOCALE
): Promise<Array<NamedDiscount>> {
  // The shop's locale may still be on its way: its read runs beside the order's, not before it.
  const [row, lines, locale] = await Promise.all([
    findOrderDiscountFacts(db, orderId),
    orderPickLines(db, orderId),
    shop,
  ])
  return row ? discountsOfOrder(row, lines, sayIn(locale)) : []
}

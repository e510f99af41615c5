import type { BasketCoupon, BasketDealDiscount, BasketTotals } from '../../../schemas/basket.ts'
import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { lineAmount, type Weighing } from '../../../schemas/weighing.ts'

/*
 * The basket's money, computed in one pure place (no D1): the basket answer, the checkout and the
 * unit and property tests all go through computeTotals. Every amount is integer pence.
 */

/** A line as priced now: unavailable lines keep their place but count for nothing. */
export interface TotalsLine {
  itemId: number
  quantity: number
  unitPrice: number
  available: boolean
  /** A weighed item (ADR 039): priced by lineAmount, and outside the automatic deals. */
  weighing?: Weighing | null
}

export interface TotalsMealDeal {
  quantity: number
  unitPrice: number
  available: boolean
}

/** A deal applied automatically to the items of its sections. */
export interface TotalsDeal {
  dealId: number
  slug: string
  name: string
  kind: 'multibuy' | 'percent_off' | 'amount_off'
  quantityRequired: number | null
  price: number | null
  discountPercent: number | null
  discountAmount: number | null
  itemIds: ReadonlyArray<number>
}

export interface TotalsCoupon {
  code: string
  description: string | null
  kind: 'percent' | 'amount' | 'free_delivery'
  value: number
  minimumSpend: number
  maximumDiscount: number | null
  fulfilmentMethod: FulfilmentMethod | null
  needsReapply: boolean
}

/** The store's (or its delivery zone's) terms for this basket. */
export interface TotalsTerms {
  fulfilmentMethod: FulfilmentMethod
  /** The store's or the matching zone's delivery fee. */
  deliveryFee: number
  serviceFee: number
  freeDeliveryThreshold: number | null
  deliveryMinimumSpend: number
  collectionMinimumSpend: number
  tip: number
}

export interface TotalsInput {
  lines: ReadonlyArray<TotalsLine>
  mealDeals: ReadonlyArray<TotalsMealDeal>
  deals: ReadonlyArray<TotalsDeal>
  coupon: TotalsCoupon | null
  terms: TotalsTerms
  /** The member's store credit (ADR 020); absent or balance null: a guest basket. */
  credit?: TotalsCredit
  /**
   * The business's language and money for the coupon's message ('Besteed € 20,00…'); absent,
   * the UK's. Not a pricing term: it changes no amount.
   */
  shop?: ShopLocale
}

/** What the pricing reads besides the lines and credit: an order keeps it (ADR 017 "Picking"). */
export type PricingTerms = Pick<TotalsInput, 'deals' | 'coupon' | 'terms'>

export interface TotalsCredit {
  /** The member's balance in pence, null for a guest basket. */
  balance: number | null
  /** The shopper's choice (baskets.use_credit); on by default. */
  useCredit: boolean
}

export interface TotalsResult {
  deals: Array<BasketDealDiscount>
  coupon: BasketCoupon | null
  totals: BasketTotals
}

/** amount × percent / 100, rounded half-up to the penny (amounts are never negative). */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100)
}

interface Unit {
  line: number
  price: number
}

/**
 * Automatic deals over the available lines, in the order given (the deals' positions). A unit of
 * an item counts towards one deal at most, so deals never stack on the same unit.
 *
 * Multibuy ('any N for £X') groups the eligible units most-expensive-first: the shopper gets the
 * largest saving the deal allows, and the units left over (paid at full price) are the cheapest.
 * A group that would cost more as the deal than at full price is not formed.
 */
function dealDiscounts(
  lines: ReadonlyArray<TotalsLine>,
  deals: ReadonlyArray<TotalsDeal>
): Array<BasketDealDiscount> {
  const used = lines.map(() => 0)
  const applied: Array<BasketDealDiscount> = []
  for (const deal of deals) {
    const eligible = new Set(deal.itemIds)
    const free = (index: number): number => {
      const line = lines[index]
      // A deal counts units of a price; a weighed line's units are estimates, so none apply.
      if (!line || !line.available || (line.weighing ?? null) !== null) return 0
      if (!eligible.has(line.itemId)) return 0
      return line.quantity - (used[index] ?? 0)
    }
    let discount = 0
    if (deal.kind === 'multibuy') {
      const size = deal.quantityRequired ?? 0
      const price = deal.price ?? 0
      if (size < 1) continue
      const units: Array<Unit> = []
      lines.forEach((line, index) => {
        for (let n = 0; n < free(index); n++) units.push({ line: index, price: line.unitPrice })
      })
      units.sort((a, b) => b.price - a.price || a.line - b.line)
      for (let start = 0; start + size <= units.length; start += size) {
        const group = units.slice(start, start + size)
        const full = group.reduce((sum, unit) => sum + unit.price, 0)
        if (full <= price) continue
        discount += full - price
        for (const unit of group) used[unit.line] = (used[unit.line] ?? 0) + 1
      }
    } else {
      lines.forEach((line, index) => {
        const count = free(index)
        if (count <= 0) return
        const off =
          deal.kind === 'percent_off'
            ? percentOf(line.unitPrice * count, deal.discountPercent ?? 0)
            : Math.min(deal.discountAmount ?? 0, line.unitPrice) * count
        if (off <= 0) return
        discount += off
        used[index] = line.quantity
      })
    }
    if (discount > 0) {
      applied.push({ dealId: deal.dealId, slug: deal.slug, name: deal.name, discount })
    }
  }
  return applied
}

function couponOutcome(
  coupon: TotalsCoupon,
  discounted: number,
  method: FulfilmentMethod,
  shop: ShopLocale
): { coupon: BasketCoupon; discount: number; freeDelivery: boolean } {
  const say = sayIn(shop)
  const none = (message: string | null) => ({
    coupon: {
      code: coupon.code,
      description: coupon.description,
      discount: 0,
      needsReapply: coupon.needsReapply,
      message,
    },
    discount: 0,
    freeDelivery: false,
  })
  if (coupon.needsReapply) return none(say(MESSAGES.couponSignIn))
  if (coupon.fulfilmentMethod !== null && coupon.fulfilmentMethod !== method) {
    return none(say(MESSAGES.couponWrongMethod, coupon.fulfilmentMethod))
  }
  if (discounted < coupon.minimumSpend) {
    return none(say(MESSAGES.couponMinimumSpend, formatMoney(coupon.minimumSpend, shop)))
  }
  let discount = 0
  if (coupon.kind === 'percent') {
    discount = percentOf(discounted, coupon.value)
    if (coupon.maximumDiscount !== null) discount = Math.min(discount, coupon.maximumDiscount)
  } else if (coupon.kind === 'amount') {
    discount = coupon.value
  }
  discount = Math.max(0, Math.min(discount, discounted))
  return {
    coupon: { ...none(null).coupon, discount },
    discount,
    freeDelivery: coupon.kind === 'free_delivery' && method === 'delivery',
  }
}

/**
 * Store credit on what is left to pay (ADR 020): the whole balance up to that amount when the
 * shopper uses it; a guest has none (creditAvailable null). The minimum spend is on the goods,
 * so credit never makes a basket fall short of it.
 */
export function creditOutcome(
  credit: TotalsCredit | undefined,
  beforeCredit: number
): Pick<BasketTotals, 'creditAvailable' | 'creditApplied' | 'useCredit'> {
  const balance = credit?.balance ?? null
  const useCredit = credit?.useCredit ?? true
  const creditApplied =
    balance !== null && useCredit ? Math.max(0, Math.min(balance, beforeCredit)) : 0
  return {
    creditAvailable: balance === null ? null : Math.max(0, balance),
    creditApplied,
    useCredit,
  }
}

/**
 * The basket's totals (formula of schemas/basket.ts): subtotal of the available lines and meal
 * deals; automatic deals on the lines; the coupon on what is left after deals (a coupon whose
 * conditions are not met stays with discount 0 and a message); delivery fee for delivery only,
 * waived at the free-delivery threshold or by a free-delivery coupon; fees are not charged on an
 * empty basket; the tip counts for delivery only; store credit last (creditOutcome), so total is
 * what is left to pay.
 */
export function computeTotals(input: TotalsInput): TotalsResult {
  const { terms } = input
  const delivery = terms.fulfilmentMethod === 'delivery'
  const available = input.lines.filter((line) => line.available)
  const meals = input.mealDeals.filter((meal) => meal.available)
  const linesTotal = available.reduce(
    (sum, line) => sum + lineAmount({ ...line, weighing: line.weighing ?? null }),
    0
  )
  const mealsTotal = meals.reduce((sum, meal) => sum + meal.unitPrice * meal.quantity, 0)
  const subtotal = linesTotal + mealsTotal
  // 750 g of steak is one item, not three 250 g steps.
  const itemCount =
    available.reduce(
      (sum, line) => sum + (line.weighing?.soldBy === 'by_weight' ? 1 : line.quantity),
      0
    ) + meals.reduce((sum, meal) => sum + meal.quantity, 0)

  const deals = dealDiscounts(input.lines, input.deals)
  const dealDiscount = Math.min(
    linesTotal,
    deals.reduce((sum, deal) => sum + deal.discount, 0)
  )
  const discounted = subtotal - dealDiscount

  const outcome = input.coupon
    ? couponOutcome(input.coupon, discounted, terms.fulfilmentMethod, input.shop ?? GB_LOCALE)
    : null
  const couponDiscount = outcome?.discount ?? 0

  const freeByThreshold =
    terms.freeDeliveryThreshold !== null && subtotal >= terms.freeDeliveryThreshold
  const deliveryFee =
    !delivery || itemCount === 0 || freeByThreshold || outcome?.freeDelivery === true
      ? 0
      : terms.deliveryFee
  const serviceFee = itemCount === 0 ? 0 : terms.serviceFee
  const tip = delivery ? terms.tip : 0
  const minimumSpend = delivery ? terms.deliveryMinimumSpend : terms.collectionMinimumSpend
  const beforeCredit = Math.max(0, discounted - couponDiscount + deliveryFee + serviceFee + tip)
  const credit = creditOutcome(input.credit, beforeCredit)

  return {
    deals,
    coupon: outcome?.coupon ?? null,
    totals: {
      itemCount,
      subtotal,
      dealDiscount,
      couponDiscount,
      deliveryFee,
      serviceFee,
      tip,
      total: beforeCredit - credit.creditApplied,
      minimumSpend,
      minimumSpendShortfall: Math.max(0, minimumSpend - discounted),
      freeDeliveryThreshold: delivery ? terms.freeDeliveryThreshold : null,
      ...credit,
    },
  }
}

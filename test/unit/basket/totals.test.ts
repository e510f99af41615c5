import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  computeTotals,
  percentOf,
  type TotalsCoupon,
  type TotalsDeal,
  type TotalsInput,
  type TotalsTerms,
} from '../../../worker/backend/basket/totals.ts'

const TERMS: TotalsTerms = {
  fulfilmentMethod: 'delivery',
  deliveryFee: 199,
  serviceFee: 50,
  freeDeliveryThreshold: 4000,
  deliveryMinimumSpend: 1000,
  collectionMinimumSpend: 500,
  tip: 100,
}

const line = (itemId: number, unitPrice: number, quantity = 1, available = true) => ({
  itemId,
  unitPrice,
  quantity,
  available,
})

const input = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  lines: [],
  mealDeals: [],
  deals: [],
  coupon: null,
  terms: TERMS,
  ...over,
})

const coupon = (over: Partial<TotalsCoupon> = {}): TotalsCoupon => ({
  code: 'C',
  description: null,
  kind: 'amount',
  value: 500,
  minimumSpend: 0,
  maximumDiscount: null,
  fulfilmentMethod: null,
  needsReapply: false,
  ...over,
})

const multibuy = (itemIds: Array<number>, size: number, price: number): TotalsDeal => ({
  dealId: 1,
  slug: 'multi',
  name: 'Multi',
  kind: 'multibuy',
  quantityRequired: size,
  price,
  discountPercent: null,
  discountAmount: null,
  itemIds,
})

describe('computeTotals', () => {
  it('charges nothing on an empty basket', () => {
    const { totals } = computeTotals(input())
    expect(totals).toMatchObject({ itemCount: 0, deliveryFee: 0, serviceFee: 0, total: 100 })
    expect(totals.minimumSpendShortfall).toBe(1000)
  })

  it('adds lines, meal deals, fees and tip; skips unavailable lines', () => {
    const { totals } = computeTotals(
      input({
        lines: [line(1, 250, 2), line(2, 999, 1, false)],
        mealDeals: [{ quantity: 1, unitPrice: 385, available: true }],
      })
    )
    expect(totals).toMatchObject({
      itemCount: 3,
      subtotal: 885,
      deliveryFee: 199,
      serviceFee: 50,
      tip: 100,
      total: 885 + 199 + 50 + 100,
      minimumSpendShortfall: 115,
    })
  })

  it('makes delivery free at the threshold, not a penny under', () => {
    expect(computeTotals(input({ lines: [line(1, 3999)] })).totals.deliveryFee).toBe(199)
    expect(computeTotals(input({ lines: [line(1, 4000)] })).totals.deliveryFee).toBe(0)
  })

  it('collection: no delivery fee, no tip, the collection minimum', () => {
    const { totals } = computeTotals(
      input({ lines: [line(1, 300)], terms: { ...TERMS, fulfilmentMethod: 'collection' } })
    )
    expect(totals).toMatchObject({
      deliveryFee: 0,
      tip: 0,
      minimumSpend: 500,
      minimumSpendShortfall: 200,
      freeDeliveryThreshold: null,
      total: 350,
    })
  })

  it('multibuy groups the most expensive units first, leaving the cheapest at full price', () => {
    const { deals, totals } = computeTotals(
      input({ lines: [line(1, 300, 2), line(2, 200, 1)], deals: [multibuy([1, 2], 2, 500)] })
    )
    // 300 + 300 → 500 saves 100; the 200 unit is left over.
    expect(deals).toEqual([{ dealId: 1, slug: 'multi', name: 'Multi', discount: 100 }])
    expect(totals.dealDiscount).toBe(100)
  })

  it('does not form a multibuy group that would cost more than full price', () => {
    const { totals } = computeTotals(
      input({ lines: [line(1, 100, 3)], deals: [multibuy([1], 3, 500)] })
    )
    expect(totals.dealDiscount).toBe(0)
  })

  it('percent_off rounds half-up per line; amount_off never exceeds the unit price', () => {
    const percent: TotalsDeal = {
      ...multibuy([1], 1, 1),
      kind: 'percent_off',
      quantityRequired: null,
      price: null,
      discountPercent: 25,
    }
    // 3 × 99 = 297; 25% = 74.25 → 74. 2 × 101 = 202; 25% = 50.5 → 51.
    expect(
      computeTotals(input({ lines: [line(1, 99, 3)], deals: [percent] })).totals.dealDiscount
    ).toBe(74)
    expect(
      computeTotals(input({ lines: [line(1, 101, 2)], deals: [percent] })).totals.dealDiscount
    ).toBe(51)
    const amount: TotalsDeal = {
      ...percent,
      kind: 'amount_off',
      discountPercent: null,
      discountAmount: 50,
    }
    expect(
      computeTotals(input({ lines: [line(1, 30, 2)], deals: [amount] })).totals.dealDiscount
    ).toBe(60)
  })

  it('a unit counts towards one deal only', () => {
    const amount: TotalsDeal = {
      ...multibuy([1], 1, 1),
      dealId: 2,
      kind: 'amount_off',
      quantityRequired: null,
      price: null,
      discountAmount: 50,
    }
    const { totals } = computeTotals(
      input({ lines: [line(1, 300, 2)], deals: [multibuy([1], 2, 500), amount] })
    )
    expect(totals.dealDiscount).toBe(100)
  })

  it('percent coupon on the discounted subtotal, capped by its maximum', () => {
    const lines = [line(1, 2000, 1)]
    expect(
      computeTotals(input({ lines, coupon: coupon({ kind: 'percent', value: 10 }) })).totals
        .couponDiscount
    ).toBe(200)
    expect(
      computeTotals(
        input({ lines, coupon: coupon({ kind: 'percent', value: 10, maximumDiscount: 150 }) })
      ).totals.couponDiscount
    ).toBe(150)
  })

  it('amount coupon capped at the discounted subtotal', () => {
    const { totals } = computeTotals(
      input({ lines: [line(1, 300)], coupon: coupon({ value: 500 }) })
    )
    expect(totals.couponDiscount).toBe(300)
    expect(totals.total).toBe(199 + 50 + 100)
  })

  it('keeps a coupon under its minimum spend at 0 with a message', () => {
    const { coupon: applied, totals } = computeTotals(
      input({ lines: [line(1, 2999)], coupon: coupon({ minimumSpend: 3000 }) })
    )
    expect(applied).toMatchObject({
      discount: 0,
      message: formatMessage('couponMinimumSpend', '£30.00'),
    })
    expect(totals.couponDiscount).toBe(0)
  })

  it('a coupon needing re-application takes nothing off', () => {
    const { coupon: applied } = computeTotals(
      input({ lines: [line(1, 5000)], coupon: coupon({ needsReapply: true }) })
    )
    expect(applied).toMatchObject({
      discount: 0,
      needsReapply: true,
      message: MESSAGES.couponSignIn,
    })
  })

  it('free-delivery coupon waives delivery only for delivery baskets', () => {
    const free = coupon({ kind: 'free_delivery', value: 0 })
    expect(computeTotals(input({ lines: [line(1, 2000)], coupon: free })).totals.deliveryFee).toBe(
      0
    )
    const wrong = coupon({ kind: 'free_delivery', value: 0, fulfilmentMethod: 'delivery' })
    const collection = computeTotals(
      input({
        lines: [line(1, 2000)],
        coupon: wrong,
        terms: { ...TERMS, fulfilmentMethod: 'collection' },
      })
    )
    expect(collection.coupon?.message).toBe(formatMessage('couponWrongMethod', 'delivery'))
  })

  it('percentOf rounds half-up', () => {
    expect(percentOf(250, 10)).toBe(25)
    expect(percentOf(5, 10)).toBe(1)
    expect(percentOf(4, 10)).toBe(0)
    expect(percentOf(15, 10)).toBe(2)
  })
})

describe('computeTotals properties', () => {
  const lineArb = fc.record({
    itemId: fc.integer({ min: 1, max: 4 }),
    unitPrice: fc.integer({ min: 0, max: 5000 }),
    quantity: fc.integer({ min: 1, max: 10 }),
    available: fc.boolean(),
  })
  const dealArb: fc.Arbitrary<TotalsDeal> = fc.oneof(
    fc
      .record({
        size: fc.integer({ min: 1, max: 4 }),
        price: fc.integer({ min: 1, max: 3000 }),
        items: fc.subarray([1, 2, 3, 4]),
      })
      .map(({ size, price, items }) => multibuy(items, size, price)),
    fc
      .record({ percent: fc.integer({ min: 1, max: 100 }), items: fc.subarray([1, 2, 3, 4]) })
      .map(({ percent, items }) => ({
        ...multibuy(items, 1, 1),
        kind: 'percent_off' as const,
        discountPercent: percent,
      })),
    fc
      .record({ amount: fc.integer({ min: 1, max: 3000 }), items: fc.subarray([1, 2, 3, 4]) })
      .map(({ amount, items }) => ({
        ...multibuy(items, 1, 1),
        kind: 'amount_off' as const,
        discountAmount: amount,
      }))
  )
  const couponArb: fc.Arbitrary<TotalsCoupon | null> = fc.option(
    fc.oneof(
      fc
        .record({
          value: fc.integer({ min: 1, max: 100 }),
          max: fc.option(fc.integer({ min: 1, max: 5000 })),
        })
        .map(({ value, max }) => coupon({ kind: 'percent', value, maximumDiscount: max })),
      fc.integer({ min: 1, max: 10000 }).map((value) => coupon({ value })),
      fc.constant(coupon({ kind: 'free_delivery', value: 0 }))
    )
  )
  const inputArb = fc.record({
    lines: fc.array(lineArb, { maxLength: 6 }),
    mealDeals: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 3 }),
        unitPrice: fc.integer({ min: 0, max: 2000 }),
        available: fc.boolean(),
      }),
      { maxLength: 2 }
    ),
    deals: fc.array(dealArb, { maxLength: 3 }),
    coupon: couponArb,
    terms: fc.record({
      fulfilmentMethod: fc.constantFrom('delivery' as const, 'collection' as const),
      deliveryFee: fc.integer({ min: 0, max: 500 }),
      serviceFee: fc.integer({ min: 0, max: 200 }),
      freeDeliveryThreshold: fc.option(fc.integer({ min: 1, max: 10000 })),
      deliveryMinimumSpend: fc.integer({ min: 0, max: 3000 }),
      collectionMinimumSpend: fc.integer({ min: 0, max: 3000 }),
      tip: fc.integer({ min: 0, max: 5000 }),
    }),
  })

  it('total is the formula of schemas/basket.ts and never negative; discounts bounded', () => {
    fc.assert(
      fc.property(inputArb, (basket) => {
        const { totals, deals } = computeTotals(basket)
        const linesTotal = basket.lines
          .filter((l) => l.available)
          .reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)
        expect(totals.total).toBeGreaterThanOrEqual(0)
        expect(totals.dealDiscount).toBeLessThanOrEqual(linesTotal)
        expect(totals.dealDiscount).toBe(
          Math.min(
            linesTotal,
            deals.reduce((sum, d) => sum + d.discount, 0)
          )
        )
        expect(totals.couponDiscount).toBeLessThanOrEqual(totals.subtotal - totals.dealDiscount)
        expect(totals.couponDiscount).toBeGreaterThanOrEqual(0)
        expect(totals.total).toBe(
          Math.max(
            0,
            totals.subtotal -
              totals.dealDiscount -
              totals.couponDiscount +
              totals.deliveryFee +
              totals.serviceFee +
              totals.tip
          )
        )
        expect(totals.minimumSpendShortfall).toBe(
          Math.max(0, totals.minimumSpend - (totals.subtotal - totals.dealDiscount))
        )
        if (basket.terms.fulfilmentMethod === 'collection') {
          expect(totals.deliveryFee).toBe(0)
          expect(totals.tip).toBe(0)
        }
      })
    )
  })
})

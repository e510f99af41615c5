import { describe, expect, it } from 'vitest'
import { shopLocaleOf } from '../../../schemas/locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { OperatorCouponSchema, OperatorDealSchema } from '../../../schemas/operator-promotions.ts'
import {
  couponBodyOf,
  couponValuesOf,
} from '../../../worker/pages/store/operator/promotions/coupon-form.ts'
import {
  dealBodyOf,
  dealValuesOf,
  itemLines,
  typedItemSlugs,
} from '../../../worker/pages/store/operator/promotions/deal-form.ts'
import { slugFrom } from '../../../worker/pages/store/operator/form-values.ts'
import { redirectBodyOf } from '../../../worker/pages/store/operator/content/forms.ts'

describe('the deal form', () => {
  it('reads item lines with their extra costs', () => {
    expect(itemLines(' Cola-330ml-can +0.50\n\nwater-500ml\r\nchips + £1')).toEqual([
      { slug: 'cola-330ml-can', extraCost: '0.50' },
      { slug: 'water-500ml', extraCost: null },
      { slug: 'chips', extraCost: '£1' },
    ])
    expect(itemLines('kaas-jong + € 0,50')).toEqual([{ slug: 'kaas-jong', extraCost: '€ 0,50' }])
    expect(typedItemSlugs({ s0items: 'a\nb', s2items: 'c +0.10' })).toEqual(['a', 'b', 'c'])
  })

  it('makes a multibuy body: pence, the quantity as the section’s choice, a slug from the name', () => {
    const parsed = dealBodyOf(
      {
        name: 'Any 3 for £5!',
        kind: 'multibuy',
        quantityRequired: '3',
        price: '5',
        s0items: 'crisps-a\ncrisps-b +0.25',
        s1category: '12',
        isActive: 'on',
      },
      new Map([
        ['crisps-a', 1],
        ['crisps-b', 2],
      ])
    )
    expect(parsed).toEqual({
      ok: true,
      body: expect.objectContaining({
        slug: 'any-3-for-5',
        price: 500,
        quantityRequired: 3,
        isActive: true,
        sections: [
          {
            name: 'Items',
            minimumSelected: 3,
            maximumSelected: 3,
            categoryId: null,
            items: [
              { menuItemId: 1, extraCost: 0 },
              { menuItemId: 2, extraCost: 25 },
            ],
          },
          {
            name: 'Section 2',
            minimumSelected: 3,
            maximumSelected: 3,
            categoryId: 12,
            items: [],
          },
        ],
      }),
    })
  })

  it('names unknown items and prices that are not prices at their fields', () => {
    const parsed = dealBodyOf(
      { name: 'X', kind: 'meal_deal', price: 'cheap', s0items: 'nope' },
      new Map()
    )
    expect(parsed).toEqual({
      ok: false,
      errors: {
        price: MESSAGES.promoPriceRequired,
        s0items: 'These items are not in your catalogue: nope.',
      },
    })
  })

  it('makes web address names from names', () => {
    expect(slugFrom('Crème brûlée — 2 for £3')).toBe('creme-brulee-2-for-3')
  })
})

describe('the coupon and redirect forms', () => {
  it('reads a coupon’s value as a percentage or pounds by its kind', () => {
    const percent = couponBodyOf({ code: 'x10', kind: 'percent', value: '10' })
    expect(percent.ok && percent.body.value).toBe(10)
    const amount = couponBodyOf({ code: 'x5', kind: 'amount', value: '5.50', minimumSpend: '20' })
    expect(amount.ok && [amount.body.value, amount.body.minimumSpend]).toEqual([550, 2000])
    const free = couponBodyOf({ code: 'free', kind: 'free_delivery', value: '3' })
    expect(free.ok && free.body.value).toBe(0)
  })

  it('adds the slash an old address was typed without', () => {
    const parsed = redirectBodyOf({ fromPath: 'old-offers', toPath: '/stores', statusCode: '302' })
    expect(parsed).toEqual({
      ok: true,
      body: { fromPath: '/old-offers', toPath: '/stores', statusCode: 302 },
    })
  })
})

describe('a Dutch business’s promotion forms (ADR 072: the business’s money)', () => {
  const dutch = shopLocaleOf({
    locale: 'nl_NL',
    currency: 'EUR',
    countryCode: 'NL',
    timeZone: 'Europe/Amsterdam',
  })

  it('reads amounts with a decimal comma and the euro sign, and shows them so', () => {
    const deal = dealBodyOf(
      {
        name: '3 voor € 5',
        kind: 'meal_deal',
        price: '€ 5,50',
        s0items: 'kaas-jong + € 0,75\nbrood',
        isActive: 'on',
      },
      new Map([
        ['kaas-jong', 1],
        ['brood', 2],
      ]),
      dutch
    )
    expect(deal.ok && deal.body.price).toBe(550)
    expect(deal.ok && deal.body.sections).toEqual([
      expect.objectContaining({
        items: [
          { menuItemId: 1, extraCost: 75 },
          { menuItemId: 2, extraCost: 0 },
        ],
      }),
    ])
    const coupon = couponBodyOf(
      { code: 'WELKOM', kind: 'amount', value: '2,50', minimumSpend: '€ 20' },
      dutch
    )
    expect(coupon.ok && [coupon.body.value, coupon.body.minimumSpend]).toEqual([250, 2000])
    // The UK's reading is unchanged: a pound sign, not a euro one.
    expect(couponBodyOf({ code: 'X', kind: 'amount', value: '€ 2,50' }).ok).toBe(false)
  })

  it('writes a saved deal’s and coupon’s amounts back as a Dutch operator types them', () => {
    const deal = OperatorDealSchema.parse({
      dealId: 7,
      name: 'Lunch',
      slug: 'lunch',
      kind: 'meal_deal',
      price: 550,
      startsAtUtc: null,
      endsAtUtc: null,
      sections: [
        {
          name: 'Main',
          minimumSelected: 1,
          maximumSelected: 1,
          categoryId: null,
          items: [{ menuItemId: 1, slug: 'kaas-jong', name: 'Jonge kaas', extraCost: 75 }],
        },
      ],
    })
    const values = dealValuesOf(deal, dutch)
    expect([values.price, values.s0items]).toEqual(['5,50', 'kaas-jong +0,75'])
    expect(dealValuesOf(deal).price).toBe('5.50')
    const coupon = OperatorCouponSchema.parse({
      couponId: 3,
      code: 'WELKOM',
      kind: 'amount',
      value: 250,
      minimumSpend: 2000,
      redemptionCount: 0,
      startsAtUtc: null,
      endsAtUtc: null,
    })
    expect(couponValuesOf(coupon, dutch)).toMatchObject({ value: '2,50', minimumSpend: '20,00' })
  })
})

import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { couponBodyOf } from '../../../worker/pages/store/operator/promotions/coupon-form.ts'
import {
  dealBodyOf,
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
      { slug: 'chips', extraCost: '1' },
    ])
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

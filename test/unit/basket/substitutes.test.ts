import { describe, expect, it } from 'vitest'
import { allSubstitutesAllowed } from '../../../schemas/basket.ts'
import { substitutesChangeOf } from '../../../worker/pages/basket/basket-forms.ts'

describe('allSubstitutesAllowed (the "for all items" switch)', () => {
  const of = (lines: Array<boolean>, mealDeals: Array<boolean>) =>
    allSubstitutesAllowed({
      lines: lines.map((allowSubstitutes) => ({ allowSubstitutes })),
      mealDeals: mealDeals.map((allowSubstitutes) => ({ allowSubstitutes })),
    })

  it('is on only when every line and meal deal allows substitutes', () => {
    expect(of([true, true], [true])).toBe(true)
    expect(of([true, false], [true])).toBe(false)
    expect(of([true], [false])).toBe(false)
    expect(of([], [])).toBe(true)
  })
})

describe('substitutesChangeOf (the basket page form without JavaScript)', () => {
  const form = (fields: Record<string, string>) =>
    substitutesChangeOf({ intent: 'substitutes', ...fields })

  it('reads a line, a meal deal or every item, on or off', () => {
    expect(form({ basketLineId: '12', allowSubstitutes: '0' })).toEqual({
      basketLineId: 12,
      allowSubstitutes: false,
    })
    expect(form({ basketMealDealId: '7', allowSubstitutes: '1' })).toEqual({
      basketMealDealId: 7,
      allowSubstitutes: true,
    })
    expect(form({ basketLineId: '', allowSubstitutes: '1' })).toEqual({ allowSubstitutes: true })
  })

  it('refuses anything else', () => {
    expect(substitutesChangeOf({ intent: 'coupon', allowSubstitutes: '1' })).toBeNull()
    expect(substitutesChangeOf({ allowSubstitutes: '1' })).toBeNull()
    for (const allow of ['', 'true', 'on', '2']) {
      expect(form({ allowSubstitutes: allow })).toBeNull()
    }
    for (const id of ['0', '-1', '1.5', '1e3', 'x', ' 3', '01', '9'.repeat(17)]) {
      expect(form({ basketLineId: id, allowSubstitutes: '0' }), id).toBeNull()
      expect(form({ basketMealDealId: id, allowSubstitutes: '0' }), id).toBeNull()
    }
    expect(form({ basketLineId: '1', basketMealDealId: '2', allowSubstitutes: '0' })).toBeNull()
  })
})

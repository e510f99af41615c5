import { describe, expect, it } from 'vitest'
import {
  checkSelection,
  defaultChoices,
  visibleOptionIds,
  withoutHiddenChoices,
  type OptionChoice,
} from '../../../schemas/item-options.ts'
import { CRUST, DIPS, PIZZA, SIZE, TOPPINGS, option, value } from './fixtures.ts'

function pick(optionId: number, valueId: number, quantity = 1): OptionChoice {
  return { optionId, valueId, quantity }
}

const smallClassic = [pick(SIZE.id, SIZE.small), pick(CRUST.id, CRUST.classic)]

describe('defaults', () => {
  it('preselects the default values and the selection is valid at the base price', () => {
    const choices = defaultChoices(PIZZA.options)
    expect(choices).toEqual(smallClassic)
    const check = checkSelection(PIZZA, choices)
    expect(check).toMatchObject({ ok: true, errors: [], unitPrice: 899, extras: 0 })
    expect(check.visibleOptionIds).toEqual([SIZE.id, CRUST.id, TOPPINGS.id, DIPS.id])
  })

  it('keeps only the first default of a mutually exclusive option', () => {
    const options = [
      option(1, [value(10, { default: true }), value(11, { default: true })], {
        mutuallyExclusive: true,
      }),
    ]
    expect(defaultChoices(options)).toEqual([pick(1, 10)])
  })

  it('preselects no more defaults than the maximum', () => {
    const options = [
      option(
        1,
        [10, 11, 12].map((id) => value(id, { default: true })),
        { maximumSelected: 2 }
      ),
    ]
    expect(defaultChoices(options)).toEqual([pick(1, 10), pick(1, 11)])
  })

  it('skips out-of-stock defaults', () => {
    const options = [
      option(1, [value(10, { default: true, outOfStock: true }), value(11, { default: true })], {
        maximumSelected: 2,
      }),
    ]
    expect(defaultChoices(options)).toEqual([pick(1, 11)])
  })

  it('drops the defaults of options hidden by the other defaults, down a chain', () => {
    const options = [
      option(1, [value(10), value(11, { default: true })]),
      option(2, [value(20, { default: true })], { dependentOn: 1, dependentOnValueId: 10 }),
      option(3, [value(30, { default: true })], { dependentOn: 2 }),
      option(4, [value(40, { default: true })], { dependentOn: 1, dependentOnValueId: 11 }),
    ]
    expect(defaultChoices(options)).toEqual([pick(1, 11), pick(4, 40)])
  })
})

describe('minimum and maximum', () => {
  it('asks for a choice when an option needs one', () => {
    const check = checkSelection(PIZZA, [pick(CRUST.id, CRUST.classic)])
    expect(check.ok).toBe(false)
    expect(check.errors).toEqual([{ optionId: SIZE.id, message: 'Please choose Size' }])
  })

  it('asks for at least N when the minimum is above one, counting quantities', () => {
    const item = {
      price: 500,
      options: [
        option(1, [value(10), value(11)], {
          name: 'Sides',
          minimumSelected: 2,
          maximumSelected: 3,
        }),
      ],
    }
    expect(checkSelection(item, [pick(1, 10)]).errors).toEqual([
      { optionId: 1, message: 'Please choose at least 2 for Sides' },
    ])
    expect(checkSelection(item, [pick(1, 10, 2)]).ok).toBe(true)
    expect(checkSelection(item, [pick(1, 10), pick(1, 11)]).ok).toBe(true)
  })

  it('refuses more instances than the maximum, across values', () => {
    const over = [
      ...smallClassic,
      pick(TOPPINGS.id, TOPPINGS.cheese, 4),
      pick(TOPPINGS.id, TOPPINGS.pepperoni, 3),
    ]
    expect(checkSelection(PIZZA, over).errors).toEqual([
      { optionId: TOPPINGS.id, message: 'Choose up to 6 for Extra toppings' },
    ])
    const atMax = [
      ...smallClassic,
      pick(TOPPINGS.id, TOPPINGS.cheese, 3),
      pick(TOPPINGS.id, TOPPINGS.pepperoni, 3),
    ]
    expect(checkSelection(PIZZA, atMax).ok).toBe(true)
  })

  it('adds up repeated choices of the same value', () => {
    const repeated = [...smallClassic, pick(DIPS.id, DIPS.garlic, 2), pick(DIPS.id, DIPS.garlic, 2)]
    const check = checkSelection(PIZZA, repeated)
    expect(check.errors).toEqual([{ optionId: DIPS.id, message: 'Choose up to 3 for Dips' }])
    expect(check.lines).toContainEqual({
      optionId: DIPS.id,
      valueId: DIPS.garlic,
      quantity: 4,
      chargedQuantity: 4,
      unitExtraCost: 60,
    })
  })
})

describe('mutually exclusive options', () => {
  it('refuses two distinct values', () => {
    const check = checkSelection(PIZZA, [
      pick(SIZE.id, SIZE.small),
      pick(SIZE.id, SIZE.large),
      pick(CRUST.id, CRUST.classic),
    ])
    expect(check.errors).toEqual([{ optionId: SIZE.id, message: 'Choose only one for Size' }])
  })

  it('allows one value several times up to the maximum', () => {
    const item = {
      price: 100,
      options: [
        option(1, [value(10), value(11)], {
          name: 'Drink',
          mutuallyExclusive: true,
          maximumSelected: 2,
        }),
      ],
    }
    expect(checkSelection(item, [pick(1, 10, 2)]).ok).toBe(true)
    expect(checkSelection(item, [pick(1, 10, 3)]).errors).toEqual([
      { optionId: 1, message: 'Choose up to 2 for Drink' },
    ])
  })
})

describe('dependent options', () => {
  const item = {
    price: 700,
    options: [
      option(1, [value(10, { name: 'No thanks' }), value(11, { name: 'Yes', extraCost: 250 })], {
        name: 'Make it a meal?',
        minimumSelected: 1,
        mutuallyExclusive: true,
      }),
      option(2, [value(20, { name: 'Fries' }), value(21, { name: 'Wedges', extraCost: 50 })], {
        name: 'Choose your side',
        minimumSelected: 1,
        mutuallyExclusive: true,
        dependentOn: 1,
        dependentOnValueId: 11,
      }),
      option(3, [value(30, { name: 'Salt', extraCost: 10 })], {
        name: 'Seasoning',
        dependentOn: 2,
      }),
    ],
  }

  it('hides an option until its parent has the named value, and its minimum does not apply', () => {
    const check = checkSelection(item, [pick(1, 10)])
    expect(check).toMatchObject({ ok: true, visibleOptionIds: [1], unitPrice: 700 })
  })

  it('shows it, and applies its minimum, once the value is chosen', () => {
    const check = checkSelection(item, [pick(1, 11)])
    expect(check.visibleOptionIds).toEqual([1, 2])
    expect(check.errors).toEqual([{ optionId: 2, message: 'Please choose Choose your side' }])
    const full = checkSelection(item, [pick(1, 11), pick(2, 21), pick(3, 30)])
    expect(full).toMatchObject({ ok: true, visibleOptionIds: [1, 2, 3], unitPrice: 1010 })
  })

  it('rejects choices for a hidden option and does not charge them', () => {
    const check = checkSelection(item, [pick(1, 10), pick(2, 21), pick(3, 30)])
    expect(check.errors).toEqual([
      { optionId: 2, message: 'Choose your side is not available with your other choices' },
      { optionId: 3, message: 'Seasoning is not available with your other choices' },
    ])
    expect(check.unitPrice).toBe(700)
    expect(check.lines.map((line) => line.optionId)).toEqual([1])
  })

  it('shows an option that depends on any choice of its parent', () => {
    expect(visibleOptionIds(PIZZA.options, [])).toEqual([SIZE.id, CRUST.id, DIPS.id])
    expect(visibleOptionIds(PIZZA.options, [pick(SIZE.id, SIZE.large)])).toContain(TOPPINGS.id)
  })

  it('does not let an out-of-stock parent choice show its dependants', () => {
    const options = [
      option(1, [value(10, { outOfStock: true })]),
      option(2, [value(20)], { dependentOn: 1 }),
    ]
    expect(visibleOptionIds(options, [pick(1, 10)])).toEqual([1])
  })

  it('keeps options in a dependency cycle or on a missing parent hidden', () => {
    const options = [
      option(1, [value(10)], { dependentOn: 2 }),
      option(2, [value(20)], { dependentOn: 1 }),
      option(3, [value(30)], { dependentOn: 99 }),
      option(4, [value(40)]),
    ]
    expect(visibleOptionIds(options, [pick(1, 10), pick(2, 20)])).toEqual([4])
  })

  it('drops the choices of options that became hidden, down the chain', () => {
    expect(withoutHiddenChoices(item.options, [pick(1, 10), pick(2, 21), pick(3, 30)])).toEqual([
      pick(1, 10),
    ])
    const kept = [pick(1, 11), pick(2, 21), pick(3, 30)]
    expect(withoutHiddenChoices(item.options, kept)).toEqual(kept)
  })
})

describe('extra costs', () => {
  it('adds each value’s extra cost times its quantity to the price', () => {
    const check = checkSelection(PIZZA, [
      pick(SIZE.id, SIZE.medium),
      pick(CRUST.id, CRUST.thin),
      pick(TOPPINGS.id, TOPPINGS.pepperoni, 2),
      pick(DIPS.id, DIPS.garlic),
    ])
    expect(check).toMatchObject({ ok: true, extras: 200 + 240 + 60, unitPrice: 899 + 500 })
  })

  it('uses the size extra cost for the chosen size, else the value’s extra cost', () => {
    const price = (sizeId: number) =>
      checkSelection(PIZZA, [
        pick(SIZE.id, sizeId),
        pick(CRUST.id, CRUST.stuffed),
        pick(TOPPINGS.id, TOPPINGS.cheese),
      ]).lines.map((line) => line.unitExtraCost)
    expect(price(SIZE.small)).toEqual([0, 150, 100])
    expect(price(SIZE.medium)).toEqual([200, 200, 100])
    expect(price(SIZE.large)).toEqual([400, 250, 160])
  })

  it('falls back to the extra cost when no size is chosen', () => {
    const check = checkSelection(PIZZA, [pick(CRUST.id, CRUST.stuffed)])
    expect(check.extras).toBe(150)
    expect(check.ok).toBe(false)
  })

  it('makes the threshold’s instances free, the most expensive ones first', () => {
    const item = {
      price: 500,
      options: [
        option(
          1,
          [
            value(10, { name: 'Ham', extraCost: 50 }),
            value(11, { name: 'Prawns', extraCost: 120 }),
            value(12, { name: 'Cheese', extraCost: 80 }),
          ],
          { maximumSelected: 10, extraCostInstancesThreshold: 3 }
        ),
      ],
    }
    const check = checkSelection(item, [pick(1, 10, 2), pick(1, 11, 1), pick(1, 12, 3)])
    // Free: the prawns and two of the cheese; charged: one cheese and both ham.
    expect(check.lines).toEqual([
      { optionId: 1, valueId: 10, quantity: 2, chargedQuantity: 2, unitExtraCost: 50 },
      { optionId: 1, valueId: 11, quantity: 1, chargedQuantity: 0, unitExtraCost: 120 },
      { optionId: 1, valueId: 12, quantity: 3, chargedQuantity: 1, unitExtraCost: 80 },
    ])
    expect(check.extras).toBe(180)
    expect(checkSelection(item, [pick(1, 10), pick(1, 11)]).extras).toBe(0)
  })

  it('applies the threshold per option, after size pricing, ties to the first listed', () => {
    const options = [
      option(1, [value(10), value(11)], { isSize: true, mutuallyExclusive: true }),
      option(
        2,
        [
          value(20, { extraCost: 100 }),
          value(21, { extraCost: 100, sizeExtraCost: [{ id: 1, sizeId: 11, extraCost: 300 }] }),
        ],
        { maximumSelected: 4, extraCostInstancesThreshold: 1 }
      ),
      option(3, [value(30, { extraCost: 70 })], { maximumSelected: 2 }),
    ]
    const choices = [pick(2, 20), pick(2, 21), pick(3, 30, 2)]
    const small = checkSelection({ price: 0, options }, [pick(1, 10), ...choices])
    expect(small.lines.filter((line) => line.optionId === 2).map((l) => l.chargedQuantity)).toEqual(
      [0, 1]
    )
    expect(small.extras).toBe(100 + 140)
    const large = checkSelection({ price: 0, options }, [pick(1, 11), ...choices])
    expect(large.extras).toBe(100 + 140)
  })

  it('still prices a selection that has errors, for the live price', () => {
    const check = checkSelection(PIZZA, [
      pick(SIZE.id, SIZE.large),
      pick(TOPPINGS.id, TOPPINGS.cheese),
    ])
    expect(check.ok).toBe(false)
    expect(check.unitPrice).toBe(899 + 400 + 160)
  })
})

describe('bad choices', () => {
  it('refuses out-of-stock values', () => {
    const check = checkSelection(PIZZA, [...smallClassic, pick(TOPPINGS.id, TOPPINGS.mushrooms)])
    expect(check.errors).toEqual([{ optionId: TOPPINGS.id, message: 'Mushrooms is out of stock' }])
    expect(check.extras).toBe(0)
  })

  it('refuses unknown values and options', () => {
    const check = checkSelection(PIZZA, [...smallClassic, pick(DIPS.id, 999), pick(77, 1)])
    const message = 'This choice is no longer available. Please choose again.'
    expect(check.errors).toEqual([
      { optionId: DIPS.id, message },
      { optionId: 77, message },
    ])
  })

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses the quantity %s',
    (quantity) => {
      const check = checkSelection(PIZZA, [...smallClassic, pick(DIPS.id, DIPS.garlic, quantity)])
      expect(check.errors).toEqual([{ optionId: DIPS.id, message: 'Please enter the quantity.' }])
      expect(check.unitPrice).toBe(899)
    }
  )

  it('lists errors in the item’s option order, one per rule per option', () => {
    const check = checkSelection(PIZZA, [
      pick(DIPS.id, 999),
      pick(DIPS.id, 998),
      pick(CRUST.id, CRUST.classic),
      pick(CRUST.id, CRUST.thin),
    ])
    expect(check.errors.map((error) => [error.optionId, error.message])).toEqual([
      [SIZE.id, 'Please choose Size'],
      [CRUST.id, 'Choose only one for Crust'],
      [DIPS.id, 'This choice is no longer available. Please choose again.'],
    ])
  })
})

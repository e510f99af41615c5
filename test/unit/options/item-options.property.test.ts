import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MenuItemOption } from '../../../schemas/catalogue.ts'
import {
  checkSelection,
  defaultChoices,
  type OptionChoice,
  type OptionItem,
} from '../../../schemas/item-options.ts'
import { option, value } from './fixtures.ts'

const MAX_ERRORS = /^(Choose up to|Choose only one)/

/**
 * A well-formed item: dependencies point at earlier options (no cycles) and, where named, at one
 * of their values; an option needing N choices has N in-stock defaults (one if exclusive).
 */
const itemArbitrary: fc.Arbitrary<OptionItem> = fc
  .record({
    price: fc.integer({ min: 0, max: 5000 }),
    shapes: fc.array(
      fc.record({
        valueCount: fc.integer({ min: 1, max: 5 }),
        exclusive: fc.boolean(),
        maxExtra: fc.integer({ min: 0, max: 4 }),
        minSeed: fc.nat(),
        threshold: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
        dependsOn: fc.option(fc.nat(), { nil: null }),
        dependsOnValue: fc.option(fc.nat(), { nil: null }),
        costs: fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 5, maxLength: 5 }),
        sizeCosts: fc.array(fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }), {
          minLength: 5,
          maxLength: 5,
        }),
        extraDefaults: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        outOfStock: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      }),
      { minLength: 1, maxLength: 5 }
    ),
  })
  .map(({ price, shapes }) => {
    const options: Array<MenuItemOption> = []
    shapes.forEach((shape, index) => {
      const id = index + 1
      const maximumSelected = shape.exclusive ? 1 + (shape.maxExtra % 2) : 1 + shape.maxExtra
      const minimumSelected = shape.exclusive
        ? shape.minSeed % 2
        : shape.minSeed % (Math.min(maximumSelected, shape.valueCount) + 1)
      const parent = index > 0 && shape.dependsOn !== null ? options[shape.dependsOn % index] : null
      const parentValue =
        parent && shape.dependsOnValue !== null
          ? parent.values[shape.dependsOnValue % parent.values.length]
          : undefined
      const isSize = index === 0
      const values = Array.from({ length: shape.valueCount }, (_, position) => {
        const required =
          position < (shape.exclusive ? Math.min(1, minimumSelected) : minimumSelected)
        const sizeCost = shape.sizeCosts[position] ?? null
        return value(id * 10 + position, {
          extraCost: shape.costs[position] ?? 0,
          default: required || (shape.extraDefaults[position] ?? false),
          outOfStock: !required && (shape.outOfStock[position] ?? false),
          // Sizes are the values of option 1 (ids 10, 11, …).
          sizeExtraCost:
            isSize || sizeCost === null
              ? []
              : [{ id: position + 1, sizeId: 10 + position, extraCost: sizeCost }],
        })
      })
      options.push(
        option(id, values, {
          minimumSelected,
          maximumSelected,
          mutuallyExclusive: shape.exclusive,
          isSize,
          extraCostInstancesThreshold: shape.threshold,
          dependentOn: parent?.id ?? null,
          dependentOnValueId: parentValue?.id ?? null,
        })
      )
    })
    return { price, options }
  })

/** An item and any choices of its known values (in stock or not), quantities 1 to 4. */
const itemWithChoices = itemArbitrary.chain((item) => {
  const pairs = item.options.flatMap((o) => o.values.map((v) => [o.id, v.id] as const))
  return fc
    .array(
      fc.record({ pair: fc.constantFrom(...pairs), quantity: fc.integer({ min: 1, max: 4 }) }),
      { maxLength: 8 }
    )
    .map((picked) => ({
      item,
      choices: picked.map(({ pair, quantity }) => ({
        optionId: pair[0],
        valueId: pair[1],
        quantity,
      })),
    }))
})

function maxErrorOptions(item: OptionItem, choices: ReadonlyArray<OptionChoice>): Set<number> {
  return new Set(
    checkSelection(item, choices)
      .errors.filter((error) => MAX_ERRORS.test(error.message))
      .map((error) => error.optionId)
  )
}

describe('option selections (properties)', () => {
  it('the default selection of a well-formed item is valid', () => {
    fc.assert(
      fc.property(itemArbitrary, (item) => {
        const check = checkSelection(item, defaultChoices(item.options))
        expect(check.errors).toEqual([])
        expect(check.ok).toBe(true)
      })
    )
  })

  it('the price never drops below the base price and is the sum of the charged lines', () => {
    fc.assert(
      fc.property(itemWithChoices, ({ item, choices }) => {
        const check = checkSelection(item, choices)
        const charged = check.lines.reduce((sum, l) => sum + l.chargedQuantity * l.unitExtraCost, 0)
        expect(check.unitPrice).toBeGreaterThanOrEqual(item.price)
        expect(check.extras).toBe(charged)
        expect(check.unitPrice).toBe(item.price + charged)
        for (const line of check.lines) {
          expect(check.visibleOptionIds).toContain(line.optionId)
          expect(line.chargedQuantity).toBeGreaterThanOrEqual(0)
          expect(line.chargedQuantity).toBeLessThanOrEqual(line.quantity)
        }
        expect(check.ok).toBe(check.errors.length === 0)
      })
    )
  })

  it('one more instance of a chosen value raises the price by at most its cost', () => {
    fc.assert(
      fc.property(itemWithChoices, fc.nat(), ({ item, choices }, seed) => {
        const before = checkSelection(item, choices)
        // Not the size option: another size reprices every line.
        const candidates = before.lines.filter((line) => line.optionId !== 1)
        const line = candidates[seed % Math.max(candidates.length, 1)]
        if (!line) return
        const after = checkSelection(item, [...choices, { ...line, quantity: 1 }])
        const rise = after.unitPrice - before.unitPrice
        expect(rise).toBeGreaterThanOrEqual(0)
        expect(rise).toBeLessThanOrEqual(line.unitExtraCost)
        const threshold = item.options.find((o) => o.id === line.optionId)
        if (threshold?.extraCostInstancesThreshold === null) expect(rise).toBe(line.unitExtraCost)
      })
    )
  })

  it('removing a choice never adds an over-maximum error', () => {
    fc.assert(
      fc.property(itemWithChoices, fc.nat(), ({ item, choices }, seed) => {
        fc.pre(choices.length > 0)
        const fewer = choices.filter((_, index) => index !== seed % choices.length)
        const before = maxErrorOptions(item, choices)
        for (const optionId of maxErrorOptions(item, fewer)) expect(before).toContain(optionId)
      })
    )
  })

  it('one instance past the maximum of a shown option is always refused', () => {
    fc.assert(
      fc.property(itemArbitrary, fc.nat(), (item, seed) => {
        const choices = defaultChoices(item.options)
        const shown = checkSelection(item, choices).visibleOptionIds
        const target = item.options.find((o) => o.id === shown[seed % shown.length])
        const inStock = target?.values.find((v) => !v.outOfStock)
        if (!target || !inStock) return
        const filled = [
          ...choices.filter((choice) => choice.optionId !== target.id),
          { optionId: target.id, valueId: inStock.id, quantity: target.maximumSelected + 1 },
        ]
        expect(maxErrorOptions(item, filled)).toContain(target.id)
      })
    )
  })

  it('the order of the choices does not matter', () => {
    fc.assert(
      fc.property(itemWithChoices, ({ item, choices }) => {
        const forward = checkSelection(item, choices)
        const backward = checkSelection(item, [...choices].reverse())
        expect(backward.ok).toBe(forward.ok)
        expect(backward.unitPrice).toBe(forward.unitPrice)
        expect(backward.visibleOptionIds).toEqual(forward.visibleOptionIds)
        expect(new Set(backward.errors.map((e) => e.message))).toEqual(
          new Set(forward.errors.map((e) => e.message))
        )
      })
    )
  })
})

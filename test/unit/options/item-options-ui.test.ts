import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addVerdict,
  fetchMenuItem,
  optionControl,
  optionHint,
  parseQuantity,
  quantityError,
  selectionSummary,
  setValueQuantity,
} from '../../../client/lib/item-options-ui.ts'
import { CATALOGUE_API } from '../../../client/lib/api-paths.ts'
import type { OptionChoice } from '../../../schemas/item-options.ts'
import { CRUST, DIPS, PIZZA, SIZE, TOPPINGS, menuItem, option, value } from './fixtures.ts'
import { jsonAnswer } from '../../support/fetch.ts'
import { translate, translateEnglish } from '../../../schemas/message-catalogue.ts'

function pick(optionId: number, valueId: number, quantity = 1): OptionChoice {
  return { optionId, valueId, quantity }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('option controls and hints', () => {
  it('uses radios for exclusive options, a checkbox for one of each, else steppers', () => {
    expect(optionControl(option(1, [], { mutuallyExclusive: true, maximumSelected: 3 }))).toBe(
      'radio'
    )
    expect(optionControl(option(1, [], { maximumSelected: 1 }))).toBe('checkbox')
    expect(optionControl(option(1, [], { maximumSelected: 4 }))).toBe('stepper')
  })

  it('says how many to choose, and how many are free', () => {
    expect(optionHint(option(1, [], { minimumSelected: 1, maximumSelected: 1 }))).toBe('Choose 1')
    expect(optionHint(option(1, [], { minimumSelected: 0, maximumSelected: 3 }))).toBe(
      'Optional, choose up to 3'
    )
    expect(optionHint(option(1, [], { minimumSelected: 2, maximumSelected: 4 }))).toBe(
      'Choose 2 to 4'
    )
    expect(
      optionHint(
        option(1, [], { placeholder: 'Add up to 6 toppings', extraCostInstancesThreshold: 2 })
      )
    ).toBe('Add up to 6 toppings · First 2 free')
  })
})

describe('changing a choice', () => {
  const smallClassic = [pick(SIZE.id, SIZE.small), pick(CRUST.id, CRUST.classic)]

  it('replaces the pick of a mutually exclusive option', () => {
    expect(setValueQuantity(PIZZA.options, smallClassic, CRUST.id, CRUST.thin, 1)).toEqual([
      pick(SIZE.id, SIZE.small),
      pick(CRUST.id, CRUST.thin),
    ])
  })

  it('sets, raises and removes the count of a stepper value', () => {
    let choices = setValueQuantity(PIZZA.options, smallClassic, DIPS.id, DIPS.garlic, 1)
    choices = setValueQuantity(PIZZA.options, choices, DIPS.id, DIPS.barbecue, 1)
    choices = setValueQuantity(PIZZA.options, choices, DIPS.id, DIPS.garlic, 2)
    expect(choices.filter((c) => c.optionId === DIPS.id)).toEqual([
      pick(DIPS.id, DIPS.barbecue),
      pick(DIPS.id, DIPS.garlic, 2),
    ])
    choices = setValueQuantity(PIZZA.options, choices, DIPS.id, DIPS.garlic, 0)
    expect(choices.filter((c) => c.optionId === DIPS.id)).toEqual([pick(DIPS.id, DIPS.barbecue)])
  })

  it('drops the choices of options the change hides, down the chain', () => {
    const options = [
      option(1, [value(10), value(11)], { mutuallyExclusive: true }),
      option(2, [value(20)], { dependentOn: 1, dependentOnValueId: 11 }),
      option(3, [value(30)], { dependentOn: 2 }),
    ]
    const chosen = [pick(1, 11), pick(2, 20), pick(3, 30)]
    expect(setValueQuantity(options, chosen, 1, 10, 1)).toEqual([pick(1, 10)])
  })

  it('preselects the defaults of options the change shows, down the chain', () => {
    const options = [
      option(1, [value(10), value(11)], { mutuallyExclusive: true }),
      option(2, [value(20, { default: true }), value(21)], {
        dependentOn: 1,
        dependentOnValueId: 11,
      }),
      option(3, [value(30, { default: true })], { dependentOn: 2 }),
    ]
    expect(setValueQuantity(options, [pick(1, 10)], 1, 11, 1)).toEqual([
      pick(1, 11),
      pick(2, 20),
      pick(3, 30),
    ])
  })

  it('ignores an option the item does not have', () => {
    expect(setValueQuantity(PIZZA.options, smallClassic, 99, 1, 1)).toEqual(smallClassic)
  })
})

describe('quantity', () => {
  it.each([
    ['1', 1],
    [' 12 ', 12],
    ['', null],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['two', null],
  ])('reads %j as %s', (text, expected) => {
    expect(parseQuantity(text)).toBe(expected)
  })

  it("asks for a quantity, refuses negatives and text, and says the item's limit", () => {
    const item = menuItem({ maxQuantity: 3 })
    expect(quantityError(item, '')).toBe('Please enter the quantity.')
    expect(quantityError(item, '-2')).toBe('Please enter the quantity.')
    expect(quantityError(item, 'two')).toBe('Please enter the quantity.')
    expect(quantityError(item, '3')).toBeNull()
    expect(quantityError(item, '4')).toBe(
      'Item limit has been reached. You can buy at most 3 of this item.'
    )
    expect(quantityError(menuItem({ maxQuantity: null }), '40')).toBeNull()
  })
})

describe('pressing Add', () => {
  it('refuses an invalid selection and points at the first offending option', () => {
    const item = menuItem()
    const verdict = addVerdict(item, [pick(DIPS.id, DIPS.garlic, 5)], '1', false)
    expect(verdict.kind).toBe('invalid')
    if (verdict.kind !== 'invalid') return
    expect(verdict.focusOptionId).toBe(SIZE.id)
    expect(verdict.quantityError).toBeNull()
    expect(verdict.check.errors.map((e) => e.message)).toEqual([
      'Please choose Size',
      'Please choose Crust',
      'Choose up to 3 for Dips',
    ])
  })

  it("refuses in the island's language when it is given one", () => {
    const nl = { locale: 'nl-NL' }
    const dutch = (english: string, ...values: Array<string | number>) =>
      translateEnglish(nl, english, ...values)
    const verdict = addVerdict(menuItem(), [pick(DIPS.id, DIPS.garlic, 5)], '', false, dutch)
    if (verdict.kind !== 'invalid') throw new Error(`expected a refusal, got ${verdict.kind}`)
    expect(verdict.check.errors.map((e) => e.message)).toEqual([
      translate(nl, 'optionChoose', 'Size'),
      translate(nl, 'optionChoose', 'Crust'),
      translate(nl, 'optionChooseUpTo', 3, 'Dips'),
    ])
    expect(verdict.check.errors[0]?.message).toBe('Kies Size')
    expect(verdict.quantityError).toBe(translate(nl, 'quantityRequired'))
    expect(verdict.quantityError).not.toBe('Please enter the quantity.')
  })

  it('points at the quantity when only the quantity is wrong', () => {
    const verdict = addVerdict(
      menuItem(),
      [pick(SIZE.id, SIZE.small), pick(CRUST.id, CRUST.thin)],
      '',
      false
    )
    expect(verdict).toMatchObject({
      kind: 'invalid',
      focusOptionId: null,
      quantityError: 'Please enter the quantity.',
    })
  })

  it('asks an age-restricted item’s confirmation first, once', () => {
    const item = menuItem({ ageRestriction: 18 })
    const choices = [pick(SIZE.id, SIZE.small), pick(CRUST.id, CRUST.thin)]
    expect(addVerdict(item, choices, '1', false)).toEqual({
      kind: 'confirm-age',
      message: 'You must be at least 18 to purchase this item',
    })
    expect(addVerdict(item, choices, '1', true).kind).toBe('ready')
  })

  it('checks the selection before the age', () => {
    expect(addVerdict(menuItem({ ageRestriction: 18 }), [], '1', false).kind).toBe('invalid')
  })

  it('goes ahead with the unit price times the quantity', () => {
    const choices = [
      pick(SIZE.id, SIZE.large),
      pick(CRUST.id, CRUST.stuffed),
      pick(TOPPINGS.id, TOPPINGS.cheese, 2),
    ]
    const verdict = addVerdict(menuItem(), choices, '3', false)
    expect(verdict).toMatchObject({
      kind: 'ready',
      quantity: 3,
      total: (899 + 400 + 250 + 320) * 3,
    })
  })

  it('summarises the line for the status message', () => {
    const choices = [pick(SIZE.id, SIZE.large), pick(TOPPINGS.id, TOPPINGS.cheese, 2)]
    expect(selectionSummary(menuItem(), choices, 2)).toBe(
      '2 × Margherita pizza (14 inch, 2 × Mozzarella)'
    )
    expect(selectionSummary(menuItem(), [], 1)).toBe('1 × Margherita pizza')
  })
})

describe('item calls', () => {
  it('loads an item with its options, refusing an answer without them', async () => {
    const item = menuItem()
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonAnswer(200, item))
    vi.stubGlobal('fetch', fetchMock)
    await expect(fetchMenuItem(3, item.id)).resolves.toEqual(item)
    expect(fetchMock.mock.calls[0]?.[0]).toBe(CATALOGUE_API.menuItem)
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      storeId: 3,
      itemId: item.id,
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonAnswer(200, { ...item, options: null }))
    )
    await expect(fetchMenuItem(3, item.id)).rejects.toThrow(
      'There was an error on the system. Please try again.'
    )
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  mealDealAge,
  mealDealSummary,
  mealDealUnitPrice,
  mealDealVerdict,
  sectionControl,
  sectionErrors,
  sectionHint,
  toggleChoice,
  type MealDealItem,
  type MealDealSection,
} from '../../../client/components/deal/meal-deal-rules.ts'
import { formatPremium } from '../../../schemas/money.ts'
import { ApiRequestError } from '../../../client/lib/api.ts'
import { BASKET_API } from '../../../client/lib/api-paths.ts'
import { BASKET_CHANGED_EVENT } from '../../../client/lib/basket-summary.ts'
import { addedMealDealCost, addMealDeal, isStoreConflict } from '../../../client/lib/basket.ts'
import type { Basket, BasketMealDeal } from '../../../schemas/basket.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { basketAnswer } from '../../support/baskets.ts'
import { jsonAnswer } from '../../support/fetch.ts'

const IMAGES = {
  originals: '/i/o.png',
  mdpi_1x: '/i/1.png',
  xhdpi_2x: '/i/2.png',
  xxhdpi_3x: '/i/3.png',
  width: 200,
  height: 200,
}

function item(id: number, name: string, extra: Partial<MealDealItem> = {}): MealDealItem {
  return {
    id,
    name,
    size: null,
    images: IMAGES,
    outOfStock: false,
    ageRestriction: null,
    extraCost: 0,
    ...extra,
  }
}

const MAIN: MealDealSection = {
  id: 1,
  name: 'Main',
  minimumSelected: 1,
  maximumSelected: 1,
  items: [item(11, 'Pasta salad'), item(12, 'Scotch eggs', { extraCost: 50 })],
}
const DRINKS: MealDealSection = {
  id: 2,
  name: 'Drinks',
  minimumSelected: 1,
  maximumSelected: 2,
  items: [
    item(21, 'Cola'),
    item(22, 'Lager', { ageRestriction: 18, extraCost: 120 }),
    item(23, 'Water'),
    item(24, 'Juice', { outOfStock: true }),
  ],
}
const SIDE: MealDealSection = {
  id: 3,
  name: 'Side',
  minimumSelected: 0,
  maximumSelected: 1,
  items: [item(31, 'Crisps', { ageRestriction: 16 })],
}
const SECTIONS = [MAIN, DRINKS, SIDE]
const DEAL_PRICE = 385

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('meal deal sections', () => {
  it('says how many to choose', () => {
    expect(sectionHint(1, 1)).toBe('Choose 1')
    expect(sectionHint(2, 2)).toBe('Choose 2')
    expect(sectionHint(0, 2)).toBe('Choose up to 2')
    expect(sectionHint(1, 3)).toBe('Choose 1 to 3')
  })

  it('uses radios for one item and checkboxes for more', () => {
    expect(sectionControl(MAIN)).toBe('radio')
    expect(sectionControl(DRINKS)).toBe('checkbox')
  })

  it("replaces a radio section's pick", () => {
    const first = toggleChoice(SECTIONS, [], 1, 11, true)
    expect(first).toEqual([{ sectionId: 1, itemId: 11 }])
    expect(toggleChoice(SECTIONS, first, 1, 12, true)).toEqual([{ sectionId: 1, itemId: 12 }])
  })

  it('takes no more than a checkbox section allows, and unchooses', () => {
    let choices = toggleChoice(SECTIONS, [], 2, 21, true)
    choices = toggleChoice(SECTIONS, choices, 2, 22, true)
    expect(toggleChoice(SECTIONS, choices, 2, 23, true)).toEqual(choices)
    choices = toggleChoice(SECTIONS, choices, 2, 21, false)
    expect(choices).toEqual([{ sectionId: 2, itemId: 22 }])
    expect(toggleChoice(SECTIONS, choices, 2, 22, true)).toEqual(choices)
  })

  it('never chooses an out-of-stock or unknown item', () => {
    expect(toggleChoice(SECTIONS, [], 2, 24, true)).toEqual([])
    expect(toggleChoice(SECTIONS, [], 2, 11, true)).toEqual([])
    expect(toggleChoice(SECTIONS, [], 9, 11, true)).toEqual([])
  })

  it('names each section short of its minimum with the spec message', () => {
    const errors = sectionErrors(SECTIONS, [{ sectionId: 2, itemId: 21 }])
    expect([...errors]).toEqual([[1, formatMessage('optionChoose', 'Main')]])
    expect(errors.get(1)).toBe('Please choose Main')
    expect(sectionErrors(SECTIONS, [])).toEqual(
      new Map([
        [1, 'Please choose Main'],
        [2, 'Please choose Drinks'],
      ])
    )
  })

  it('refuses a section over its maximum', () => {
    const errors = sectionErrors(
      [{ ...DRINKS, maximumSelected: 1, minimumSelected: 0 }],
      [
        { sectionId: 2, itemId: 21 },
        { sectionId: 2, itemId: 23 },
      ]
    )
    expect(errors.get(2)).toBe(formatMessage('optionChooseUpTo', 1, 'Drinks'))
  })
})

describe('meal deal price', () => {
  it('is the deal price plus the premiums of the chosen items', () => {
    expect(mealDealUnitPrice(DEAL_PRICE, SECTIONS, [])).toBe(385)
    const choices = [
      { sectionId: 1, itemId: 12 },
      { sectionId: 2, itemId: 21 },
      { sectionId: 2, itemId: 22 },
    ]
    expect(mealDealUnitPrice(DEAL_PRICE, SECTIONS, choices)).toBe(385 + 50 + 120)
  })

  it('counts an item only in the section it was chosen in', () => {
    expect(mealDealUnitPrice(DEAL_PRICE, SECTIONS, [{ sectionId: 1, itemId: 22 }])).toBe(385)
  })

  it('shows premiums in pence under a pound', () => {
    expect(formatPremium(50)).toBe('+50p')
    expect(formatPremium(99)).toBe('+99p')
    expect(formatPremium(100)).toBe('+£1.00')
    expect(formatPremium(120)).toBe('+£1.20')
  })
})

describe('meal deal add verdict', () => {
  const valid = [
    { sectionId: 1, itemId: 11 },
    { sectionId: 2, itemId: 21 },
  ]

  it('focuses the first section short of its minimum', () => {
    const verdict = mealDealVerdict(DEAL_PRICE, SECTIONS, [{ sectionId: 2, itemId: 21 }], '1', true)
    expect(verdict).toMatchObject({ kind: 'invalid', focusSectionId: 1, quantityError: null })
  })

  it('refuses a missing quantity with the spec message', () => {
    for (const text of ['', '0', 'two', '1.5']) {
      expect(mealDealVerdict(DEAL_PRICE, SECTIONS, valid, text, true)).toMatchObject({
        kind: 'invalid',
        focusSectionId: null,
        quantityError: MESSAGES.quantityRequired,
      })
    }
  })

  it('asks the highest age of the chosen items once', () => {
    const withLager = [...valid, { sectionId: 2, itemId: 22 }, { sectionId: 3, itemId: 31 }]
    expect(mealDealAge(SECTIONS, valid)).toBeNull()
    expect(mealDealAge(SECTIONS, withLager)).toBe(18)
    expect(mealDealVerdict(DEAL_PRICE, SECTIONS, withLager, '1', false)).toEqual({
      kind: 'confirm-age',
      age: 18,
    })
    expect(mealDealVerdict(DEAL_PRICE, SECTIONS, withLager, '1', true)).toMatchObject({
      kind: 'ready',
    })
  })

  it('prices a valid choice by the quantity', () => {
    const choices = [
      { sectionId: 1, itemId: 12 },
      { sectionId: 2, itemId: 23 },
    ]
    expect(mealDealVerdict(DEAL_PRICE, SECTIONS, choices, ' 3 ', false)).toEqual({
      kind: 'ready',
      quantity: 3,
      unitPrice: 435,
      total: 1305,
    })
  })

  it('names the added meal deal with its items in section order', () => {
    const choices = [
      { sectionId: 2, itemId: 21 },
      { sectionId: 1, itemId: 12 },
    ]
    expect(mealDealSummary('Lunchtime meal deal', SECTIONS, choices, 2)).toBe(
      '2 × Lunchtime meal deal (Scotch eggs, Cola)'
    )
  })
})

function mealDeal(basketMealDealId: number, unitPrice: number, itemIds: Array<number>) {
  const meal: BasketMealDeal = {
    basketMealDealId,
    dealId: 5,
    slug: 'lunch',
    name: 'Lunch',
    quantity: 1,
    unitPrice,
    lineTotal: unitPrice,
    choices: itemIds.map((itemId) => ({
      sectionId: itemId < 20 ? 1 : 2,
      sectionName: itemId < 20 ? 'Main' : 'Drinks',
      itemId,
      name: `Item ${itemId}`,
      extraCost: 0,
    })),
    available: true,
    priceChanged: false,
    message: null,
    allowSubstitutes: true,
  }
  return meal
}

function basketWith(mealDeals: Array<BasketMealDeal>): Basket {
  return basketAnswer(mealDeals.length, 435, { mealDeals })
}

describe('meal deal basket call', () => {
  const request = {
    storeId: 7,
    dealId: 5,
    quantity: 2,
    choices: [
      { sectionId: 1, itemId: 12 },
      { sectionId: 2, itemId: 21 },
    ],
    ageConfirmed: false,
  }

  it('posts the deal and choices and tells the header the new count and total', async () => {
    const fetchMock = vi.fn(async () => jsonAnswer(200, basketWith([mealDeal(3, 435, [12, 21])])))
    vi.stubGlobal('fetch', fetchMock)
    const seen: Array<unknown> = []
    const target = new EventTarget()
    target.addEventListener(BASKET_CHANGED_EVENT, (event) => {
      seen.push((event as CustomEvent).detail)
    })
    vi.stubGlobal('window', target)
    await addMealDeal(request)
    const [url, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit]
    expect(url).toBe(BASKET_API.addMealDeal)
    expect(url).toBe('/api/basket/meal-deals/add')
    expect(JSON.parse(String(init.body))).toEqual({ ...request, overwrite: false })
    expect(seen).toEqual([{ itemCount: 1, total: 435, storeSlug: null }])
  })

  it('throws the other-store conflict for the overwrite dialog', async () => {
    vi.stubGlobal('window', new EventTarget())
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonAnswer(409, {
          error: {
            code: 'conflict',
            message: MESSAGES.basketOverwrite,
            details: { reason: 'basket_store_conflict' },
          },
        })
      )
    )
    const error: unknown = await addMealDeal(request).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(isStoreConflict(error)).toBe(true)
  })

  it('finds what the add cost: the newest matching meal deal times the quantity', () => {
    const basket = basketWith([
      mealDeal(3, 400, [12, 21]),
      mealDeal(4, 385, [11, 21]),
      mealDeal(6, 435, [21, 12]),
    ])
    expect(addedMealDealCost(basket, request)).toBe(870)
    expect(addedMealDealCost(basketWith([mealDeal(4, 385, [11, 21])]), request)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { basketWorthFetching, cardLines, isOlder } from '../../../client/lib/basket-quantities.ts'
import { confirmationText, toConfirmation } from '../../../client/lib/basket-summary.ts'
import { basketAnswer, basketLineAnswer, PICCADILLY_BASKET_STORE } from '../../support/baskets.ts'

const line = basketLineAnswer

describe('the header confirmation', () => {
  it('says what changed and what the basket holds now', () => {
    const summary = { itemCount: 5, total: 1240, storeSlug: 'manchester-piccadilly' }
    expect(confirmationText({ action: 'added', line: '2 × Bananas', summary })).toBe(
      'Added 2 × Bananas — basket 5 items, £12.40'
    )
    expect(
      confirmationText({
        action: 'removed',
        line: '1 × Bananas',
        summary: { ...summary, itemCount: 1 },
      })
    ).toBe('Removed 1 × Bananas — basket 1 item, £12.40')
    expect(
      confirmationText({
        action: 'removed',
        line: '1 × Bananas',
        summary: { ...summary, itemCount: 0, total: 0 },
      })
    ).toBe('Removed 1 × Bananas — basket empty')
  })

  it('reads an event detail, refusing anything malformed', () => {
    const summary = { itemCount: 1, total: 100, storeSlug: null }
    expect(toConfirmation({ action: 'added', line: '1 × Milk', summary })).toEqual({
      action: 'added',
      line: '1 × Milk',
      summary,
    })
    // The item page's island says the add in its own status line: the header must not again.
    expect(
      toConfirmation({ action: 'added', line: '1 × Milk', summary, saidByIsland: true })
    ).toEqual({ action: 'added', line: '1 × Milk', summary, saidByIsland: true })
    expect(toConfirmation(null)).toBeNull()
    expect(toConfirmation({ action: 'emptied', line: '1 × Milk', summary })).toBeNull()
    expect(toConfirmation({ action: 'added', line: '', summary })).toBeNull()
    expect(
      toConfirmation({ action: 'added', line: '1 × Milk', summary: { itemCount: -1 } })
    ).toBeNull()
  })
})

describe("the cards' basket lines", () => {
  const basket = basketAnswer(6, 600, {
    store: PICCADILLY_BASKET_STORE,
    lines: [
      line({ basketLineId: 1, itemId: 10, quantity: 2, maxQuantity: 4 }),
      // The same item with choices is not what the card's Add adds.
      line({
        basketLineId: 2,
        itemId: 11,
        quantity: 1,
        choices: [
          {
            optionId: 1,
            valueId: 3,
            optionName: 'Size',
            valueName: 'Large',
            quantity: 1,
            extraCost: 0,
          },
        ],
      }),
      line({ basketLineId: 3, itemId: 11, quantity: 3 }),
    ],
  })

  it('maps each item without choices to its line, quantity and limit', () => {
    const lines = cardLines(basket, 'manchester-piccadilly')
    expect(lines.get(10)).toEqual({ basketLineId: 1, quantity: 2, maxQuantity: 4 })
    expect(lines.get(11)).toEqual({ basketLineId: 3, quantity: 3, maxQuantity: null })
    expect(lines.get(12)).toBeUndefined()
  })

  it('shows nothing on another store’s cards', () => {
    expect(cardLines(basket, 'manchester-deansgate').size).toBe(0)
    expect(cardLines(basketAnswer(0, 0), 'manchester-piccadilly').size).toBe(0)
  })

  it('fetches the basket only when the summary cookie says it holds items at this store', () => {
    const cookie = (value: object) =>
      `sf_consent=1; sf_basket_summary=${encodeURIComponent(JSON.stringify(value))}`
    const here = { itemCount: 2, total: 200, storeSlug: 'manchester-piccadilly' }
    expect(basketWorthFetching(cookie(here), 'manchester-piccadilly')).toBe(true)
    expect(basketWorthFetching(cookie(here), 'manchester-deansgate')).toBe(false)
    expect(basketWorthFetching(cookie({ ...here, itemCount: 0 }), 'manchester-piccadilly')).toBe(
      false
    )
    expect(basketWorthFetching('', 'manchester-piccadilly')).toBe(false)
  })

  it('drops an answer older than the one kept, of the same store only', () => {
    const at = (version: number, slug: string | null) =>
      basketAnswer(1, 100, {
        version,
        store: slug ? { ...PICCADILLY_BASKET_STORE, slug } : null,
      })
    expect(isOlder(at(3, 'a'), at(4, 'a'))).toBe(true)
    expect(isOlder(at(4, 'a'), at(4, 'a'))).toBe(false)
    expect(isOlder(at(5, 'a'), at(4, 'a'))).toBe(false)
    // A new basket at another store starts again at 1.
    expect(isOlder(at(1, 'b'), at(4, 'a'))).toBe(false)
    expect(isOlder(at(1, 'a'), null)).toBe(false)
  })
})

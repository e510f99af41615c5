import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Basket } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  basketCall,
  cheapestMealDealChoices,
  failingCall,
  findItem,
  newBasket,
  reread,
  seedCatalogue,
} from './fixtures.ts'

/*
 * POST /basket/substitutes: the shopper's "Allow substitutes" per line, per meal deal and for
 * every item, on by default, behind the basket's version guard like every other change.
 */

const PLAIN = `m.age_restriction is null and m.max_quantity is null
  and not exists (select 1 from menu_item_options o where o.menu_item_id = m.id)`

let first: number
let second: number

beforeAll(async () => {
  await seedCatalogue(env.DB)
  first = (await findItem(`${PLAIN} and coalesce(s.price, m.price) between 100 and 900`)).id
  second = (await findItem(`${PLAIN} and m.id != ${first}`)).id
})

/** A basket at store 1 with two item lines and one meal deal (deal 1, its cheapest choices). */
async function filledBasket(): Promise<{ token: string; basket: Basket }> {
  const { token } = await newBasket()
  for (const itemId of [first, second]) {
    await basketCall('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      menuItem: { itemId, quantity: 1 },
    })
  }
  const basket = await basketCall('/basket/meal-deals/add', {
    businessId: 1,
    basketToken: token,
    storeId: 1,
    dealId: 1,
    choices: await cheapestMealDealChoices(),
  })
  return { token, basket }
}

const allows = (basket: Basket) => ({
  lines: basket.lines.map((line) => line.allowSubstitutes),
  mealDeals: basket.mealDeals.map((meal) => meal.allowSubstitutes),
})

describe('the substitution preference', () => {
  it('is on by default for every line and meal deal', async () => {
    const { basket } = await filledBasket()
    expect(allows(basket)).toEqual({ lines: [true, true], mealDeals: [true] })
  })

  it('is set and cleared per line and per meal deal, totals unchanged', async () => {
    const { token, basket } = await filledBasket()
    const line = basket.lines[1]?.basketLineId
    const meal = basket.mealDeals[0]?.basketMealDealId
    const off = await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      basketLineId: line,
      allowSubstitutes: false,
    })
    expect(allows(off)).toEqual({ lines: [true, false], mealDeals: [true] })
    expect(off.version).toBe(basket.version + 1)
    expect(off.totals).toEqual(basket.totals)
    const mealOff = await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      basketMealDealId: meal,
      allowSubstitutes: false,
    })
    expect(allows(mealOff)).toEqual({ lines: [true, false], mealDeals: [false] })
    const on = await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      basketLineId: line,
      allowSubstitutes: true,
    })
    expect(allows(on)).toEqual({ lines: [true, true], mealDeals: [false] })
    expect(allows(await reread(token))).toEqual(allows(on))
  })

  it('is set for every item at once when no line is named', async () => {
    const { token } = await filledBasket()
    const none = await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      allowSubstitutes: false,
    })
    expect(allows(none)).toEqual({ lines: [false, false], mealDeals: [false] })
    const all = await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      allowSubstitutes: true,
    })
    expect(allows(all)).toEqual({ lines: [true, true], mealDeals: [true] })
  })

  it('survives adding more of the same item (the line merges)', async () => {
    const { token, basket } = await filledBasket()
    await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      basketLineId: basket.lines[0]?.basketLineId,
      allowSubstitutes: false,
    })
    const more = await basketCall('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      menuItem: { itemId: first, quantity: 1 },
    })
    expect(more.lines[0]).toMatchObject({ quantity: 2, allowSubstitutes: false })
  })

  it('refuses an unknown line or meal deal with nothing changed', async () => {
    const { token, basket } = await filledBasket()
    for (const target of [{ basketLineId: 99_999_999 }, { basketMealDealId: 99_999_999 }]) {
      const refused = await failingCall(
        '/basket/substitutes',
        { businessId: 1, basketToken: token, allowSubstitutes: false, ...target },
        404
      )
      expect(refused.error.message).toBe(MESSAGES.substitutesUpdateFailed)
    }
    const after = await reread(token)
    expect(after.version).toBe(basket.version)
    expect(allows(after)).toEqual(allows(basket))
  })

  it("answers 404 for another basket's line and leaves that line as it was", async () => {
    const mine = await filledBasket()
    const theirs = await filledBasket()
    const refused = await failingCall(
      '/basket/substitutes',
      {
        businessId: 1,
        basketToken: mine.token,
        basketLineId: theirs.basket.lines[0]?.basketLineId,
        allowSubstitutes: false,
      },
      404
    )
    expect(refused.error.message).toBe(MESSAGES.substitutesUpdateFailed)
    expect(allows(await reread(theirs.token))).toEqual(allows(theirs.basket))
    expect((await reread(mine.token)).version).toBe(mine.basket.version)
  })

  it('refuses bad input (both ids, no boolean) with a validation error', async () => {
    const { token, basket } = await filledBasket()
    await failingCall(
      '/basket/substitutes',
      {
        businessId: 1,
        basketToken: token,
        basketLineId: basket.lines[0]?.basketLineId,
        basketMealDealId: basket.mealDeals[0]?.basketMealDealId,
        allowSubstitutes: false,
      },
      422
    )
    await failingCall(
      '/basket/substitutes',
      { businessId: 1, basketToken: token, allowSubstitutes: 'no' },
      422
    )
    expect((await reread(token)).version).toBe(basket.version)
  })
})

import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Basket } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { BasketSchema, SimilarItemsSchema } from '../../../schemas/basket.ts'
import { BUSINESS_ID, call, registerMember } from '../auth/fixtures.ts'
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

/** The similar items offered for a basket line. */
async function similarFor(token: string, basketLineId: number | undefined, bearer?: string) {
  const answer = await call(
    '/basket/similar-items',
    { businessId: 1, basketToken: token, basketLineId },
    bearer ? { bearer } : {}
  )
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return SimilarItemsSchema.parse(answer.json).items
}

/** A store-1 item with at least one other sold, in-stock simple item in its subcategory. */
async function itemWithSimilar(): Promise<number> {
  return (
    await findItem(`${PLAIN} and exists (select 1 from menu_items o
      where o.category_id = m.category_id and o.id != m.id and o.is_active = 1
        and o.out_of_stock = 0 and o.add_to_basket_type = 'simple')`)
  ).id
}

describe('substitution choices (best match, a chosen replacement, none)', () => {
  it('offers up to 6 similar items: same subcategory, in stock, nearest price first', async () => {
    const itemId = await itemWithSimilar()
    const { token } = await newBasket()
    const basket = await basketCall('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      menuItem: { itemId, quantity: 1 },
    })
    const line = basket.lines[0]
    const items = await similarFor(token, line?.basketLineId)
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThanOrEqual(6)
    expect(items.map((item) => item.itemId)).not.toContain(itemId)
    const gaps = items.map((item) => Math.abs(item.price - (line?.unitPrice ?? 0)))
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b))
    const { results } = await env.DB.prepare(
      `select distinct category_id from menu_items where id in (${[itemId, ...items.map((i) => i.itemId)].join(',')})`
    ).all()
    expect(results).toHaveLength(1)
  })

  it('saves a chosen replacement, reads old switches as best match / none, refuses others', async () => {
    const itemId = await itemWithSimilar()
    const { token } = await newBasket()
    const basket = await basketCall('/basket/items/add', {
      businessId: 1,
      basketToken: token,
      storeId: 1,
      menuItem: { itemId, quantity: 1 },
    })
    const lineId = basket.lines[0]?.basketLineId
    expect(basket.lines[0]).toMatchObject({ substitution: 'best_match', replacement: null })
    const [choice] = await similarFor(token, lineId)
    const chosen = await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      basketLineId: lineId,
      substitution: 'replacement',
      replacementItemId: choice?.itemId,
    })
    expect(chosen.lines[0]).toMatchObject({
      substitution: 'replacement',
      allowSubstitutes: true,
      replacement: { itemId: choice?.itemId, name: choice?.name },
    })
    expect(chosen.totals).toEqual(basket.totals)
    const refused = await failingCall(
      '/basket/substitutes',
      {
        businessId: 1,
        basketToken: token,
        basketLineId: lineId,
        substitution: 'replacement',
        replacementItemId: itemId,
      },
      422
    )
    expect(refused.error.message).toBe(MESSAGES.substituteNotSimilar)
    expect((await reread(token)).lines[0]?.replacement?.itemId).toBe(choice?.itemId)
    const none = await basketCall('/basket/substitutes', {
      businessId: 1,
      basketToken: token,
      basketLineId: lineId,
      allowSubstitutes: false,
    })
    expect(none.lines[0]).toMatchObject({ substitution: 'none', replacement: null })
  })

  it("remembers a member's choice per item, and their default, for the next basket", async () => {
    const itemId = await itemWithSimilar()
    const { tokens } = await registerMember()
    const bearer = tokens.access_token
    const memberBasket = async () => {
      const { token } = await newBasket()
      const claimed = await call(
        '/basket/claim',
        { businessId: BUSINESS_ID, basketToken: token },
        { bearer }
      )
      expect(claimed.status, JSON.stringify(claimed.json)).toBe(200)
      return token
    }
    const asMember = async (path: string, body: object) => {
      const answer = await call(path, { businessId: 1, ...body }, { bearer })
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      return BasketSchema.parse(answer.json)
    }
    const add = (token: string, id: number) =>
      asMember('/basket/items/add', {
        basketToken: token,
        storeId: 1,
        menuItem: { itemId: id, quantity: 1 },
      })
    const firstToken = await memberBasket()
    const lineId = (await add(firstToken, itemId)).lines[0]?.basketLineId
    const [choice] = await similarFor(firstToken, lineId, bearer)
    await asMember('/basket/substitutes', {
      basketToken: firstToken,
      basketLineId: lineId,
      substitution: 'replacement',
      replacementItemId: choice?.itemId,
    })
    const defaulted = await call(
      '/member/substitution-default',
      { businessId: BUSINESS_ID, substitution: 'none' },
      { bearer }
    )
    expect(defaulted.status, JSON.stringify(defaulted.json)).toBe(200)
    const nextToken = await memberBasket()
    const next = await add(nextToken, itemId)
    expect(next.lines[0]).toMatchObject({
      substitution: 'replacement',
      replacement: { itemId: choice?.itemId },
    })
    const never = (await findItem(`${PLAIN} and m.id not in (${itemId}, ${choice?.itemId})`)).id
    const other = await add(nextToken, never)
    expect(other.lines.find((line) => line.itemId === never)?.substitution).toBe('none')
  })
})

import { formatMoney } from '../../../schemas/money.ts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '../../../client/lib/api.ts'
import { BASKET_API } from '../../../client/lib/api-paths.ts'
import {
  BASKET_CHANGED_EVENT,
  basketLabel,
  parseBasketSummary,
  readBasketSummaryCookie,
} from '../../../client/lib/basket-summary.ts'
import {
  actionFailureMessage,
  addToBasket,
  applyCoupon,
  couponFailureMessage,
  basketAtAnotherStore,
  isStoreConflict,
  overwriteLosses,
  minimumSpendProgress,
  setLineQuantity,
} from '../../../client/lib/basket.ts'
import { parseTipPounds, tipRefusal } from '../../../client/components/basket/TipChooser.tsx'
import { typedAmount } from '../../../client/lib/tip-pounds.ts'
import type { BasketSummary } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { basketAnswer } from '../../support/baskets.ts'
import { jsonAnswer } from '../../support/fetch.ts'

/** Collects the summaries the basket-changed event carries while `run` runs. */
async function changes(run: () => Promise<unknown>): Promise<Array<unknown>> {
  const seen: Array<unknown> = []
  const target = new EventTarget()
  vi.stubGlobal('window', target)
  target.addEventListener(BASKET_CHANGED_EVENT, (event) => {
    seen.push((event as CustomEvent<BasketSummary>).detail)
  })
  await run().catch(() => undefined)
  return seen
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('basket summary cookie', () => {
  it('reads the count, total and store from the cookie among others', () => {
    const value = encodeURIComponent(
      JSON.stringify({ itemCount: 3, total: 1240, storeSlug: 'manchester-piccadilly' })
    )
    expect(readBasketSummaryCookie(`sf_flash=x; sf_basket_summary=${value}; other=1`)).toEqual({
      itemCount: 3,
      total: 1240,
      storeSlug: 'manchester-piccadilly',
    })
  })

  it('reads an unencoded value too', () => {
    expect(readBasketSummaryCookie('sf_basket_summary={"itemCount":1,"total":99}')).toEqual({
      itemCount: 1,
      total: 99,
      storeSlug: null,
    })
  })

  it('is null without the cookie or with a malformed one', () => {
    expect(readBasketSummaryCookie('')).toBeNull()
    expect(readBasketSummaryCookie('sf_basket_summary_x={"itemCount":1,"total":1}')).toBeNull()
    expect(readBasketSummaryCookie('sf_basket_summary=%E0%A4%A')).toBeNull()
    expect(parseBasketSummary('{not json')).toBeNull()
    expect(parseBasketSummary('null')).toBeNull()
    expect(parseBasketSummary('{"itemCount":-1,"total":5}')).toBeNull()
    expect(parseBasketSummary('{"itemCount":1.5,"total":5}')).toBeNull()
    expect(parseBasketSummary('{"itemCount":1,"total":"£5"}')).toBeNull()
  })

  it('names the header basket with its count and total', () => {
    expect(basketLabel(null)).toBe('Basket')
    expect(basketLabel({ itemCount: 0, total: 0, storeSlug: null })).toBe('Basket')
    expect(basketLabel({ itemCount: 1, total: 500, storeSlug: null })).toBe('Basket, 1 item, £5.00')
    expect(basketLabel({ itemCount: 3, total: 1240, storeSlug: null })).toBe(
      'Basket, 3 items, £12.40'
    )
  })
})

describe('coupon message (spec §5 Coupon response, §7)', () => {
  it('is null when the coupon applied', () => {
    expect(couponFailureMessage({})).toBeNull()
  })

  it('prefers errorDisplay, then errorText, then the generic message', () => {
    expect(
      couponFailureMessage({ errorCode: 'MIN', errorText: 'min_spend', errorDisplay: 'Spend £30' })
    ).toBe('Spend £30')
    expect(couponFailureMessage({ errorCode: 'MIN', errorText: 'Spend more' })).toBe('Spend more')
    expect(couponFailureMessage({ errorCode: 'MIN' })).toBe(MESSAGES.couponFailed)
    expect(couponFailureMessage({ errorCode: 'MIN', errorText: '', errorDisplay: '' })).toBe(
      MESSAGES.couponFailed
    )
    expect(MESSAGES.couponFailed).toBe('An error occurred')
  })

  it('treats a 200 answer with errorText as a failure and still announces the basket', async () => {
    const fetchMock = vi.fn(async () =>
      jsonAnswer(200, {
        basket: basketAnswer(2, 3100),
        errorCode: 'MIN_SPEND',
        errorText: 'Spend £30',
      })
    )
    vi.stubGlobal('fetch', fetchMock)
    let result: Awaited<ReturnType<typeof applyCoupon>> | undefined
    const seen = await changes(async () => {
      result = await applyCoupon('SAVE5', 'token')
    })
    expect(result?.failure).toBe('Spend £30')
    expect(seen).toEqual([{ itemCount: 2, total: 3100, storeSlug: null }])
    const [url, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit]
    expect(url).toBe(BASKET_API.applyCoupon)
    expect(JSON.parse(String(init.body))).toEqual({ coupon: 'SAVE5', verifyToken: 'token' })
  })
})

describe('basket calls', () => {
  it('adds an item with its choices and tells the header the new count and total', async () => {
    const fetchMock = vi.fn(async () => jsonAnswer(200, basketAnswer(3, 1240)))
    vi.stubGlobal('fetch', fetchMock)
    const seen = await changes(() =>
      addToBasket({
        storeId: 7,
        itemId: 42,
        quantity: 2,
        choices: [{ optionId: 1, valueId: 2, quantity: 1 }],
        ageConfirmed: true,
      })
    )
    expect(seen).toEqual([{ itemCount: 3, total: 1240, storeSlug: null }])
    const [url, init] = (fetchMock.mock.calls[0] ?? []) as unknown as [string, RequestInit]
    expect(url).toBe(BASKET_API.addItem)
    expect(JSON.parse(String(init.body))).toEqual({
      storeId: 7,
      menuItem: {
        itemId: 42,
        quantity: 2,
        choices: [{ optionId: 1, valueId: 2, quantity: 1 }],
        ageConfirmed: true,
      },
      overwrite: false,
    })
  })

  it('recognises the other-store conflict by its reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonAnswer(409, {
          error: {
            code: 'conflict',
            message: MESSAGES.basketOverwrite,
            details: {
              reason: 'basket_store_conflict',
              storeSlug: 'corner-fresh-deansgate',
              storeName: 'Corner Fresh Deansgate',
              itemCount: 2,
              couponCode: 'SAVE5',
              slotHeld: true,
            },
          },
        })
      )
    )
    const error: unknown = await addToBasket({
      storeId: 7,
      itemId: 42,
      quantity: 1,
      choices: [],
      ageConfirmed: false,
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(isStoreConflict(error)).toBe(true)
    const current = basketAtAnotherStore(error)
    expect(current).toEqual({
      storeName: 'Corner Fresh Deansgate',
      itemCount: 2,
      couponCode: 'SAVE5',
      slotHeld: true,
    })
    expect(current && overwriteLosses(current)).toBe(
      'Your basket at Corner Fresh Deansgate holds 2 items, the coupon SAVE5 and your reserved time slot. Adding this empties it.'
    )
    expect(basketAtAnotherStore(new ApiRequestError(409, 'x', { reason: 'other' }))).toBeNull()
    expect((error as ApiRequestError).code).toBe('conflict')
    expect(isStoreConflict(new ApiRequestError(409, 'x', { reason: 'other' }))).toBe(false)
  })

  it('names what an overwrite loses, however little the basket holds', () => {
    const one = { storeName: 'Northside Market', itemCount: 1, couponCode: null, slotHeld: false }
    expect(overwriteLosses(one)).toBe(
      'Your basket at Northside Market holds 1 item. Adding this empties it.'
    )
    expect(overwriteLosses({ ...one, storeName: null, slotHeld: true })).toBe(
      'Your basket holds 1 item and your reserved time slot. Adding this empties it.'
    )
  })

  it("shows a refusal's own message and the action's message for anything else", () => {
    const limit = new ApiRequestError(422, MESSAGES.itemLimitReached, { code: 'validation_error' })
    expect(actionFailureMessage(limit, MESSAGES.updateQuantityFailed)).toBe(
      MESSAGES.itemLimitReached
    )
    const broken = new ApiRequestError(500, MESSAGES.systemError)
    expect(actionFailureMessage(broken, MESSAGES.updateQuantityFailed)).toBe(
      MESSAGES.updateQuantityFailed
    )
    expect(actionFailureMessage(new TypeError('offline'), MESSAGES.removeItemFailed)).toBe(
      MESSAGES.removeItemFailed
    )
  })

  it('refuses an answer that is not a basket and announces nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonAnswer(200, { ok: true }))
    )
    const seen = await changes(() => setLineQuantity(1, 2))
    expect(seen).toEqual([])
    await expect(setLineQuantity(1, 2)).rejects.toThrow(MESSAGES.systemError)
  })
})

describe('spend progress and tips', () => {
  it('measures the minimum spend reached as a percentage', () => {
    expect(minimumSpendProgress(1500, 1500)).toBe(0)
    expect(minimumSpendProgress(1500, 450)).toBe(70)
    expect(minimumSpendProgress(1500, 0)).toBe(100)
    expect(minimumSpendProgress(0, 0)).toBe(100)
  })

  it('reads a typed tip in pounds as pence', () => {
    expect(parseTipPounds('2')).toBe(200)
    expect(parseTipPounds('2.5')).toBe(250)
    expect(parseTipPounds('£2.50')).toBe(250)
    expect(parseTipPounds('0.05')).toBe(5)
    expect(parseTipPounds('-1')).toBeNull()
    expect(parseTipPounds('2.555')).toBeNull()
    expect(parseTipPounds('abc')).toBeNull()
  })

  it('reads a Dutch shopper’s typed amount with its decimal comma and euro sign', () => {
    const dutch = {
      locale: 'nl-NL',
      currency: 'EUR',
      countryCode: 'NL',
      timeZone: 'Europe/Amsterdam',
    }
    expect(parseTipPounds('2,50', dutch)).toBe(250)
    expect(parseTipPounds('€ 2,5', dutch)).toBe(250)
    expect(parseTipPounds('€2', dutch)).toBe(200)
    expect(parseTipPounds('2.50', dutch)).toBe(250)
    expect(parseTipPounds('2,555', dutch)).toBeNull()
    expect(parseTipPounds('£2,50', dutch)).toBeNull()
    // The UK's reading is as it was: a comma is no decimal sign there.
    expect(parseTipPounds('2,50')).toBeNull()
    expect(typedAmount(250, dutch)).toBe('2,50')
    expect(typedAmount(250)).toBe('2.50')
  })

  it('says why a typed tip is refused, naming the maximum', () => {
    expect(tipRefusal(parseTipPounds('-1'), 5000)).toBe(
      'Please enter a tip in pounds and pence, for example 2.50.'
    )
    expect(tipRefusal(parseTipPounds('60'), 5000)).toBe(
      `The most you can tip is ${formatMoney(5000)}.`
    )
    expect(tipRefusal(parseTipPounds('50'), 5000)).toBeNull()
  })
})

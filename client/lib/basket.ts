import { lineAmount } from '../../schemas/weighing.ts'
import type { Basket, BasketSummary, CouponResult } from '../../schemas/basket.ts'
import type { FULFILMENT_METHODS } from '../../schemas/constants.ts'
import type { OptionChoice } from '../../schemas/item-options.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { ApiRequestError, postJson } from './api.ts'
import { BASKET_API } from './api-paths.ts'
import { rememberBasket } from './basket-quantities.ts'
import {
  BASKET_CHANGED_EVENT,
  BASKET_CONFIRM_EVENT,
  basketSummary,
  isPence,
  type BasketConfirmation,
} from './basket-summary.ts'
import { isRecord } from './is-record.ts'

/** details.reason of an add refused because the basket holds another store's items. */
export const BASKET_STORE_CONFLICT = 'basket_store_conflict'

/**
 * Spec §5 Coupon response and §7: an answer carrying errorCode or errorText is a failure even
 * though the call succeeded. The message shown is errorDisplay, else errorText, else 'An error
 * occurred'. Null when the coupon applied.
 */
export function couponFailureMessage(
  result: Pick<CouponResult, 'errorCode' | 'errorText' | 'errorDisplay'>
): string | null {
  if (!result.errorCode && !result.errorText && !result.errorDisplay) return null
  return result.errorDisplay || result.errorText || MESSAGES.couponFailed
}

/**
 * What to show when a basket action fails: the server's own message for a refusal it explains
 * (limits, availability, validation), else the action's spec message.
 */
export function actionFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.message
  }
  return fallback
}

// Islands read answers without zod to stay small: check the fields the basket views rely on.
function isBasket(value: unknown): value is Basket {
  return (
    isRecord(value) &&
    Array.isArray(value.lines) &&
    Array.isArray(value.mealDeals) &&
    Array.isArray(value.deals) &&
    Array.isArray(value.notices) &&
    isRecord(value.totals) &&
    isPence(value.totals.itemCount) &&
    isPence(value.totals.total) &&
    typeof value.fulfilmentMethod === 'string'
  )
}

/** Tells every listener (the header basket, the cards' steppers) what the basket holds now. */
export function announceBasket(basket: Basket): BasketSummary {
  const summary = basketSummary(basket)
  rememberBasket(basket)
  window.dispatchEvent(new CustomEvent(BASKET_CHANGED_EVENT, { detail: summary }))
  return summary
}

/** Asks the header to confirm what the shopper just did ('Added 1 × Bananas — basket 3 items, £4.20'). */
export function confirmBasketChange(
  action: BasketConfirmation['action'],
  line: string,
  basket: Basket,
  options: { saidByIsland?: boolean } = {}
): void {
  const detail: BasketConfirmation = { action, line, summary: basketSummary(basket) }
  if (options.saidByIsland) detail.saidByIsland = true
  window.dispatchEvent(new CustomEvent(BASKET_CONFIRM_EVENT, { detail }))
}

async function basketCall(url: string, body: unknown): Promise<Basket> {
  const payload = await postJson(url, body)
  if (!isBasket(payload)) throw new ApiRequestError(502, MESSAGES.systemError)
  announceBasket(payload)
  return payload
}

export interface AddItemRequest {
  storeId: number
  itemId: number
  quantity: number
  choices: ReadonlyArray<OptionChoice>
  ageConfirmed: boolean
  /** Replace a basket of another store (after the shopper confirmed it). */
  overwrite?: boolean
}

/** Adds an item; a basket of another store makes it throw with reason {@link BASKET_STORE_CONFLICT}. */
export function addToBasket(request: AddItemRequest): Promise<Basket> {
  const { storeId, itemId, quantity, choices, ageConfirmed, overwrite = false } = request
  return basketCall(BASKET_API.addItem, {
    storeId,
    menuItem: { itemId, quantity, choices, ageConfirmed },
    overwrite,
  })
}

/**
 * What an add cost, as the server priced it: the unit price of the basket line holding the item
 * with these choices, times the quantity added (a weighed item: the estimate of the weight added).
 */
export function addedCost(basket: Basket, request: AddItemRequest): number | null {
  const key = (choices: ReadonlyArray<{ valueId: number; quantity: number }>) =>
    choices
      .map((choice) => `${choice.valueId}x${choice.quantity}`)
      .sort()
      .join(',')
  const wanted = key(request.choices)
  const line = basket.lines.find(
    (candidate) => candidate.itemId === request.itemId && key(candidate.choices) === wanted
  )
  return line
    ? lineAmount({ quantity: request.quantity, unitPrice: line.unitPrice, weighing: line.weighing })
    : null
}

export interface AddMealDealRequest {
  storeId: number
  dealId: number
  quantity: number
  /** One entry per chosen item: the section it fills and the item. */
  choices: ReadonlyArray<{ sectionId: number; itemId: number }>
  ageConfirmed: boolean
  /** Replace a basket of another store (after the shopper confirmed it). */
  overwrite?: boolean
}

/** Adds a meal deal; a basket of another store makes it throw with reason {@link BASKET_STORE_CONFLICT}. */
export function addMealDeal(request: AddMealDealRequest): Promise<Basket> {
  const { storeId, dealId, quantity, choices, ageConfirmed, overwrite = false } = request
  return basketCall(BASKET_API.addMealDeal, {
    storeId,
    dealId,
    quantity,
    choices,
    ageConfirmed,
    overwrite,
  })
}

/**
 * What a meal deal add cost, as the server priced it: the unit price of the newest basket meal
 * deal of this deal with these choices (each add is its own entry), times the quantity added.
 */
export function addedMealDealCost(basket: Basket, request: AddMealDealRequest): number | null {
  const key = (choices: ReadonlyArray<{ sectionId: number; itemId: number }>) =>
    choices
      .map((choice) => `${choice.sectionId}:${choice.itemId}`)
      .sort()
      .join(',')
  const wanted = key(request.choices)
  const matches = basket.mealDeals.filter(
    (meal) => meal.dealId === request.dealId && key(meal.choices) === wanted
  )
  const newest = matches.reduce<(typeof matches)[number] | null>(
    (latest, meal) => (latest && latest.basketMealDealId > meal.basketMealDealId ? latest : meal),
    null
  )
  return newest ? newest.unitPrice * request.quantity : null
}

/** Whether an add failed only because the basket belongs to another store. */
export function isStoreConflict(error: unknown): boolean {
  return error instanceof ApiRequestError && error.reason === BASKET_STORE_CONFLICT
}

/** What an overwrite would lose, as the store conflict's details tell it. */
export interface BasketAtAnotherStore {
  storeName: string | null
  itemCount: number
  couponCode: string | null
  slotHeld: boolean
}

/** The basket a store conflict would replace; null for any other error. */
export function basketAtAnotherStore(error: unknown): BasketAtAnotherStore | null {
  if (!(error instanceof ApiRequestError) || error.reason !== BASKET_STORE_CONFLICT) return null
  const { storeName, itemCount, couponCode, slotHeld } = error.details
  return {
    storeName: typeof storeName === 'string' && storeName !== '' ? storeName : null,
    itemCount: typeof itemCount === 'number' ? itemCount : 0,
    couponCode: typeof couponCode === 'string' && couponCode !== '' ? couponCode : null,
    slotHeld: slotHeld === true,
  }
}

/**
 * The overwrite dialog's account of what the shopper would lose: 'Your basket at Corner Fresh
 * Deansgate holds 2 items, the coupon SAVE5 and your reserved time slot. Adding this empties it.'
 */
export function overwriteLosses(basket: BasketAtAnotherStore): string {
  const parts: Array<string> = []
  if (basket.itemCount > 0) {
    parts.push(basket.itemCount === 1 ? '1 item' : `${basket.itemCount} items`)
  }
  if (basket.couponCode) parts.push(`the coupon ${basket.couponCode}`)
  if (basket.slotHeld) parts.push('your reserved time slot')
  const held =
    parts.length === 0
      ? 'has items in it'
      : `holds ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`
  const where = basket.storeName ? ` at ${basket.storeName}` : ''
  return `Your basket${where} ${held}. Adding this empties it.`
}

export function fetchBasket(): Promise<Basket> {
  return basketCall(BASKET_API.basket, {})
}

export function setFulfilmentMethod(
  fulfilmentMethod: (typeof FULFILMENT_METHODS)[number]
): Promise<Basket> {
  return basketCall(BASKET_API.update, { fulfilmentMethod })
}

export function setLineQuantity(basketLineId: number, quantity: number): Promise<Basket> {
  return basketCall(BASKET_API.updateItem, { basketLineId, menuItem: { quantity } })
}

export function setMealDealQuantity(basketMealDealId: number, quantity: number): Promise<Basket> {
  return basketCall(BASKET_API.update, { updates: [{ basketMealDealId, quantity }] })
}

export function removeLine(basketLineId: number): Promise<Basket> {
  return basketCall(BASKET_API.removeItem, { basketLineId })
}

export function removeMealDeal(basketMealDealId: number): Promise<Basket> {
  return basketCall(BASKET_API.removeMealDeal, { basketMealDealId })
}

export function removeCoupon(): Promise<Basket> {
  return basketCall(BASKET_API.removeCoupon, {})
}

export function setTip(tip: number): Promise<Basket> {
  return basketCall(BASKET_API.tip, { tip })
}

/** Which substitution preference a change sets: one line, one meal deal, or (empty) every item. */
export type SubstitutesTarget =
  { basketLineId: number } | { basketMealDealId: number } | Record<string, never>

export function setSubstitutes(
  target: SubstitutesTarget,
  allowSubstitutes: boolean
): Promise<Basket> {
  return basketCall(BASKET_API.substitutes, { ...target, allowSubstitutes })
}

/** Applies a coupon: the basket after it, and the failure message when it did not apply. */
export async function applyCoupon(
  coupon: string,
  verifyToken: string
): Promise<{ basket: Basket; failure: string | null }> {
  const payload = await postJson(BASKET_API.applyCoupon, { coupon, verifyToken })
  if (!isRecord(payload) || !isBasket(payload.basket)) {
    throw new ApiRequestError(502, MESSAGES.systemError)
  }
  announceBasket(payload.basket)
  const text = (key: string) => (typeof payload[key] === 'string' ? payload[key] : undefined)
  return {
    basket: payload.basket,
    failure: couponFailureMessage({
      errorCode: text('errorCode'),
      errorText: text('errorText'),
      errorDisplay: text('errorDisplay'),
    }),
  }
}

/** The spend still needed for delivery as a share of the minimum (0–100), for a progress bar. */
export function minimumSpendProgress(minimumSpend: number, shortfall: number): number {
  if (minimumSpend <= 0) return 100
  return Math.max(0, Math.min(100, Math.round(((minimumSpend - shortfall) / minimumSpend) * 100)))
}

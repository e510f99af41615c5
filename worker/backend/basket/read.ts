import type { Basket, BasketLine, BasketMealDeal, BasketStore } from '../../../schemas/basket.ts'
import type { SlotReservation } from '../../../schemas/slots.ts'
import type { MenuItem } from '../../../schemas/catalogue.ts'
import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import { checkSelection, type OptionChoice } from '../../../schemas/item-options.ts'
import { shopLocaleOf } from '../../../schemas/locale.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import type { Say } from '../../../schemas/message-format.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { menuItemDetails } from '../catalogue/service.ts'
import { toItemSummary } from '../catalogue/items.ts'
import { lineAmount, weighingOf } from '../../../schemas/weighing.ts'
import { basketReservationStatement, reservationFrom } from '../slots/reservations-repo.ts'
import { availabilityInput, storeAvailability } from '../stores/availability.ts'
import { type DeliveryPlace, deliveryTermsOf, deliveryTo } from '../stores/delivery.ts'
import {
  findStoreDetails,
  storeDetailsFrom,
  storeDetailsStatements,
  type StoreDetailsFound,
  type StoreDetailsRecord,
  type StoreSchedule,
} from '../stores/repo.ts'
import {
  BASKET_ROWS_STATEMENTS,
  type BasketRows,
  basketRowsFrom,
  basketRowsStatements,
  BasketVersionConflict,
  type LineRow,
  savePrices,
  type SelectionRow,
} from './repo.ts'
import { type BasketRef, findGuardedBasket, type GuardedBasket } from '../basket-ref-repo.ts'
import { computeTotals, type PricingTerms, type TotalsDeal } from './totals.ts'
import {
  basketCreditFrom,
  basketCreditStatement,
  type BasketCreditHolder,
} from '../credit/order-credit-repo.ts'

/** A store of the business as the basket needs it: details, schedule and availability now. */
export interface BasketStoreContext {
  details: StoreDetailsRecord
  schedule: StoreSchedule
  availability: BasketStore['availability']
}

/** The store of the business, or not_found 'Store not found'. */
export async function loadStore(
  db: D1Database,
  businessId: number,
  storeId: number,
  now: Date
): Promise<BasketStoreContext> {
  const found = await findStoreDetails(db, businessId, { storeId }, now)
  if (!found) throw new AppError('not_found', MESSAGES.storeNotFound)
  return storeContextOf(found, now)
}

/** The store, or null when it is gone (a basket still shows, without it). */
async function storeOrNull(
  db: D1Database,
  businessId: number,
  storeId: number,
  now: Date
): Promise<BasketStoreContext | null> {
  const found = await findStoreDetails(db, businessId, { storeId }, now)
  return found ? storeContextOf(found, now) : null
}

function storeContextOf(
  { store, schedule }: Pick<StoreDetailsFound, 'store' | 'schedule'>,
  now: Date
): BasketStoreContext {
  const availability = storeAvailability(availabilityInput(store, schedule), now)
  return { details: store, schedule, availability: availability.state }
}

/** validation_error unless the store offers the method (stores.delivery_enabled/collection_enabled). */
export function assertMethodOffered(store: StoreDetailsRecord, method: FulfilmentMethod): void {
  const offered = method === 'delivery' ? store.delivery.enabled : store.collection.enabled
  if (!offered) {
    const message = formatMessage('fulfilmentMethodNotOffered', method)
    throw new AppError('validation_error', message, {
      fields: [{ field: 'fulfilmentMethod', message }],
    })
  }
}

/**
 * Where a call finds the basket its token names: the database, and what the basket guard already
 * found for this call's token (basket/access.ts), which is not looked up a second time (ADR 065).
 */
export interface BasketLookup {
  db: D1Database
  guarded?: GuardedBasket | undefined
}

/** The active basket the token names, or null (unknown token, other business, checked out). */
export function findCallBasket(
  { db, guarded }: BasketLookup,
  businessId: number,
  token: string
): Promise<BasketRef | null> {
  return findGuardedBasket(db, guarded, businessId, token)
}

/** The active basket the token names, or not_found (unknown token, other business, checked out). */
export async function requireBasket(
  lookup: BasketLookup,
  businessId: number,
  token: string
): Promise<BasketRef> {
  const basket = await findCallBasket(lookup, businessId, token)
  if (!basket) throw new AppError('not_found', MESSAGES.basketNotFound)
  return basket
}

/** A canonical key of option choices: the same choices in any order give the same key. */
export function choiceKey(choices: ReadonlyArray<OptionChoice>): string {
  const summed = new Map<string, number>()
  for (const choice of choices) {
    const key = `${choice.optionId}:${choice.valueId}`
    summed.set(key, (summed.get(key) ?? 0) + choice.quantity)
  }
  return [...summed]
    .map(([key, quantity]) => `${key}x${quantity}`)
    .sort()
    .join(',')
}

/** The choices summed per (option, value), as lines store them. */
export function normaliseChoices(choices: ReadonlyArray<OptionChoice>): Array<OptionChoice> {
  const summed = new Map<string, OptionChoice>()
  for (const choice of choices) {
    const key = `${choice.optionId}:${choice.valueId}`
    const known = summed.get(key)
    summed.set(key, { ...choice, quantity: (known?.quantity ?? 0) + choice.quantity })
  }
  return [...summed.values()]
}

/** The stored selections of each line, as option choices. */
export function lineChoices(
  selections: ReadonlyArray<SelectionRow>
): Map<number, Array<OptionChoice>> {
  const byLine = new Map<number, Array<OptionChoice>>()
  for (const row of selections) {
    const choices = byLine.get(row.basket_line_id) ?? []
    choices.push({ optionId: row.option_id, valueId: row.option_value_id, quantity: row.quantity })
    byLine.set(row.basket_line_id, choices)
  }
  return byLine
}

interface PricedLine {
  line: BasketLine
  storedPrice: number
}

function priceLine(
  row: LineRow,
  choices: ReadonlyArray<OptionChoice>,
  item: MenuItem | null,
  now: Date
): PricedLine {
  const summary = toItemSummary(row, now)
  let unitPrice = row.price
  let available = row.sold === 1 && row.out_of_stock === 0
  let lineChoicesOut: BasketLine['choices'] = []
  if (choices.length > 0) {
    const check = item ? checkSelection(item, choices) : null
    if (!item || !check?.ok) {
      available = false
    } else {
      unitPrice = check.unitPrice
      lineChoicesOut = check.lines.map((selected) => {
        const option = item.options.find((candidate) => candidate.id === selected.optionId)
        const value = option?.values.find((candidate) => candidate.id === selected.valueId)
        return {
          optionId: selected.optionId,
          valueId: selected.valueId,
          optionName: option?.name ?? '',
          valueName: value?.name ?? '',
          quantity: selected.quantity,
          extraCost: selected.chargedQuantity * selected.unitExtraCost,
        }
      })
    }
  }
  const priceChanged = available && unitPrice !== row.stored_price
  const weighing = weighingOf(row)
  return {
    storedPrice: row.stored_price,
    line: {
      basketLineId: row.line_id,
      itemId: row.id,
      slug: row.slug,
      categorySlug: row.category_slug,
      name: row.name,
      size: row.size,
      images: summary.images,
      quantity: row.line_quantity,
      unitPrice,
      lineTotal: available ? lineAmount({ quantity: row.line_quantity, unitPrice, weighing }) : 0,
      weighing,
      choices: lineChoicesOut,
      maxQuantity: row.max_quantity,
      ageRestriction: row.age_restriction,
      available,
      priceChanged,
      message: available ? null : MESSAGES.itemUnavailable,
      allowSubstitutes: row.allow_substitutes === 1,
      substitution:
        row.allow_substitutes === 0
          ? 'none'
          : row.substitute_item_id === null
            ? 'best_match'
            : 'replacement',
      replacement:
        row.allow_substitutes === 1 && row.substitute_item_id !== null
          ? {
              itemId: row.substitute_item_id,
              name: row.substitute_name ?? '',
              size: row.substitute_size,
            }
          : null,
    },
  }
}

function priceMealDeals(rows: BasketRows): Array<BasketMealDeal> {
  return rows.mealDeals.map((meal) => {
    const choices = rows.mealDealChoices.filter((choice) => choice.basket_meal_deal_id === meal.id)
    const usable =
      meal.live === 1 &&
      meal.kind === 'meal_deal' &&
      meal.price !== null &&
      choices.length > 0 &&
      choices.every((c) => c.extra_cost !== null && c.sold === 1 && c.out_of_stock === 0)
    const unitPrice = (meal.price ?? 0) + choices.reduce((sum, c) => sum + (c.extra_cost ?? 0), 0)
    return {
      basketMealDealId: meal.id,
      dealId: meal.deal_id,
      slug: meal.slug,
      name: meal.name,
      quantity: meal.quantity,
      unitPrice,
      lineTotal: usable ? unitPrice * meal.quantity : 0,
      choices: choices.map((c) => ({
        sectionId: c.deal_section_id,
        sectionName: c.section_name,
        itemId: c.menu_item_id,
        name: c.name,
        extraCost: c.extra_cost ?? 0,
      })),
      available: usable,
      priceChanged: usable && unitPrice !== meal.stored_price,
      message: usable ? null : MESSAGES.itemUnavailable,
      allowSubstitutes: meal.allow_substitutes === 1,
    }
  })
}

async function itemsWithOptions(
  db: D1Database,
  businessId: number,
  storeId: number,
  itemIds: ReadonlyArray<number>,
  now: Date
): Promise<Map<number, MenuItem>> {
  const found = await Promise.all(
    [...new Set(itemIds)].map((itemId) =>
      menuItemDetails(db, { businessId, storeId, itemId, now }).catch((error: unknown) => {
        // An item the store stopped selling leaves its line unavailable, not the basket broken.
        if (error instanceof AppError && error.code === 'not_found') return null
        throw error
      })
    )
  )
  return new Map(found.flatMap((item) => (item ? [[item.id, item] as const] : [])))
}

/**
 * The basket answer: lines and meal deals at today's store prices, automatic deals, coupon and
 * totals (totals.ts), the store and its availability, and the held slot. A line whose price moved
 * since it was stored is flagged once: its stored price is brought up to date here.
 */
export async function readBasket(
  db: D1Database,
  businessId: number,
  basketId: number,
  storeId: number | null,
  now: Date,
  /**
   * Whose store credit pays (ADR 020): the checkout names its caller (null: a guest, whatever
   * member once claimed the basket); left out, the basket's member.
   */
  creditHolder?: number | null
): Promise<Basket> {
  const { basket } = await readPricedBasket(db, businessId, basketId, storeId, now, creditHolder)
  return basket
}

/** What a basket's answer is computed from, read in one batch (ADR 065). */
export interface BasketParts {
  rows: BasketRows
  reservation: SlotReservation | null
  /** The holder's spendable store credit; null without a holder. */
  balance: number | null
  /** The basket's store, null without one (or when the store is gone). */
  store: BasketStoreContext | null
}

/** Whose credit the answer counts: left out, the basket's member (null: nobody's). */
function holderOf(creditHolder: number | null | undefined): BasketCreditHolder | null {
  return creditHolder === undefined ? 'basket member' : creditHolder
}

/**
 * The reads of a basket's answer priced at `storeId` (the store the caller believes the basket
 * is at): its rows, held slot, the holder's credit and the store, for one batch, alone
 * (readBasketParts) or after the statements of a change (commitBasket).
 */
export function basketPartsStatements(
  db: D1Database,
  businessId: number,
  basketId: number,
  storeId: number | null,
  now: Date,
  creditHolder?: number | null
): Array<D1PreparedStatement> {
  const holder = holderOf(creditHolder)
  return [
    ...basketRowsStatements(db, businessId, basketId, storeId, now),
    basketReservationStatement(db, basketId),
    ...(holder === null ? [] : [basketCreditStatement(db, holder, basketId)]),
    ...(storeId === null ? [] : storeDetailsStatements(db, businessId, { storeId }, now)),
  ]
}

/**
 * The parts basketPartsStatements' results describe, null when the basket is no active basket of
 * the business. Priced at the store the statements named: a caller compares the basket's store.
 */
export function basketPartsFrom(
  results: ReadonlyArray<D1Result<unknown>>,
  storeId: number | null,
  now: Date,
  creditHolder?: number | null
): BasketParts | null {
  const rows = basketRowsFrom(results.slice(0, BASKET_ROWS_STATEMENTS))
  if (!rows) return null
  const credited = holderOf(creditHolder) !== null
  const storeAt = BASKET_ROWS_STATEMENTS + 1 + (credited ? 1 : 0)
  const store = storeId === null ? null : storeDetailsFrom(results.slice(storeAt))
  return {
    rows,
    reservation: reservationFrom(results[BASKET_ROWS_STATEMENTS], now),
    balance: credited ? basketCreditFrom(results[BASKET_ROWS_STATEMENTS + 1]) : null,
    store: store ? storeContextOf(store, now) : null,
  }
}

/** A basket's parts in one round trip (two when it moved store since the caller looked). */
export async function readBasketParts(
  db: D1Database,
  businessId: number,
  basketId: number,
  storeId: number | null,
  now: Date,
  creditHolder?: number | null
): Promise<BasketParts> {
  let at = storeId
  for (let attempt = 0; ; attempt++) {
    const statements = basketPartsStatements(db, businessId, basketId, at, now, creditHolder)
    const parts = basketPartsFrom(await db.batch(statements), at, now, creditHolder)
    if (parts === null) throw new AppError('not_found', MESSAGES.basketNotFound)
    const own = parts.rows.basket.store_id
    if (own === at) return parts
    // It moved store since the caller looked: read it again at its own (as findBasketRows does,
    // at most three times; then its lines stay priced where they were read, its store its own).
    if (attempt >= 3) {
      return { ...parts, store: own === null ? null : await storeOrNull(db, businessId, own, now) }
    }
    at = own
  }
}

/**
 * readBasket with the terms its totals were computed with: the checkout keeps them on the order,
 * so picking re-prices with the terms the shopper agreed to (ADR 017 "Picking differences").
 */
export async function readPricedBasket(
  db: D1Database,
  businessId: number,
  basketId: number,
  storeId: number | null,
  now: Date,
  creditHolder?: number | null
): Promise<{ basket: Basket; pricing: PricingTerms }> {
  const parts = await readBasketParts(db, businessId, basketId, storeId, now, creditHolder)
  return priceBasket(db, businessId, parts, now)
}

/**
 * The basket answer from its parts: lines and meal deals at today's store prices, automatic
 * deals, coupon and totals, with the terms they were computed with. Reads more only for lines
 * with options (their items' option lists); writes only when a line's price moved.
 */
export async function priceBasket(
  db: D1Database,
  businessId: number,
  { rows, reservation, balance, store }: BasketParts,
  now: Date
): Promise<{ basket: Basket; pricing: PricingTerms }> {
  const { basket } = rows
  // The answer's messages in the business's language (issue 43); the UK's read as before.
  const shop = shopLocaleOf({ locale: basket.shop_locale, currency: basket.shop_currency })
  const say = sayIn(shop)
  const choicesByLine = lineChoices(rows.selections)
  const optioned = rows.lines.filter((row) => choicesByLine.has(row.line_id)).map((row) => row.id)
  const items =
    optioned.length > 0 && basket.store_id !== null
      ? await itemsWithOptions(db, businessId, basket.store_id, optioned, now)
      : new Map<number, MenuItem>()
  const priced = rows.lines.map((row) =>
    priceLine(row, choicesByLine.get(row.line_id) ?? [], items.get(row.id) ?? null, now)
  )
  const lines = priced.map(({ line }) => saidMessage(line, say))
  const mealDeals = priceMealDeals(rows).map((meal) => saidMessage(meal, say))

  const method = basket.fulfilment_method
  const terms = deliveryTerms(store, basket)
  const deals: Array<TotalsDeal> = rows.deals.map((deal) => ({
    dealId: deal.id,
    slug: deal.slug,
    name: deal.name,
    kind: deal.kind,
    quantityRequired: deal.quantity_required,
    price: deal.price,
    discountPercent: deal.discount_percent,
    discountAmount: deal.discount_amount,
    itemIds: deal.item_ids.split(',').map(Number),
  }))
  const coupon = rows.coupon
  const pricing: PricingTerms = {
    deals,
    coupon:
      coupon && coupon.is_active === 1
        ? {
            code: coupon.code,
            description: coupon.description,
            kind: coupon.kind,
            value: coupon.value,
            minimumSpend: coupon.minimum_spend,
            maximumDiscount: coupon.maximum_discount,
            fulfilmentMethod: coupon.fulfilment_method,
            needsReapply: basket.coupon_needs_reapply === 1,
          }
        : null,
    terms: {
      fulfilmentMethod: method,
      deliveryFee: terms.fee,
      // The store's published terms, the same record its pages show (no second source).
      serviceFee: store?.details.serviceFee ?? 0,
      freeDeliveryThreshold: store?.details.delivery.freeDeliveryThreshold ?? null,
      deliveryMinimumSpend: terms.minimumSpend,
      collectionMinimumSpend: store?.details.collection.minimumSpend ?? 0,
      tip: basket.tip,
    },
  }
  const result = computeTotals({
    ...pricing,
    lines: lines.map((line) => ({
      itemId: line.itemId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      available: line.available,
      weighing: line.weighing,
    })),
    mealDeals,
    credit: { balance, useCredit: basket.use_credit === 1 },
    shop,
  })

  const changedLines = lines.filter((line) => line.priceChanged)
  const changedMeals = mealDeals.filter((meal) => meal.priceChanged)
  if (changedLines.length + changedMeals.length > 0) {
    await savePrices(db, changedLines, changedMeals)
  }

  const answer: Basket = {
    store: store
      ? {
          id: store.details.id,
          slug: store.details.slug,
          name: store.details.name,
          timeZone: store.details.timeZone,
          availability: store.availability,
          deliveryEnabled: store.details.delivery.enabled,
          collectionEnabled: store.details.collection.enabled,
          asapEnabled: basket.asap_enabled === 1,
          daysInAdvance: store.details.daysInAdvance,
          maxBasketItems: basket.max_basket_items,
        }
      : null,
    fulfilmentMethod: method,
    fulfilmentTiming: basket.fulfilment_timing,
    lines,
    mealDeals,
    deals: result.deals,
    coupon: result.coupon,
    totals: result.totals,
    slot: reservation,
    notices:
      changedLines.length + changedMeals.length > 0 ? [say(MESSAGES.basketPricesChanged)] : [],
    version: basket.version,
  }
  return { basket: answer, pricing }
}

/** A line's or meal deal's message (its unavailability) in the business's language. */
function saidMessage<T extends { message: string | null }>(line: T, say: Say): T {
  return line.message === null ? line : { ...line, message: say(line.message) }
}

/**
 * Where the basket delivers: the checkout's delivery address once it is set (requireDeliveryTo
 * placed it in a zone, which sets the fee and minimum), else the location the shopper searched from; null when unknown.
 */
export function basketDeliveryPlace(basket: BasketRows['basket']): DeliveryPlace | null {
  if (basket.delivery_latitude !== null && basket.delivery_longitude !== null) {
    return {
      latitude: basket.delivery_latitude,
      longitude: basket.delivery_longitude,
      postcode: basket.delivery_postcode,
    }
  }
  if (basket.location_latitude === null || basket.location_longitude === null) return null
  return {
    latitude: basket.location_latitude,
    longitude: basket.location_longitude,
    postcode: basket.location_postcode,
  }
}

/** The delivery fee and minimum where the basket delivers (the store's own when unknown). */
function deliveryTerms(
  store: BasketStoreContext | null,
  basket: BasketRows['basket']
): { fee: number; minimumSpend: number } {
  if (!store) return { fee: 0, minimumSpend: 0 }
  const own = { fee: store.details.delivery.fee, minimumSpend: store.details.delivery.minimumSpend }
  const terms = deliveryTermsOf(store.details)
  const place = basketDeliveryPlace(basket)
  if (!terms || !place) return own
  const quote = deliveryTo(terms, store.schedule.zones, place)
  return { fee: quote.fee, minimumSpend: quote.minimumSpend }
}

/** Retries a read-plan-write of a basket that another request changed in between. */
export async function withBasketRetry<T>(run: () => Promise<T>, attempts = 40): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof BasketVersionConflict) || attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt))
    }
  }
}

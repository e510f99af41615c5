import type { z } from 'zod'
import type {
  FulfilmentLocation,
  AddBasketItemRequestSchema,
  AddMealDealRequestSchema,
  Basket,
  ClearBasketRequestSchema,
  CouponResult,
  GetOrCreateBasketRequestSchema,
  RemoveBasketItemRequestSchema,
  RemoveMealDealRequestSchema,
  UpdateBasketItemRequestSchema,
  UpdateBasketRequestSchema,
  UpdateTipRequestSchema,
  ApplyCouponRequestSchema,
  RemoveCouponRequestSchema,
  ClaimBasketRequestSchema,
} from '../../../schemas/basket.ts'
import type { MenuItem } from '../../../schemas/catalogue.ts'
import { DEFAULT_FULFILMENT_METHOD, type FULFILMENT_METHODS } from '../../../schemas/constants.ts'
import { formatMoney } from '../../../schemas/money.ts'
import {
  basketLimitMessage,
  formatMessage,
  itemLimitMessage,
  MESSAGES,
} from '../../../schemas/messages.ts'
import { randomToken } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { dealDetails, menuItemDetails, priceMenuItem } from '../catalogue/service.ts'
import { findBasketReservation, releaseHoldStatements } from '../slots/reservations-repo.ts'
import { findStoreName } from '../stores/repo.ts'
import {
  addToLineStatement,
  ageConfirmedStatement,
  basketLocationStatement,
  basketMethodStatement,
  type BasketRows,
  claimBasketStatement,
  commitBasket,
  couponStatement,
  findBasketCustomerId,
  findBasketStoreId,
  insertMealDealStatements,
  lineQuantityStatement,
  mealDealQuantityStatement,
  moveBasketStatement,
  tipStatement,
  updateLineStatements,
  emptyBasketStatements,
  findBasketByToken,
  findBasketRows,
  findCouponByCode,
  findCustomerCouponUse,
  hashBasketToken,
  insertBasket,
  insertLineStatements,
} from './repo.ts'
import type { RobotChecker } from './robot-check.ts'
import {
  assertMethodOffered,
  type BasketStoreContext,
  choiceKey,
  lineChoices,
  loadStore,
  normaliseChoices,
  readBasket,
  requireBasket,
  withBasketRetry,
} from './service.ts'

type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number]

/** What every basket call runs with. */
export interface BasketCall {
  db: D1Database
  now: Date
  /**
   * Who a basket this call creates belongs to: the brand whose host asks (null when the call
   * names none) and the signed-in member (null for a guest). Asked only when a basket is created.
   */
  newBasketOwner: () => Promise<{ brandId: number | null; customerId: number | null }>
}

/** A new basket, its brand's and, when a member creates it, theirs from the start. */
async function createBasket(
  { db, newBasketOwner }: BasketCall,
  businessId: number,
  storeId: number | null,
  method: FulfilmentMethod
): Promise<{ id: number; token: string }> {
  // An opaque basket token: 32 random bytes, base64url (43 characters).
  const token = randomToken()
  const owner = await newBasketOwner()
  const id = await insertBasket(db, {
    businessId,
    storeId,
    fulfilmentMethod: method,
    tokenHash: await hashBasketToken(token),
    ...owner,
  })
  return { id, token }
}

async function rowsOf(
  call: BasketCall,
  businessId: number,
  basketId: number,
  storeId: number | null
): Promise<BasketRows> {
  const rows = await findBasketRows(call.db, businessId, basketId, storeId, call.now)
  if (!rows) throw new AppError('not_found', MESSAGES.basketNotFound)
  return rows
}

function limitConflict(message: string, reason: string, limit: number): AppError {
  return new AppError('conflict', message, { details: { reason, limit } })
}

/** Quantities held per item (all lines of it) and in all (lines and meal deals). */
function heldQuantities(rows: BasketRows): { perItem: Map<number, number>; total: number } {
  const perItem = new Map<number, number>()
  let total = 0
  for (const line of rows.lines) {
    perItem.set(line.id, (perItem.get(line.id) ?? 0) + line.line_quantity)
    total += line.line_quantity
  }
  for (const meal of rows.mealDeals) total += meal.quantity
  return { perItem, total }
}

/**
 * Spec §5 Basket limits for a change of the basket's quantities, each message followed by the
 * limit: an item over its max_quantity ('Item limit has been reached'); then the store's max_basket_items over the sum of quantities:
 * already full ('Basket limit has been reached') or this change going past it ('This will go over
 * your basket limit'). Changes that lower quantities always pass.
 */
function assertLimits(
  rows: BasketRows,
  change: { itemTotals: Map<number, { total: number; max: number | null; grew: boolean }> },
  before: number,
  after: number
): void {
  for (const { total, max, grew } of change.itemTotals.values()) {
    if (grew && max !== null && total > max) {
      throw limitConflict(itemLimitMessage(max), 'item_limit', max)
    }
  }
  const limit = rows.basket.max_basket_items
  if (limit === null || after <= before || after <= limit) return
  if (before >= limit) {
    throw limitConflict(basketLimitMessage('basketLimitReached', limit), 'basket_limit', limit)
  }
  throw limitConflict(
    basketLimitMessage('basketLimitExceeded', limit),
    'basket_limit_exceeded',
    limit
  )
}

/** Age check (spec §5): an age-restricted item needs the shopper's confirmation. */
function assertAge(ageRestriction: number | null, confirmed: boolean, field: string): void {
  if (ageRestriction === null || confirmed) return
  const message = formatMessage('ageRestricted', ageRestriction)
  throw new AppError('validation_error', message, { fields: [{ field, message }] })
}

/**
 * What an overwrite would lose, for the conflict's details: the store the basket is at, how many
 * items it holds, its coupon and whether it holds a time slot (the dialog names them).
 */
interface CurrentBasket {
  storeSlug: string | null
  storeName: string | null
  itemCount: number
  couponCode: string | null
  slotHeld: boolean
}

/**
 * Statements moving the basket to the target store. A basket at another store that holds anything
 * is only moved with overwrite (emptied, its hold released); an empty one just moves.
 */
function storeMoveStatements(
  call: BasketCall,
  rows: BasketRows,
  target: BasketStoreContext,
  overwrite: boolean,
  current: CurrentBasket | null
): Array<D1PreparedStatement> {
  const { db } = call
  const basketId = rows.basket.id
  if (rows.basket.store_id === target.details.id) return []
  const holdsAnything = rows.lines.length + rows.mealDeals.length > 0
  if (holdsAnything && !overwrite) {
    throw new AppError('conflict', MESSAGES.basketOverwrite, {
      details: { reason: 'basket_store_conflict', ...current },
    })
  }
  return [
    ...emptyBasketStatements(db, basketId),
    ...releaseHoldStatements(db, basketId, call.now),
    moveBasketStatement(db, basketId, target.details.id),
  ]
}

/** Whether moving to storeId would replace a basket holding anything without being asked to. */
function wouldOverwrite(rows: BasketRows, storeId: number, overwrite: boolean): boolean {
  const holdsAnything = rows.lines.length + rows.mealDeals.length > 0
  return rows.basket.store_id !== storeId && holdsAnything && !overwrite
}

async function currentBasket(call: BasketCall, rows: BasketRows): Promise<CurrentBasket> {
  const store =
    rows.basket.store_id === null
      ? null
      : await findStoreName(call.db, rows.basket.store_id)
  const reservation = await findBasketReservation(call.db, rows.basket.id, call.now)
  return {
    storeSlug: store?.slug ?? null,
    storeName: store?.name ?? null,
    itemCount: heldQuantities(rows).total,
    couponCode: rows.basket.coupon_code,
    slotHeld: reservation !== null && ['held', 'confirmed'].includes(reservation.status),
  }
}

/** Statements switching the basket's method (a held slot is for one method: it is released). */
/** Saves where the shopper is (its delivery zone sets the fee and minimum), when it changed. */
function locationStatements(
  call: BasketCall,
  rows: BasketRows,
  location: FulfilmentLocation | undefined
): Array<D1PreparedStatement> {
  if (!location) return []
  const postcode = location.postcode ?? null
  const { basket } = rows
  if (
    basket.location_latitude === location.latitude &&
    basket.location_longitude === location.longitude &&
    basket.location_postcode === postcode
  ) {
    return []
  }
  return [
    basketLocationStatement(call.db, basket.id, {
      postcode,
      latitude: location.latitude,
      longitude: location.longitude,
    }),
  ]
}

/** Saves a location given to get-or-create (a version-guarded write like every other change). */
async function saveLocation(
  call: BasketCall,
  businessId: number,
  basketId: number,
  storeId: number | null,
  location: FulfilmentLocation | undefined
): Promise<void> {
  if (!location) return
  await withBasketRetry(async () => {
    const rows = await rowsOf(call, businessId, basketId, storeId)
    const statements = locationStatements(call, rows, location)
    if (statements.length > 0) {
      await commitBasket(call.db, basketId, rows.basket.version, call.now, statements)
    }
  })
}

function methodStatements(
  call: BasketCall,
  rows: BasketRows,
  method: FulfilmentMethod
): Array<D1PreparedStatement> {
  if (rows.basket.fulfilment_method === method) return []
  return [
    ...releaseHoldStatements(call.db, rows.basket.id, call.now),
    basketMethodStatement(call.db, rows.basket.id, method),
  ]
}

async function answer(
  call: BasketCall,
  businessId: number,
  basketId: number,
  token?: string
): Promise<Basket> {
  const storeId = await findBasketStoreId(call.db, basketId)
  const basket = await readBasket(call.db, businessId, basketId, storeId, call.now)
  return token === undefined ? basket : { ...basket, basketToken: token }
}

/**
 * One change of an existing basket: read what it holds, plan the statements from that, write them
 * behind the version guard (planned again from a fresh read when another change landed first),
 * then answer the whole basket. A plan refuses by throwing; nothing is written then.
 */
async function changeBasket(
  call: BasketCall,
  businessId: number,
  token: string,
  plan: (rows: BasketRows) => Array<D1PreparedStatement> | Promise<Array<D1PreparedStatement>>
): Promise<Basket> {
  const ref = await requireBasket(call.db, businessId, token)
  await withBasketRetry(async () => {
    const rows = await rowsOf(call, businessId, ref.id, ref.storeId)
    await commitBasket(call.db, ref.id, rows.basket.version, call.now, await plan(rows))
  })
  return answer(call, businessId, ref.id)
}

/** The store an add goes to: open or preorder (not closed), offering the method. */
async function storeForAdd(
  call: BasketCall,
  businessId: number,
  storeId: number,
  method: FulfilmentMethod | undefined
): Promise<BasketStoreContext> {
  const store = await loadStore(call.db, businessId, storeId, call.now)
  if (store.availability === 'closed') {
    throw new AppError('conflict', MESSAGES.storeClosed, { details: { reason: 'store_closed' } })
  }
  if (method) assertMethodOffered(store.details, method)
  return store
}

/**
 * The basket an add goes to: the token's, or a new one at the store (its token returned) when
 * there is no token or it names no active basket of the business any more (checked out, or a
 * stale cookie): a shopper adding to the basket always gets one.
 */
async function basketForWrite(
  call: BasketCall,
  businessId: number,
  token: string | undefined,
  storeId: number,
  method: FulfilmentMethod
): Promise<{ id: number; storeId: number | null; token?: string }> {
  const found = token ? await findBasketByToken(call.db, businessId, token) : null
  if (found) return { id: found.id, storeId: found.storeId }
  const created = await createBasket(call, businessId, storeId, method)
  return { id: created.id, storeId, token: created.token }
}

// --- Calls ------------------------------------------------------------------------------------

export async function getOrCreateBasket(
  call: BasketCall,
  body: z.output<typeof GetOrCreateBasketRequestSchema>
): Promise<Basket> {
  const found = body.basketToken
    ? await findBasketByToken(call.db, body.businessId, body.basketToken)
    : null
  if (found) {
    await saveLocation(call, body.businessId, found.id, found.storeId, body.fulfilmentLocation)
    return readBasket(call.db, body.businessId, found.id, found.storeId, call.now)
  }
  const method = body.fulfilmentMethod ?? DEFAULT_FULFILMENT_METHOD
  if (body.storeId !== undefined) {
    const store = await loadStore(call.db, body.businessId, body.storeId, call.now)
    if (body.fulfilmentMethod) assertMethodOffered(store.details, body.fulfilmentMethod)
  }
  const created = await createBasket(call, body.businessId, body.storeId ?? null, method)
  await saveLocation(
    call,
    body.businessId,
    created.id,
    body.storeId ?? null,
    body.fulfilmentLocation
  )
  return answer(call, body.businessId, created.id, created.token)
}

export async function clearBasket(
  call: BasketCall,
  body: z.output<typeof ClearBasketRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => [
    ...emptyBasketStatements(call.db, rows.basket.id),
    ...releaseHoldStatements(call.db, rows.basket.id, call.now),
  ])
}

export async function addBasketItem(
  call: BasketCall,
  body: z.output<typeof AddBasketItemRequestSchema>
): Promise<Basket> {
  const { businessId, storeId, menuItem } = body
  const store = await storeForAdd(call, businessId, storeId, body.fulfilmentMethod)
  let item: MenuItem
  let unitPrice: number
  try {
    const [details, price] = await Promise.all([
      menuItemDetails(call.db, { businessId, storeId, itemId: menuItem.itemId, now: call.now }),
      priceMenuItem(call.db, {
        businessId,
        storeId,
        itemId: menuItem.itemId,
        choices: menuItem.choices,
        quantity: menuItem.quantity,
        now: call.now,
      }),
    ])
    item = details
    unitPrice = price.unitPrice
  } catch (error) {
    // An item the store does not sell (any more) is unavailable, not an unknown page.
    if (error instanceof AppError && error.message === MESSAGES.productNotFound) {
      throw new AppError('conflict', MESSAGES.itemUnavailable, {
        details: { reason: 'item_unavailable' },
      })
    }
    throw error
  }
  if (item.outOfStock) {
    throw new AppError('conflict', MESSAGES.itemUnavailable, {
      details: { reason: 'item_unavailable' },
    })
  }
  assertAge(item.ageRestriction, menuItem.ageConfirmed, 'menuItem.ageConfirmed')

  const choices = normaliseChoices(menuItem.choices)
  const key = choiceKey(choices)
  const method = body.fulfilmentMethod ?? DEFAULT_FULFILMENT_METHOD
  const target = await basketForWrite(call, businessId, body.basketToken, storeId, method)
  await withBasketRetry(async () => {
    const rows = await rowsOf(call, businessId, target.id, target.storeId)
    const current = wouldOverwrite(rows, storeId, body.overwrite)
      ? await currentBasket(call, rows)
      : null
    const move = storeMoveStatements(call, rows, store, body.overwrite, current)
    const nextMethod = body.fulfilmentMethod ?? rows.basket.fulfilment_method
    assertMethodOffered(store.details, nextMethod)
    // After a move the basket starts empty: limits count from nothing.
    const held =
      move.length > 0 ? { perItem: new Map<number, number>(), total: 0 } : heldQuantities(rows)
    const itemTotal = (held.perItem.get(item.id) ?? 0) + menuItem.quantity
    assertLimits(
      rows,
      {
        itemTotals: new Map([[item.id, { total: itemTotal, max: item.maxQuantity, grew: true }]]),
      },
      held.total,
      held.total + menuItem.quantity
    )
    const byLine = lineChoices(rows.selections)
    const same =
      move.length > 0
        ? undefined
        : rows.lines.find(
            (line) => line.id === item.id && choiceKey(byLine.get(line.line_id) ?? []) === key
          )
    const write = same
      ? [
          addToLineStatement(call.db, same.line_id, {
            quantity: menuItem.quantity,
            unitPrice,
            now: call.now,
          }),
        ]
      : insertLineStatements(call.db, {
          basketId: target.id,
          itemId: item.id,
          quantity: menuItem.quantity,
          unitPrice,
          selections: choices,
        })
    const age =
      item.ageRestriction !== null && menuItem.ageConfirmed
        ? [ageConfirmedStatement(call.db, target.id, call.now)]
        : []
    await commitBasket(call.db, target.id, rows.basket.version, call.now, [
      ...move,
      ...methodStatements(call, rows, nextMethod),
      ...locationStatements(call, rows, body.fulfilmentLocation),
      ...write,
      ...age,
    ])
  })
  return answer(call, businessId, target.id, target.token)
}

export async function updateBasketItem(
  call: BasketCall,
  body: z.output<typeof UpdateBasketItemRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, async (rows) => {
    const line = rows.lines.find((candidate) => candidate.line_id === body.basketLineId)
    if (!line || rows.basket.store_id === null) {
      throw new AppError('not_found', MESSAGES.updateItemFailed)
    }
    const storeId = rows.basket.store_id
    const choices = body.menuItem.choices ? normaliseChoices(body.menuItem.choices) : null
    let unitPrice = line.stored_price
    if (choices) {
      const price = await priceMenuItem(call.db, {
        businessId: body.businessId,
        storeId,
        itemId: line.id,
        choices,
        quantity: body.menuItem.quantity,
        now: call.now,
      })
      unitPrice = price.unitPrice
    }
    const held = heldQuantities(rows)
    const delta = body.menuItem.quantity - line.line_quantity
    assertLimits(
      rows,
      {
        itemTotals: new Map([
          [
            line.id,
            {
              total: (held.perItem.get(line.id) ?? 0) + delta,
              max: line.max_quantity,
              grew: delta > 0,
            },
          ],
        ]),
      },
      held.total,
      held.total + delta
    )
    return updateLineStatements(call.db, line.line_id, {
      quantity: body.menuItem.quantity,
      unitPrice,
      now: call.now,
      choices,
    })
  })
}

export async function removeBasketItem(
  call: BasketCall,
  body: z.output<typeof RemoveBasketItemRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => {
    if (!rows.lines.some((line) => line.line_id === body.basketLineId)) {
      throw new AppError('not_found', MESSAGES.removeItemFailed)
    }
    return [lineQuantityStatement(call.db, body.basketLineId, 0, call.now)]
  })
}

/** Spec §7 Update: the fulfilment method and/or quantities (0 removes a line or meal deal). */
export async function updateBasket(
  call: BasketCall,
  body: z.output<typeof UpdateBasketRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, async (rows) => {
    if (body.fulfilmentMethod && rows.basket.store_id !== null) {
      const store = await loadStore(call.db, body.businessId, rows.basket.store_id, call.now)
      assertMethodOffered(store.details, body.fulfilmentMethod)
    }
    const held = heldQuantities(rows)
    const perItem = new Map(held.perItem)
    const grew = new Set<number>()
    let after = held.total
    const statements: Array<D1PreparedStatement> = []
    for (const update of body.updates) {
      if (update.basketLineId !== undefined) {
        const line = rows.lines.find((candidate) => candidate.line_id === update.basketLineId)
        if (!line) throw new AppError('not_found', MESSAGES.updateQuantityFailed)
        const delta = update.quantity - line.line_quantity
        perItem.set(line.id, (perItem.get(line.id) ?? 0) + delta)
        if (delta > 0) grew.add(line.id)
        after += delta
        statements.push(lineQuantityStatement(call.db, line.line_id, update.quantity, call.now))
      } else {
        const meal = rows.mealDeals.find((candidate) => candidate.id === update.basketMealDealId)
        if (!meal) throw new AppError('not_found', MESSAGES.updateQuantityFailed)
        after += update.quantity - meal.quantity
        statements.push(mealDealQuantityStatement(call.db, meal.id, update.quantity))
      }
    }
    const itemTotals = new Map(
      [...perItem].map(([itemId, total]) => [
        itemId,
        {
          total,
          max: rows.lines.find((line) => line.id === itemId)?.max_quantity ?? null,
          grew: grew.has(itemId),
        },
      ])
    )
    assertLimits(rows, { itemTotals }, held.total, after)
    const method = body.fulfilmentMethod ?? rows.basket.fulfilment_method
    return [
      ...methodStatements(call, rows, method),
      ...locationStatements(call, rows, body.fulfilmentLocation),
      ...statements,
    ]
  })
}

export async function addMealDeal(
  call: BasketCall,
  body: z.output<typeof AddMealDealRequestSchema>
): Promise<Basket> {
  const { businessId, storeId } = body
  const store = await storeForAdd(call, businessId, storeId, body.fulfilmentMethod)
  const details = await dealDetails(call.db, {
    businessId,
    storeId,
    dealId: body.dealId,
    now: call.now,
  })
  const fieldError = (field: string, message: string) =>
    new AppError('validation_error', message, { fields: [{ field, message }] })
  if (details.deal.kind !== 'meal_deal' || details.deal.price === null) {
    throw fieldError('dealId', MESSAGES.validationError)
  }
  let premiums = 0
  let age: number | null = null
  body.choices.forEach((choice, index) => {
    const section = details.sections.find((candidate) => candidate.id === choice.sectionId)
    const item = section?.items.find((candidate) => candidate.id === choice.itemId)
    if (!section || !item) throw fieldError(`choices.${index}`, MESSAGES.optionUnknown)
    if (item.outOfStock) {
      throw new AppError('conflict', MESSAGES.itemUnavailable, {
        details: { reason: 'item_unavailable' },
      })
    }
    premiums += item.extraCost
    if (item.ageRestriction !== null) age = Math.max(age ?? 0, item.ageRestriction)
  })
  for (const section of details.sections) {
    const count = body.choices.filter((choice) => choice.sectionId === section.id).length
    if (count < section.minimumSelected) {
      throw fieldError(`sections.${section.id}`, formatMessage('optionChoose', section.name))
    }
    if (count > section.maximumSelected) {
      throw fieldError(
        `sections.${section.id}`,
        formatMessage('optionChooseUpTo', section.maximumSelected, section.name)
      )
    }
  }
  assertAge(age, body.ageConfirmed, 'ageConfirmed')
  const unitPrice = details.deal.price + premiums
  const method = body.fulfilmentMethod ?? DEFAULT_FULFILMENT_METHOD
  const target = await basketForWrite(call, businessId, body.basketToken, storeId, method)
  await withBasketRetry(async () => {
    const rows = await rowsOf(call, businessId, target.id, target.storeId)
    const current = wouldOverwrite(rows, storeId, body.overwrite)
      ? await currentBasket(call, rows)
      : null
    const move = storeMoveStatements(call, rows, store, body.overwrite, current)
    const nextMethod = body.fulfilmentMethod ?? rows.basket.fulfilment_method
    assertMethodOffered(store.details, nextMethod)
    const before = move.length > 0 ? 0 : heldQuantities(rows).total
    assertLimits(rows, { itemTotals: new Map() }, before, before + body.quantity)
    await commitBasket(call.db, target.id, rows.basket.version, call.now, [
      ...move,
      ...methodStatements(call, rows, nextMethod),
      ...locationStatements(call, rows, body.fulfilmentLocation),
      ...insertMealDealStatements(call.db, {
        basketId: target.id,
        dealId: body.dealId,
        quantity: body.quantity,
        unitPrice,
        choices: body.choices,
      }),
      ...(age !== null ? [ageConfirmedStatement(call.db, target.id, call.now)] : []),
    ])
  })
  return answer(call, businessId, target.id, target.token)
}

export async function removeMealDeal(
  call: BasketCall,
  body: z.output<typeof RemoveMealDealRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => {
    if (!rows.mealDeals.some((meal) => meal.id === body.basketMealDealId)) {
      throw new AppError('not_found', MESSAGES.removeItemFailed)
    }
    return [mealDealQuantityStatement(call.db, body.basketMealDealId, 0)]
  })
}

export async function updateTip(
  call: BasketCall,
  body: z.output<typeof UpdateTipRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => [
    tipStatement(call.db, rows.basket.id, body.tip),
  ])
}

export async function removeCoupon(
  call: BasketCall,
  body: z.output<typeof RemoveCouponRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => [
    couponStatement(call.db, rows.basket.id, null),
  ])
}

/** A coupon refusal: its code and the text to show (spec §5 Coupon response). */
export interface CouponRejection {
  errorCode: string
  errorText: string
}

/**
 * Why a coupon cannot be applied to this basket now, or null when it can. Conditions the shopper
 * can still meet by signing in (members only, first order only) do not refuse: the coupon is then
 * applied with needsReapply.
 */
export function couponRejection(
  coupon: {
    is_active: number
    starts_at: string | null
    ends_at: string | null
    fulfilment_method: FulfilmentMethod | null
    minimum_spend: number
    max_redemptions: number | null
    redemption_count: number
    max_redemptions_per_customer: number | null
    first_order_only: number
  } | null,
  basket: {
    fulfilmentMethod: FulfilmentMethod
    discountedSubtotal: number
    customerRedemptions: number | null
    customerOrders: number | null
  },
  now: Date
): CouponRejection | null {
  const at = now.toISOString()
  if (!coupon || coupon.is_active !== 1) {
    return { errorCode: 'COUPON_NOT_FOUND', errorText: MESSAGES.couponNotFound }
  }
  if (coupon.starts_at !== null && coupon.starts_at > at) {
    return { errorCode: 'COUPON_NOT_STARTED', errorText: MESSAGES.couponNotStarted }
  }
  if (coupon.ends_at !== null && coupon.ends_at <= at) {
    return { errorCode: 'COUPON_EXPIRED', errorText: MESSAGES.couponExpired }
  }
  if (coupon.fulfilment_method !== null && coupon.fulfilment_method !== basket.fulfilmentMethod) {
    return {
      errorCode: 'COUPON_FULFILMENT_METHOD',
      errorText: formatMessage('couponWrongMethod', coupon.fulfilment_method),
    }
  }
  if (basket.discountedSubtotal < coupon.minimum_spend) {
    return {
      errorCode: 'COUPON_MINIMUM_SPEND',
      errorText: formatMessage('couponMinimumSpend', formatMoney(coupon.minimum_spend)),
    }
  }
  if (coupon.max_redemptions !== null && coupon.redemption_count >= coupon.max_redemptions) {
    return { errorCode: 'COUPON_USED_UP', errorText: MESSAGES.couponUsedUp }
  }
  if (
    coupon.max_redemptions_per_customer !== null &&
    basket.customerRedemptions !== null &&
    basket.customerRedemptions >= coupon.max_redemptions_per_customer
  ) {
    return { errorCode: 'COUPON_CUSTOMER_LIMIT', errorText: MESSAGES.couponCustomerLimit }
  }
  if (
    coupon.first_order_only === 1 &&
    basket.customerOrders !== null &&
    basket.customerOrders > 0
  ) {
    return { errorCode: 'COUPON_FIRST_ORDER_ONLY', errorText: MESSAGES.couponCustomerLimit }
  }
  return null
}

export async function applyCoupon(
  call: BasketCall,
  body: z.output<typeof ApplyCouponRequestSchema>,
  robots: RobotChecker,
  ip: string | null
): Promise<CouponResult> {
  const ref = await requireBasket(call.db, body.businessId, body.basketToken)
  const refuse = async (rejection: CouponRejection): Promise<CouponResult> => ({
    basket: await answer(call, body.businessId, ref.id),
    ...rejection,
    errorDisplay: rejection.errorText,
  })
  if (!(await robots.verify(body.verifyToken, ip))) {
    return refuse({ errorCode: 'ROBOT_CHECK_FAILED', errorText: MESSAGES.robotCheckFailed })
  }
  const code = body.coupon.toUpperCase()
  const coupon = await findCouponByCode(call.db, body.businessId, code)
  try {
    await withBasketRetry(async () => {
      const rows = await rowsOf(call, body.businessId, ref.id, ref.storeId)
      const current = await readBasket(
        call.db,
        body.businessId,
        ref.id,
        rows.basket.store_id,
        call.now
      )
      const customerId = rows.basket.customer_id
      const use =
        coupon && customerId !== null
          ? await findCustomerCouponUse(call.db, coupon.id, customerId)
          : null
      const rejection = couponRejection(
        coupon,
        {
          fulfilmentMethod: rows.basket.fulfilment_method,
          discountedSubtotal: current.totals.subtotal - current.totals.dealDiscount,
          customerRedemptions: use?.redemptions ?? null,
          customerOrders: use?.orders ?? null,
        },
        call.now
      )
      if (rejection || !coupon) throw new CouponRefused(rejection ?? couponNotFound())
      // Spec §4: a guest cannot prove membership or a first order; the coupon waits for sign-in.
      const needsReapply =
        customerId === null && (coupon.members_only === 1 || coupon.first_order_only === 1)
      await commitBasket(call.db, ref.id, current.version, call.now, [
        couponStatement(call.db, ref.id, { id: coupon.id, code: coupon.code, needsReapply }),
      ])
    })
  } catch (error) {
    if (error instanceof CouponRefused) return refuse(error.rejection)
    throw error
  }
  return { basket: await answer(call, body.businessId, ref.id) }
}

function couponNotFound(): CouponRejection {
  return { errorCode: 'COUPON_NOT_FOUND', errorText: MESSAGES.couponNotFound }
}

class CouponRefused extends Error {
  constructor(readonly rejection: CouponRejection) {
    super(rejection.errorText)
    this.name = 'CouponRefused'
  }
}

/**
 * A guest basket becomes the member's on sign-in: customer_id is set when it is null. A basket of
 * another member is refused (forbidden) with nothing written; the member's own basket answers
 * unchanged (its version not bumped).
 */
export async function claimBasket(
  call: BasketCall,
  body: z.output<typeof ClaimBasketRequestSchema>,
  customerId: number
): Promise<Basket> {
  const ref = await requireBasket(call.db, body.businessId, body.basketToken)
  const owner = await findBasketCustomerId(call.db, ref.id)
  if (owner === customerId) return answer(call, body.businessId, ref.id)
  return changeBasket(call, body.businessId, body.basketToken, (rows) => {
    if (rows.basket.customer_id !== null && rows.basket.customer_id !== customerId) {
      throw new AppError('forbidden', MESSAGES.basketOfAnotherMember)
    }
    return [claimBasketStatement(call.db, rows.basket.id, customerId)]
  })
}

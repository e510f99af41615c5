import type { FulfilmentLocation, Basket } from '../../../schemas/basket.ts'
import { DEFAULT_FULFILMENT_METHOD, type FulfilmentMethod } from '../../../schemas/constants.ts'
import {
  basketLimitMessage,
  formatMessage,
  itemLimitMessage,
  MESSAGES,
} from '../../../schemas/messages.ts'
import { randomToken } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { findBasketReservation, releaseHoldStatements } from '../slots/reservations-repo.ts'
import { findStoreName } from '../stores/repo.ts'
import {
  basketLocationStatement,
  basketMethodStatement,
  type BasketRows,
  commitBasket,
  findBasketStoreId,
  moveBasketStatement,
  emptyBasketStatements,
  findBasketRows,
  insertBasket,
} from './repo.ts'
import { type BasketRef, hashBasketToken } from '../basket-ref-repo.ts'
import { cartChangedEffectStatement } from './cart-effect-row.ts'
import {
  assertMethodOffered,
  type BasketLookup,
  type BasketParts,
  basketPartsFrom,
  basketPartsStatements,
  type BasketStoreContext,
  findCallBasket,
  loadStore,
  priceBasket,
  readBasket,
  requireBasket,
  withBasketRetry,
} from './read.ts'

/*
 * What every basket change shares: the call's context, reading the basket, planning statements
 * (store move, method, location) and writing them behind the version guard, then answering.
 */

/** What every basket call runs with (the basket guard's find for its token among it). */
export interface BasketCall extends BasketLookup {
  db: D1Database
  now: Date
  /**
   * Who a basket this call creates belongs to: the brand whose host asks (null when the call
   * names none) and the signed-in member (null for a guest). Asked only when a basket is created.
   */
  newBasketOwner: () => Promise<{ brandId: number | null; customerId: number | null }>
  /**
   * Hands the outbox rows a change wrote to the EFFECTS queue after its commit (ADR 037), after
   * the answer where the runtime lets work finish (ADR 065); left out, the cron's sweep hands
   * them on.
   */
  dispatchEffects?: (keys: ReadonlyArray<string>) => Promise<void>
}

/** A new basket, its brand's and, when a member creates it, theirs from the start. */
export async function createBasket(
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

export async function rowsOf(
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
export function heldQuantities(rows: BasketRows): { perItem: Map<number, number>; total: number } {
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
export function assertLimits(
  // Only the store's limit is read: an amended order (ADR 048) passes its store's.
  rows: { basket: Pick<BasketRows['basket'], 'max_basket_items'> },
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
export function assertAge(ageRestriction: number | null, confirmed: boolean, field: string): void {
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
export function storeMoveStatements(
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
export function wouldOverwrite(rows: BasketRows, storeId: number, overwrite: boolean): boolean {
  const holdsAnything = rows.lines.length + rows.mealDeals.length > 0
  return rows.basket.store_id !== storeId && holdsAnything && !overwrite
}

export async function currentBasket(call: BasketCall, rows: BasketRows): Promise<CurrentBasket> {
  const store =
    rows.basket.store_id === null ? null : await findStoreName(call.db, rows.basket.store_id)
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
export function locationStatements(
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
export async function saveLocation(
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

export function methodStatements(
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

export async function answer(
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
 * Writes a change behind the version guard with the basket's answer read in the same batch, priced
 * at `storeId`, the store the basket is at after the change (ADR 065): the write and its answer
 * are one round trip. Null when the basket turned out to be elsewhere (then read it again).
 */
async function commitAndRead(
  call: BasketCall,
  businessId: number,
  basketId: number,
  storeId: number | null,
  version: number,
  statements: ReadonlyArray<D1PreparedStatement>
): Promise<BasketParts | null> {
  const reads = basketPartsStatements(call.db, businessId, basketId, storeId, call.now)
  const results = await commitBasket(call.db, basketId, version, call.now, statements, reads)
  const parts = basketPartsFrom(results, storeId, call.now)
  return parts && parts.rows.basket.store_id === storeId ? parts : null
}

/** The answer from the parts a commit read, else read afresh. */
async function answerAfter(
  call: BasketCall,
  businessId: number,
  basketId: number,
  parts: BasketParts | null,
  token?: string
): Promise<Basket> {
  if (!parts) return answer(call, businessId, basketId, token)
  const { basket } = await priceBasket(call.db, businessId, parts, call.now)
  return token === undefined ? basket : { ...basket, basketToken: token }
}

/**
 * One change of an existing basket: read what it holds, plan the statements from that, write them
 * behind the version guard (planned again from a fresh read when another change landed first)
 * with the answer read in the same batch, then answer the whole basket. A plan refuses by
 * throwing; nothing is written then.
 */
export async function changeBasket(
  call: BasketCall,
  businessId: number,
  token: string,
  plan: (rows: BasketRows) => Array<D1PreparedStatement> | Promise<Array<D1PreparedStatement>>
): Promise<Basket> {
  const ref = await requireBasket(call, businessId, token)
  let after: BasketParts | null = null
  await withBasketRetry(async () => {
    const rows = await rowsOf(call, businessId, ref.id, ref.storeId)
    const statements = await plan(rows)
    after = await commitAndRead(
      call,
      businessId,
      ref.id,
      rows.basket.store_id,
      rows.basket.version,
      statements
    )
  })
  return answerAfter(call, businessId, ref.id, after)
}

/** The store an add goes to: open or preorder (not closed), offering the method. */
export async function storeForAdd(
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

/** The basket an add found by its token, with what it holds (read beside the add's other reads). */
export interface AddTarget {
  ref: BasketRef
  rows: BasketRows
}

/**
 * What an add reads of the basket its token names, started beside its store and item reads
 * (ADR 065): null when there is no token or it names no active basket of the business any more
 * (checked out, or a stale cookie), so the add makes a new one.
 */
export async function readAddTarget(
  call: BasketCall,
  businessId: number,
  token: string | undefined
): Promise<AddTarget | null> {
  const ref = token ? await findCallBasket(call, businessId, token) : null
  if (!ref) return null
  return { ref, rows: await rowsOf(call, businessId, ref.id, ref.storeId) }
}

/**
 * One add at `store` (an item or a meal deal): to the token's basket (`found`, read beside the
 * add's other reads) or a new one there (its token returned) when there is none: a shopper adding
 * to the basket always gets one. Moved from another store when the shopper said to overwrite, its
 * method checked against the store. `plan` gets the basket read and whether it moved (it then
 * starts empty), refuses by throwing, and answers the add's own statements; all are written behind
 * the version guard in one batch with the basket's answer read after them, and the outbox row
 * that tells the marketing service the cart changed (ADR 025, ADR 037), handed to the queue after
 * the answer.
 */
export async function addToBasket(
  call: BasketCall,
  businessId: number,
  request: {
    basketToken?: string | undefined
    storeId: number
    fulfilmentMethod?: FulfilmentMethod | undefined
    fulfilmentLocation?: FulfilmentLocation | undefined
    overwrite: boolean
  },
  store: BasketStoreContext,
  plan: (rows: BasketRows, moved: boolean) => Array<D1PreparedStatement>,
  found: AddTarget | null
): Promise<Basket> {
  const { storeId, overwrite } = request
  const method = request.fulfilmentMethod ?? DEFAULT_FULFILMENT_METHOD
  const target = found
    ? { id: found.ref.id, storeId: found.ref.storeId, token: undefined }
    : { ...(await createBasket(call, businessId, storeId, method)), storeId }
  let cartEffect = ''
  let fresh = found?.rows
  let after: BasketParts | null = null
  await withBasketRetry(async () => {
    // The rows read beside the add's other reads serve its first attempt; a retry reads again.
    const rows = fresh ?? (await rowsOf(call, businessId, target.id, target.storeId))
    fresh = undefined
    const current = wouldOverwrite(rows, storeId, overwrite)
      ? await currentBasket(call, rows)
      : null
    const move = storeMoveStatements(call, rows, store, overwrite, current)
    const nextMethod = request.fulfilmentMethod ?? rows.basket.fulfilment_method
    assertMethodOffered(store.details, nextMethod)
    const own = plan(rows, move.length > 0)
    const cart = cartChangedEffectStatement(
      call.db,
      { businessId, id: target.id, version: rows.basket.version },
      call.now
    )
    after = await commitAndRead(
      call,
      businessId,
      target.id,
      store.details.id,
      rows.basket.version,
      [
        ...move,
        ...methodStatements(call, rows, nextMethod),
        ...locationStatements(call, rows, request.fulfilmentLocation),
        ...own,
        cart.statement,
      ]
    )
    cartEffect = cart.key
  })
  await call.dispatchEffects?.([cartEffect])
  return answerAfter(call, businessId, target.id, after, target.token)
}

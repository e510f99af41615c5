import type { z } from 'zod'
import type { SlotPage, SlotPageBasket } from '../../../schemas/basket.ts'
import type { TimeSlotListRequestSchema } from '../../../schemas/slots.ts'
import { type BasketRef, findGuardedBasket, type GuardedBasket } from '../basket-ref-repo.ts'
import { slotListFrom, slotListStatements } from '../slots/service.ts'
import { storeDetailsStatements } from '../stores/repo.ts'
import {
  type BasketParts,
  basketPartsFrom,
  basketPartsStatements,
  priceBasket,
  readBasketParts,
} from './read.ts'

type SlotPageRequest = z.output<typeof TimeSlotListRequestSchema>

/**
 * The time-slots pages' data in one batch after the basket guard (ADR 068): the slot list's reads
 * and the basket's, priced by the basket's own code (priceBasket, as the basket page) so the slot
 * price is what the basket will charge; only the facts the pages use are answered.
 */
export async function slotPage(
  db: D1Database,
  guarded: GuardedBasket | undefined,
  request: SlotPageRequest,
  now: Date
): Promise<SlotPage> {
  const { businessId, basketToken } = request
  const basket = basketToken ? await findGuardedBasket(db, guarded, businessId, basketToken) : null
  const slotReads = slotListStatements(db, request, basket, now)
  // A basket at the page's store: its parts' store details (their last statements) are the slot
  // list's first ones, the same statements; read once and handed to both.
  const shared =
    basket?.storeId === request.storeId
      ? storeDetailsStatements(db, businessId, { storeId: request.storeId }, now).length
      : 0
  const partsReads = basket
    ? basketPartsStatements(db, businessId, basket.id, basket.storeId, now)
    : []
  const basketReads = partsReads.slice(0, partsReads.length - shared)
  const results = await db.batch([...slotReads, ...basketReads])
  const slots = slotListFrom(results.slice(0, slotReads.length), request, basket, now)
  if (!basket) return { slots, basket: null }
  const basketResults = [...results.slice(slotReads.length), ...results.slice(0, shared)]
  const parts = await partsAtItsStore(
    db,
    businessId,
    basket,
    basketPartsFrom(basketResults, basket.storeId, now),
    now
  )
  if (!parts) return { slots, basket: null }
  const { basket: priced } = await priceBasket(db, businessId, parts, now)
  const { itemCount, subtotal, dealDiscount, deliveryFee } = priced.totals
  const facts: SlotPageBasket = {
    fulfilmentMethod: priced.fulfilmentMethod,
    store: priced.store ? { slug: priced.store.slug } : null,
    totals: { itemCount, subtotal, dealDiscount, deliveryFee },
  }
  return { slots, basket: facts }
}

/**
 * The basket's parts priced at its own store: as read in the batch, or read again when it moved
 * store since the guard looked (readBasketParts); null when it is no active basket any more.
 */
async function partsAtItsStore(
  db: D1Database,
  businessId: number,
  basket: BasketRef,
  parts: BasketParts | null,
  now: Date
): Promise<BasketParts | null> {
  if (!parts) return null
  const own = parts.rows.basket.store_id
  if (own === basket.storeId) return parts
  return readBasketParts(db, businessId, basket.id, own, now)
}

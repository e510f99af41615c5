import type { z } from 'zod'
import {
  REGULAR_MIN_ORDERS,
  type ForgottenItemsRequestSchema,
  type MenuItemSummary,
  type PreviousPurchases,
  type PreviousPurchasesRequestSchema,
} from '../../../schemas/catalogue.ts'
import { hashBasketToken } from '../basket-ref-repo.ts'
import { withOffers } from './item-offers.ts'
import { toItemSummary } from './items.ts'
import { findPurchasedItems } from './previous-purchases-repo.ts'
import { assertStore } from './service.ts'

// The "Have you forgotten?" step shows one screenful, never a catalogue.
const FORGOTTEN_LIMIT = 12

/**
 * Spec §7 Previous purchase items: one page of what the member bought before at the store,
 * priced for it today. `customerId` null (a guest) answers an empty page: there is nothing to
 * show, not an error.
 */
export async function previousPurchases(
  db: D1Database,
  customerId: number | null,
  body: z.output<typeof PreviousPurchasesRequestSchema>,
  now: Date
): Promise<PreviousPurchases> {
  if (customerId === null) return { items: [], page: body.page, hasMore: false }
  const found = await findPurchasedItems(db, {
    businessId: body.businessId,
    storeId: body.storeId,
    brandId: body.brandId ?? null,
    customerId,
    minOrders: 1,
    basketTokenHash: null,
    limit: body.limit,
    offset: (body.page - 1) * body.limit,
  })
  assertStore(found.storeFound)
  const rows = found.items.slice(0, body.limit)
  return {
    items: await withOffers(
      db,
      { ...body, now },
      rows.map((row) => toItemSummary(row, now))
    ),
    page: body.page,
    hasMore: found.items.length > body.limit,
  }
}

/**
 * The member's regulars at the store (bought in REGULAR_MIN_ORDERS orders or more) that the
 * basket does not hold, for the step before checkout.
 */
export async function forgottenItems(
  db: D1Database,
  customerId: number,
  body: z.output<typeof ForgottenItemsRequestSchema>,
  now: Date
): Promise<{ items: Array<MenuItemSummary> }> {
  const found = await findPurchasedItems(db, {
    businessId: body.businessId,
    storeId: body.storeId,
    brandId: body.brandId ?? null,
    customerId,
    minOrders: REGULAR_MIN_ORDERS,
    basketTokenHash: body.basketToken ? await hashBasketToken(body.basketToken) : null,
    limit: FORGOTTEN_LIMIT,
    offset: 0,
  })
  assertStore(found.storeFound)
  const rows = found.items.slice(0, FORGOTTEN_LIMIT)
  return {
    items: await withOffers(
      db,
      { ...body, now },
      rows.map((row) => toItemSummary(row, now))
    ),
  }
}

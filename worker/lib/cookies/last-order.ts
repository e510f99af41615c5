import type { Context } from 'hono'
import { z } from 'zod'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { readCookie, writeCookie } from './cookies.ts'

/*
 * The last-ordered-store record (spec §2 guard): after an order the shopper goes straight back to
 * that store's page from home, until they choose to change store.
 */

export type LastOrder = z.infer<typeof LastOrderSchema>
export const LastOrderSchema = z.object({
  restoreLastOrderedStore: z.boolean(),
  hasLastOrder: z.boolean(),
  lastOrderStoreSlug: z.string().trim().min(1).max(120).nullable(),
})

/** The request's last-order record; a missing or malformed cookie is none. */
export function readLastOrder(c: Context): LastOrder | null {
  const value = readCookie(c, COOKIE_NAMES.lastOrder)
  if (!value) return null
  try {
    const parsed = LastOrderSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Saves the last-order record (httpOnly, SameSite=Lax, Secure except local http). */
export function writeLastOrder(c: Context, lastOrder: LastOrder): void {
  writeCookie(c, COOKIE_NAMES.lastOrder, JSON.stringify(LastOrderSchema.parse(lastOrder)))
}

/** The store page to restore, when every flag of the record says so; else null. */
export function lastOrderedStoreSlug(lastOrder: LastOrder | null): string | null {
  if (!lastOrder?.restoreLastOrderedStore || !lastOrder.hasLastOrder) return null
  return lastOrder.lastOrderStoreSlug
}

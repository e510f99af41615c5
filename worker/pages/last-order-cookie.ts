import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import { tokenCookieOptions } from '../lib/cookies.ts'

/**
 * The last-ordered-store record (spec §2 guard): after an order the shopper goes straight back to
 * that store's page from home, until they choose to change store.
 */
export const LAST_ORDER_COOKIE = 'sf_last_order'

const LAST_ORDER_MAX_AGE_SECONDS = 90 * 24 * 60 * 60

export type LastOrder = z.infer<typeof LastOrderSchema>
export const LastOrderSchema = z.object({
  restoreLastOrderedStore: z.boolean(),
  hasLastOrder: z.boolean(),
  lastOrderStoreSlug: z.string().trim().min(1).max(120).nullable(),
})

/** The request's last-order record; a missing or malformed cookie is none. */
export function readLastOrder(c: Context): LastOrder | null {
  const value = getCookie(c, LAST_ORDER_COOKIE)
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
  setCookie(
    c,
    LAST_ORDER_COOKIE,
    JSON.stringify(LastOrderSchema.parse(lastOrder)),
    tokenCookieOptions(c.req.url, LAST_ORDER_MAX_AGE_SECONDS)
  )
}

/** The store page to restore, when every flag of the record says so; else null. */
export function lastOrderedStoreSlug(lastOrder: LastOrder | null): string | null {
  if (!lastOrder?.restoreLastOrderedStore || !lastOrder.hasLastOrder) return null
  return lastOrder.lastOrderStoreSlug
}

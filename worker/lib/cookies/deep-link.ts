import type { Context } from 'hono'
import { z } from 'zod'
import { IdSchema } from '../../../schemas/common.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/**
 * A marketing link's pending action (spec §4 Deep link): open a store, or a category of it, once
 * the shopper has searched with a postcode.
 */
export type PendingDeepLink = z.infer<typeof PendingDeepLinkSchema>
export const PendingDeepLinkSchema = z
  .object({
    action: z.enum(['store', 'category']),
    storeId: IdSchema,
    categoryId: IdSchema.optional(),
    campaignId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((link) => link.action !== 'category' || link.categoryId !== undefined, {
    path: ['categoryId'],
  })

/** Saves a deep link as pending until the shopper's next store search. */
export function writePendingDeepLink(c: Context, link: PendingDeepLink): void {
  writeCookie(c, COOKIE_NAMES.deepLink, JSON.stringify(link))
}

/** The pending deep link of the request, if a valid one is saved. */
export function readPendingDeepLink(c: Context): PendingDeepLink | null {
  const value = readCookie(c, COOKIE_NAMES.deepLink)
  if (!value) return null
  try {
    const parsed = PendingDeepLinkSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Drops the pending deep link: it is resumed once, whatever the outcome. */
export function clearPendingDeepLink(c: Context): void {
  clearCookie(c, COOKIE_NAMES.deepLink)
}

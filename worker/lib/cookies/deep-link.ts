import type { Context } from 'hono'
import { z } from 'zod'
import { IdSchema } from '../../../schemas/common.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { DEEP_LINK_ACTIONS, DEEP_LINK_PLATFORMS } from '../../../schemas/marketing.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/**
 * A marketing link's pending action (spec §4 Deep link): open a store, a category, an item or a
 * deal of it (once the shopper has searched with a postcode), or restore a shared basket. The
 * backend's deep-link action checks it against the data (ADR 025).
 */
export type PendingDeepLink = z.infer<typeof PendingDeepLinkSchema>
export const PendingDeepLinkSchema = z
  .object({
    action: z.enum(DEEP_LINK_ACTIONS),
    storeId: IdSchema.optional(),
    categoryId: IdSchema.optional(),
    itemId: IdSchema.optional(),
    dealId: IdSchema.optional(),
    /** action 'basket': the shared basket's token (the cookie is httpOnly). */
    basketToken: z.string().trim().min(1).max(200).optional(),
    campaignId: z.string().trim().min(1).max(100).optional(),
    platform: z.enum(DEEP_LINK_PLATFORMS).optional(),
  })
  .refine((link) => link.action === 'basket' || link.storeId !== undefined, {
    path: ['storeId'],
  })
  .refine((link) => link.action !== 'category' || link.categoryId !== undefined, {
    path: ['categoryId'],
  })
  .refine((link) => link.action !== 'item' || link.itemId !== undefined, { path: ['itemId'] })
  .refine((link) => link.action !== 'deal' || link.dealId !== undefined, { path: ['dealId'] })
  .refine((link) => link.action !== 'basket' || link.basketToken !== undefined, {
    path: ['basketToken'],
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

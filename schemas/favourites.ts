import { z } from 'zod'
import { MenuItemSummarySchema, StoreScopeRequestSchema } from './catalogue.ts'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema } from './common.ts'
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './constants.ts'

/** Adds or removes one favourite item; doing it twice is the same as once. */
export const FavouriteChangeRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  menuItemId: IdSchema,
})

export type FavouriteChange = z.infer<typeof FavouriteChangeSchema>
export const FavouriteChangeSchema = z.object({
  menuItemId: z.int(),
  favourite: z.boolean(),
})

/** Which of these items the member has made favourites (for the hearts of a page). */
export const FavouriteIdsRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  menuItemIds: z.array(IdSchema).max(100),
})
export const FavouriteIdsSchema = z.object({ menuItemIds: z.array(z.int()) })

/** The member's favourites a store sells, newest first, a page at a time. */
export const FavouritesRequestSchema = StoreScopeRequestSchema.extend({
  brandId: CallingBrandIdSchema,
  page: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
})
export type Favourites = z.infer<typeof FavouritesSchema>
export const FavouritesSchema = z.object({
  items: z.array(MenuItemSummarySchema),
  page: z.int(),
  hasMore: z.boolean(),
})

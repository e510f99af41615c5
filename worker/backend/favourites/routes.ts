import {
  FavouriteChangeRequestSchema,
  FavouriteChangeSchema,
  FavouriteIdsRequestSchema,
  FavouriteIdsSchema,
  FavouritesRequestSchema,
  FavouritesSchema,
} from '../../../schemas/favourites.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { now } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import { requireMember } from '../auth/authenticate.ts'
import { withOffers } from '../catalogue/item-offers.ts'
import { toItemSummary } from '../catalogue/items.ts'
import { assertStore } from '../catalogue/service.ts'
import { createDomain } from '../route-registry.ts'
import { addFavourite, findFavouriteIds, findFavouriteItems, removeFavourite } from './repo.ts'

/**
 * A member's favourite items: a heart on an item card or page adds or removes one, and each
 * store shows the favourites it sells. Members only; adding or removing twice is as once.
 */
export const favourites = createDomain('Favourites')

favourites.post(
  '/member/favourites/add',
  {
    summary: 'Makes an item one of the member’s favourites (again: no change)',
    description: `An item the business does not have answers not_found ('${MESSAGES.productNotFound}').`,
    body: FavouriteChangeRequestSchema,
    response: FavouriteChangeSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    const found = await addFavourite(c.env.DB, {
      businessId: body.businessId,
      customerId,
      menuItemId: body.menuItemId,
      now: now(c.env).toISOString(),
    })
    if (!found) throw new AppError('not_found', MESSAGES.productNotFound)
    return { menuItemId: body.menuItemId, favourite: true }
  }
)

favourites.post(
  '/member/favourites/remove',
  {
    summary: 'The item is no longer one of the member’s favourites (already not: no change)',
    body: FavouriteChangeRequestSchema,
    response: FavouriteChangeSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    await removeFavourite(c.env.DB, { ...body, customerId })
    return { menuItemId: body.menuItemId, favourite: false }
  }
)

favourites.post(
  '/member/favourites/ids',
  {
    summary: 'Which of the given items are the member’s favourites',
    body: FavouriteIdsRequestSchema,
    response: FavouriteIdsSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    const ids = await findFavouriteIds(c.env.DB, {
      businessId: body.businessId,
      customerId,
      ids: [...new Set(body.menuItemIds)],
    })
    return { menuItemIds: ids }
  }
)

favourites.post(
  '/member/favourites',
  {
    summary: 'The member’s favourites the store sells, newest first, a page at a time',
    description:
      'Priced for the store; a favourite the store does not sell is left out. hasMore says ' +
      'whether a next page has any.',
    body: FavouritesRequestSchema,
    response: FavouritesSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    const at = now(c.env)
    const found = await findFavouriteItems(c.env.DB, {
      businessId: body.businessId,
      storeId: body.storeId,
      customerId,
      limit: body.limit,
      offset: (body.page - 1) * body.limit,
    })
    assertStore(found.storeFound)
    const rows = found.items.slice(0, body.limit)
    return {
      items: await withOffers(
        c.env.DB,
        { ...body, now: at },
        rows.map((row) => toItemSummary(row, at))
      ),
      page: body.page,
      hasMore: found.items.length > body.limit,
    }
  }
)

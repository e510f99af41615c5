import type { Context } from 'hono'
import { FavouritesPage } from '../../../client/pages/FavouritesPage.tsx'
import { favouritesHref } from '../../../client/lib/catalogue-links.ts'
import {
  FavouriteIdsSchema,
  FavouritesRequestSchema,
  FavouritesSchema,
  type Favourites,
} from '../../../schemas/favourites.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { catalogueScope, findStore, requestedPage, storeCrumbs } from './catalogue-context.ts'
import { memberPost, sessionEnded } from '../shared/member-call.ts'
import { renderPage } from '../shared/render.tsx'
import { isSignedIn } from '../shared/session.ts'

/**
 * `/stores/:storeSlug/favourites?page=` (members only, by the route's guard): the member's
 * favourites the store sells. A page past the end is not found.
 */
export async function favouritesPage(c: Context<AppEnv>): Promise<Response> {
  const store = await findStore(c)
  const request = FavouritesRequestSchema.safeParse({
    ...catalogueScope(c, store),
    page: requestedPage(c),
  })
  if (!request.success) throw new AppError('not_found', MESSAGES.pageNotFound)
  let favourites: Favourites
  try {
    favourites = await memberPost(c, '/member/favourites', request.data, FavouritesSchema)
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
  if (favourites.items.length === 0 && favourites.page > 1) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
  const crumbs = [
    ...storeCrumbs(store),
    { name: 'Your favourites', href: favouritesHref(store.slug) },
  ]
  return renderPage(
    c,
    (chrome) => (
      <FavouritesPage chrome={chrome} store={store} favourites={favourites} crumbs={crumbs} />
    ),
    {
      meta: {
        title: `Your favourites at ${store.name}`,
        description: `Your favourite items at ${store.name}.`,
        noindex: true,
      },
      cache: 'private',
    }
  )
}

/**
 * Which of these items are the signed-in member's favourites, for the hearts of a page; none for
 * a guest. A failing call shows empty hearts rather than failing the page.
 */
export async function favouriteIdsOf(
  c: Context<AppEnv>,
  itemIds: ReadonlyArray<number>
): Promise<ReadonlySet<number>> {
  if (!isSignedIn(c) || itemIds.length === 0) return new Set()
  try {
    const { menuItemIds } = await memberPost(
      c,
      '/member/favourites/ids',
      { menuItemIds: itemIds.slice(0, 100) },
      FavouriteIdsSchema
    )
    return new Set(menuItemIds)
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'favourite hearts failed' }, 'warn')
    return new Set()
  }
}

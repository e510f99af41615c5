import type { Context } from 'hono'
import { FavouritesPage } from '../../../client/pages/FavouritesPage.tsx'
import { favouritesHref } from '../../../client/lib/catalogue-links.ts'
import {
  FavouritesRequestSchema,
  FavouritesSchema,
  type Favourites,
} from '../../../schemas/favourites.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { catalogueScope, findStore, requestedPage, storeCrumbs } from './catalogue-context.ts'
import { memberPost, sessionEnded } from '../shared/member-call.ts'
import { renderPage, requestSay } from '../shared/render.tsx'

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
    ...storeCrumbs(c, store),
    { name: requestSay(c)(MESSAGES.pageYourFavourites), href: favouritesHref(store.slug) },
  ]
  return renderPage(
    c,
    (chrome) => (
      <FavouritesPage chrome={chrome} store={store} favourites={favourites} crumbs={crumbs} />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.metaFavouritesTitle, store.name),
        description: requestSay(c)(MESSAGES.metaFavourites, store.name),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

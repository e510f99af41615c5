import type { Context } from 'hono'
import { BuyItAgainPage } from '../../../client/pages/BuyItAgainPage.tsx'
import { buyItAgainHref } from '../../../client/lib/catalogue-links.ts'
import {
  PreviousPurchasesRequestSchema,
  PreviousPurchasesSchema,
  type PreviousPurchases,
} from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import {
  catalogueScope,
  catalogueScopeOf,
  findStore,
  requestedPage,
  storeCrumbs,
} from './catalogue-context.ts'
import { memberPost, sessionEnded } from '../shared/member-call.ts'
import { favouriteIdsOf } from '../shared/favourite-ids.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { isSignedIn } from '../shared/session.ts'

// The store home shows one row; the page shows the rest.
const HOME_ROW_LIMIT = 10

/**
 * `/stores/:storeSlug/buy-it-again?page=` (members only, by the route's guard): the member's
 * earlier items at the store. A page past the end is not found, as a category's is.
 */
export async function buyItAgainPage(c: Context<AppEnv>): Promise<Response> {
  const store = await findStore(c)
  const request = PreviousPurchasesRequestSchema.safeParse({
    ...catalogueScope(c, store),
    page: requestedPage(c),
  })
  if (!request.success) throw new AppError('not_found', MESSAGES.pageNotFound)
  let purchases: PreviousPurchases
  try {
    purchases = await memberPost(
      c,
      '/catalogue/previous-purchases',
      request.data,
      PreviousPurchasesSchema
    )
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
  if (purchases.items.length === 0 && purchases.page > 1) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
  const crumbs = [
    ...storeCrumbs(c, store),
    { name: requestSay(c)(MESSAGES.pageBuyItAgain), href: buyItAgainHref(store.slug) },
  ]
  const favourites = await favouriteIdsOf(
    c,
    purchases.items.map((item) => item.id)
  )
  return renderPage(
    c,
    (chrome) => (
      <BuyItAgainPage
        chrome={chrome}
        store={store}
        purchases={purchases}
        crumbs={crumbs}
        favourites={favourites}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.metaBuyItAgainTitle, store.name),
        description: requestSay(c)(MESSAGES.metaBuyItAgain, store.name),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

/**
 * The store home's "Buy it again" row: the signed-in member's first earlier items at the store;
 * none for a guest or a member who has not bought there. A failing call leaves the row out
 * rather than the page.
 */
export async function buyItAgainRow(
  c: Context<AppEnv>,
  storeId: number
): Promise<PreviousPurchases['items']> {
  if (!isSignedIn(c)) return []
  try {
    const { items } = await memberPost(
      c,
      '/catalogue/previous-purchases',
      { ...catalogueScopeOf(c, storeId), limit: HOME_ROW_LIMIT },
      PreviousPurchasesSchema
    )
    return items
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'buy it again row failed' }, 'warn')
    return []
  }
}

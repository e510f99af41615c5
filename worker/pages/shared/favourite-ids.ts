import type { Context } from 'hono'
import { FavouriteIdsSchema } from '../../../schemas/favourites.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'
import { memberPost } from './member-call.ts'
import { isSignedIn } from './session.ts'

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

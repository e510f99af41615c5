import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { ForgottenPage } from '../../../client/pages/ForgottenPage.tsx'
import { MenuItemListSchema, type MenuItemSummary } from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { favouriteIdsOf } from '../shared/favourite-ids.ts'
import { memberPost } from '../shared/member-call.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { basketScope, requestBasket } from '../shared/request-basket.ts'
import { isSignedIn } from '../shared/session.ts'

/** Straight on to checkout: the step has nothing to show. */
function toCheckout(c: Context<AppEnv>): Response {
  return redirectTo(c, routePath('checkout'), 302)
}

/**
 * "Have you forgotten?" (issue 42): the basket's Checkout comes here first. A signed-in member
 * with regulars at the basket's store (bought in two orders or more) that the basket does not
 * hold sees them with Add buttons and "Continue to checkout"; everyone else, and a member with
 * nothing to show, goes straight on to checkout. It never stands in checkout's way: a failing
 * call goes on too.
 */
export async function forgottenPage(c: Context<AppEnv>): Promise<Response> {
  if (!isSignedIn(c)) return toCheckout(c)
  const scope = basketScope(c)
  const basket = await requestBasket(c)
  if (!scope || !basket?.store || basket.lines.length + basket.mealDeals.length === 0) {
    return toCheckout(c)
  }
  const store = basket.store
  let items: Array<MenuItemSummary>
  try {
    ;({ items } = await memberPost(
      c,
      '/catalogue/forgotten-items',
      {
        storeId: store.id,
        fulfilmentMethod: basket.fulfilmentMethod,
        basketToken: scope.basketToken,
      },
      MenuItemListSchema
    ))
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'forgotten items failed' }, 'warn')
    return toCheckout(c)
  }
  if (items.length === 0) return toCheckout(c)
  const favourites = await favouriteIdsOf(
    c,
    items.map((item) => item.id)
  )
  return renderPage(
    c,
    (chrome) => (
      <ForgottenPage chrome={chrome} store={store} items={items} favourites={favourites} />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageHaveYouForgotten),
        description: requestSay(c)(MESSAGES.pageHaveYouForgotten),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

import type { Context } from 'hono'
import { BasketPage } from '../../../client/pages/BasketPage.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import {
  MAX_TIP_PENCE,
  type Basket,
  type SimilarItems,
  SimilarItemsSchema,
} from '../../../schemas/basket.ts'
import { REPLACE_FOR_QUERY } from '../../../client/lib/substitution-forms.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { rememberBasket } from '../../lib/cookies/basket.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { robotCheckConfig } from '../shared/robot-check.ts'
import { basketScope, requestBasket } from '../shared/request-basket.ts'
import { now } from '../../lib/clock.ts'

// Pages that lead to the basket rather than back to shopping.
const NOT_SHOPPING = [routePath('basket'), routePath('checkout'), routePath('login')]

/**
 * Spec §2: the basket remembers where the shopper came from for 'Continue shopping' — the
 * Referer when it is a page of this site, else the basket's store, else home.
 */
export function continueShoppingHref(c: Context<AppEnv>, storeSlug: string | null): string {
  const referer = c.req.header('referer')
  if (referer) {
    try {
      const from = new URL(referer)
      const here = new URL(c.req.url)
      const path = from.pathname
      if (
        from.origin === here.origin &&
        !path.startsWith('/api/') &&
        !NOT_SHOPPING.some((page) => path === page || path.startsWith(`${page}/`))
      ) {
        return `${path}${from.search}`
      }
    } catch {
      // A malformed Referer is ignored.
    }
  }
  return storeSlug ? routePath('stores-storeSlug', { storeSlug }) : routePath('index')
}

/** The similar items of the line ?replaceFor= names (a line of this basket), else null. */
async function similarFor(c: Context<AppEnv>, basket: Basket): Promise<SimilarItems | null> {
  const lineId = Number(c.req.query(REPLACE_FOR_QUERY))
  const scope = basketScope(c)
  if (!scope || !basket.lines.some((line) => line.basketLineId === lineId)) return null
  return c.var.backend.post('/basket/similar-items', {
    body: { ...scope, basketLineId: lineId },
    token: readAccessToken(c),
    schema: SimilarItemsSchema,
  })
}

/**
 * The basket page: the shopper's basket loaded with the token of the httpOnly cookie (without
 * one, the empty basket, and none is created). Personal, so never cached; the token never
 * reaches the HTML.
 */
export async function basketPage(c: Context<AppEnv>): Promise<Response> {
  const answer = await requestBasket(c)
  const basket: Basket | null = answer ? rememberBasket(c, answer) : null
  const continueHref = continueShoppingHref(c, basket?.store?.slug ?? null)
  const serverTime = now(c.env).toISOString()
  const similar = basket ? await similarFor(c, basket) : null
  return renderPage(
    c,
    (chrome) => (
      <BasketPage
        chrome={chrome}
        basket={basket}
        continueHref={continueHref}
        robotCheck={robotCheckConfig(c.env)}
        maxTip={MAX_TIP_PENCE}
        serverTime={serverTime}
        similar={similar}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageYourBasket),
        description: requestSay(c)(MESSAGES.pageYourBasket),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

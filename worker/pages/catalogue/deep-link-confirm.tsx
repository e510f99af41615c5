import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { DeepLinkConfirmPage } from '../../../client/pages/DeepLinkConfirmPage.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { clearPendingDeepLink, readPendingDeepLink } from '../../lib/cookies/deep-link.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { readLocation } from '../../lib/cookies/location.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { DEEP_LINK_CONFIRM_PATH } from './deep-link-action.ts'
import { followDeepLink } from './deep-link.ts'
import { readForm } from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { DEEP_LINK_CHOICE_FIELD } from '../../../client/lib/deep-link-form.ts'

/**
 * GET: the INCOMPATIBLE_STORE prompt for the pending marketing link (ADR 025). Without one (the
 * link was answered already, or its cookie expired) there is nothing to ask: home.
 */
export function deepLinkConfirmPage(c: Context<AppEnv>): Response | Promise<Response> {
  if (!readPendingDeepLink(c)) return redirectTo(c, routePath('index'), 302)
  return renderPage(
    c,
    (chrome) => (
      <DeepLinkConfirmPage
        chrome={chrome}
        question={MESSAGES.incompatibleStore}
        action={DEEP_LINK_CONFIRM_PATH}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageChangeStoreQuestion),
        description: requestSay(c)(MESSAGES.incompatibleStore),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

/**
 * POST: the shopper's answer. Continue asks again with clearStore (the basket is emptied and the
 * link opens); cancel forgets the link and goes to the basket, saying it was kept.
 */
export async function deepLinkConfirmForm(c: Context<AppEnv>): Promise<Response> {
  const link = readPendingDeepLink(c)
  if (!link) return redirectTo(c, routePath('index'), 303)
  const form = await readForm(c)
  if (form[DEEP_LINK_CHOICE_FIELD] !== 'continue') {
    clearPendingDeepLink(c)
    setFlash(c, 'deepLinkBasketKept')
    return redirectTo(c, routePath('basket'), 303)
  }
  return followDeepLink(c, link, {
    postcode: readLocation(c)?.postcode ?? null,
    samePage: routePath('index'),
    clearStore: true,
  })
}

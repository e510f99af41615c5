import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../env.ts'
import type { Context } from 'hono'
import {
  clearPendingDeepLink,
  type PendingDeepLink,
  PendingDeepLinkSchema,
  writePendingDeepLink,
} from '../../lib/cookies/deep-link.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { readLocation } from '../../lib/cookies/location.ts'
import {
  DEEP_LINK_CONFIRM_PATH,
  decideDeepLink,
  STORE_SEARCH_REQUIRED_PATH,
} from './deep-link-action.ts'
import { redirectTo } from '../../lib/redirect.ts'

/** The query parameters a marketing link carries; all are removed from the address bar. */
export const DEEP_LINK_QUERY = {
  action: 'dl_action',
  storeId: 'dl_store',
  categoryId: 'dl_category',
  itemId: 'dl_item',
  dealId: 'dl_deal',
  basketToken: 'dl_basket',
  campaignId: 'dl_campaign',
  platform: 'dl_platform',
} as const

/** Reads a deep link from a URL's query; null when it carries none or a malformed one. */
export function deepLinkFromQuery(search: URLSearchParams): PendingDeepLink | null {
  const q = DEEP_LINK_QUERY
  const value = (name: string) => search.get(name) ?? undefined
  const parsed = PendingDeepLinkSchema.safeParse({
    action: value(q.action),
    storeId: value(q.storeId),
    categoryId: value(q.categoryId),
    itemId: value(q.itemId),
    dealId: value(q.dealId),
    basketToken: value(q.basketToken),
    campaignId: value(q.campaignId),
    platform: value(q.platform),
  })
  return parsed.success ? parsed.data : null
}

/**
 * Pages only: a GET carrying `dl_*` parameters is a marketing link (spec §4 Deep link, ADR 025).
 * The backend's deep-link action decides it with the shopper's saved location and basket: a
 * resolved link opens its page; one that needs a location waits (pending) and sends the shopper
 * to the search box with 'You need to search for stores with a postcode!'; one that would empty a
 * basket of another store waits for the shopper's answer on the confirm page; one that cannot be
 * opened stays on the page without its parameters and says so. A malformed link is dropped. The
 * parameters never stay in the address (shared or cached URLs). A path that is not a plain path
 * of this site (`/.//evil.example` is `//evil.example`) goes home instead (redirectTo).
 */
export const captureDeepLink = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url)
    const names = Object.values(DEEP_LINK_QUERY)
    const page = c.req.method === 'GET' && !url.pathname.startsWith('/api/')
    if (!page || !names.some((name) => url.searchParams.has(name))) {
      return next()
    }
    const link = deepLinkFromQuery(url.searchParams)
    for (const name of names) url.searchParams.delete(name)
    const search = url.searchParams.toString()
    const samePage = `${url.pathname}${search ? `?${search}` : ''}`
    if (!link) return redirectTo(c, samePage, 302)
    return followDeepLink(c, link, { postcode: readLocation(c)?.postcode ?? null, samePage })
  })

/**
 * Where a link's outcome sends the shopper (a 302: the link is an ordinary GET); the link stays
 * pending only while it waits for a search or for the shopper's answer.
 */
export async function followDeepLink(
  c: Context<AppEnv>,
  link: PendingDeepLink,
  options: { postcode: string | null; samePage: string; clearStore?: boolean }
): Promise<Response> {
  const outcome = await decideDeepLink(c, link, {
    postcode: options.postcode,
    clearStore: options.clearStore ?? false,
  })
  switch (outcome.kind) {
    case 'go':
      clearPendingDeepLink(c)
      return redirectTo(c, outcome.path, 302)
    case 'search':
      writePendingDeepLink(c, link)
      return redirectTo(c, STORE_SEARCH_REQUIRED_PATH, 302)
    case 'confirm':
      writePendingDeepLink(c, link)
      return redirectTo(c, DEEP_LINK_CONFIRM_PATH, 302)
    case 'failed':
      clearPendingDeepLink(c)
      setFlash(c, 'deepLinkFailed')
      return redirectTo(c, options.samePage, 302)
  }
}

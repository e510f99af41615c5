import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env.ts'
import {
  type PendingDeepLink,
  PendingDeepLinkSchema,
  writePendingDeepLink,
} from '../lib/cookies/deep-link.ts'
import { redirectTo } from '../lib/redirect.ts'

/** The query parameters a marketing link carries; all are removed from the address bar. */
export const DEEP_LINK_QUERY = {
  action: 'dl_action',
  storeId: 'dl_store',
  categoryId: 'dl_category',
  campaignId: 'dl_campaign',
} as const

/** Reads a deep link from a URL's query; null when it carries none or a malformed one. */
export function deepLinkFromQuery(search: URLSearchParams): PendingDeepLink | null {
  const q = DEEP_LINK_QUERY
  const value = (name: string) => search.get(name) ?? undefined
  const parsed = PendingDeepLinkSchema.safeParse({
    action: value(q.action),
    storeId: value(q.storeId),
    categoryId: value(q.categoryId),
    campaignId: value(q.campaignId),
  })
  return parsed.success ? parsed.data : null
}

/**
 * Pages only: a GET carrying `dl_*` parameters saves the action as pending (a malformed one is
 * dropped) and redirects to the same URL without them, so the link is not resumed twice and the
 * parameters do not end up in shared or cached URLs. A path that is not a plain path of this
 * site (`/.//evil.example` is `//evil.example`) goes home instead (redirectTo).
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
    if (link) writePendingDeepLink(c, link)
    for (const name of names) url.searchParams.delete(name)
    const search = url.searchParams.toString()
    return redirectTo(c, `${url.pathname}${search ? `?${search}` : ''}`, 302)
  })

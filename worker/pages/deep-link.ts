import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { IdSchema } from '../../schemas/common.ts'
import type { AppEnv } from '../env.ts'
import { tokenCookieOptions } from '../lib/cookies.ts'
import { redirectTo } from '../lib/redirect.ts'

/**
 * A marketing link's pending action (spec §4 Deep link): open a store, or a category of it, once
 * the shopper has searched with a postcode.
 */
export const DEEP_LINK_COOKIE = 'sf_deeplink'

const DEEP_LINK_MAX_AGE_SECONDS = 60 * 60

/** The query parameters a marketing link carries; all are removed from the address bar. */
export const DEEP_LINK_QUERY = {
  action: 'dl_action',
  storeId: 'dl_store',
  categoryId: 'dl_category',
  campaignId: 'dl_campaign',
} as const

export type PendingDeepLink = z.infer<typeof PendingDeepLinkSchema>
export const PendingDeepLinkSchema = z
  .object({
    action: z.enum(['store', 'category']),
    storeId: IdSchema,
    categoryId: IdSchema.optional(),
    campaignId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((link) => link.action !== 'category' || link.categoryId !== undefined, {
    path: ['categoryId'],
  })

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
    if (link) {
      setCookie(
        c,
        DEEP_LINK_COOKIE,
        JSON.stringify(link),
        tokenCookieOptions(c.req.url, DEEP_LINK_MAX_AGE_SECONDS)
      )
    }
    for (const name of names) url.searchParams.delete(name)
    const search = url.searchParams.toString()
    return redirectTo(c, `${url.pathname}${search ? `?${search}` : ''}`, 302)
  })

/** The pending deep link of the request, if a valid one is saved. */
export function readPendingDeepLink(c: Context): PendingDeepLink | null {
  const value = getCookie(c, DEEP_LINK_COOKIE)
  if (!value) return null
  try {
    const parsed = PendingDeepLinkSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Drops the pending deep link: it is resumed once, whatever the outcome. */
export function clearPendingDeepLink(c: Context): void {
  deleteCookie(c, DEEP_LINK_COOKIE, { path: '/' })
}

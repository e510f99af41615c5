import type { Context } from 'hono'
import { categoryHref, dealHref, itemHref } from '../../../client/lib/catalogue-links.ts'
import { routePath } from '../../../client/lib/routes.ts'
import {
  BannerDetailsRequestSchema,
  BannerEventResultSchema,
  BannerSchema,
  type Banner,
} from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectToOperatorLink } from '../../lib/redirect.ts'

/**
 * Where a banner leads at a store: a page of the store, or for a 'url' banner the operator's link
 * as published (redirectToOperatorLink decides whether it may be followed); null when it leads
 * nowhere.
 */
function bannerTarget(storeSlug: string, banner: Banner): string | null {
  const { link } = banner
  switch (link.type) {
    case 'category':
      if (link.categorySlug) return categoryHref(storeSlug, link.categorySlug)
      break
    case 'deal':
      if (link.dealSlug) return dealHref(storeSlug, link.dealSlug)
      break
    case 'menu_item':
      if (link.menuItemSlug && link.menuItemCategorySlug) {
        return itemHref(storeSlug, {
          slug: link.menuItemSlug,
          category: { slug: link.menuItemCategorySlug },
        })
      }
      break
    case 'url':
      return link.url
    case 'none':
      break
  }
  return null
}

/**
 * The banner route: counts the click (spec §7 banners click, platform web) and redirects to
 * where the banner leads, else back to the store. Never cached, so every click is counted.
 *
 * A 'url' banner may lead off the shop on purpose (a campaign site, an app store): that link is
 * content the operator published, and the path names only a banner of the business, so the route
 * cannot be pointed anywhere else. Outside links must be https (worker/lib/redirect.ts).
 */
export async function bannerRedirect(c: Context<AppEnv>): Promise<Response> {
  const businessId = c.var.brand.businessId
  const request = BannerDetailsRequestSchema.safeParse({
    businessId,
    bannerSlug: c.req.param('bannerSlug'),
  })
  if (!request.success) throw new AppError('not_found', MESSAGES.bannerNotFound)
  const banner = await c.var.backend.post('/catalogue/banner', {
    body: request.data,
    schema: BannerSchema,
  })
  await c.var.backend.post('/catalogue/banners/click', {
    body: { businessId, bannerIds: [banner.bannerId], platform: 'web' },
    schema: BannerEventResultSchema,
  })
  const storeSlug = c.req.param('storeSlug') ?? ''
  const store = routePath('stores-storeSlug', { storeSlug })
  return redirectToOperatorLink(c, bannerTarget(storeSlug, banner), store, 302)
}

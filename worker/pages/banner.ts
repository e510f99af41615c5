import type { Context } from 'hono'
import {
  categoryHref,
  dealHref,
  itemHref,
} from '../../client/components/catalogue/catalogue-links.ts'
import { routePath } from '../../client/lib/routes.ts'
import {
  BannerDetailsRequestSchema,
  BannerEventResultSchema,
  BannerSchema,
  type Banner,
} from '../../schemas/catalogue.ts'
import { PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { AppError } from '../lib/errors.ts'

/** Where a banner leads at a store; a banner that leads nowhere goes back to the store. */
export function bannerTarget(storeSlug: string, banner: Banner): string {
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
      if (link.url && /^https?:\/\//i.test(link.url)) return link.url
      break
    case 'none':
      break
  }
  return routePath('stores-storeSlug', { storeSlug })
}

/**
 * The banner route: counts the click (spec §7 banners click, platform web) and redirects to
 * where the banner leads. Never cached, so every click is counted.
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
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
  return c.redirect(bannerTarget(c.req.param('storeSlug') ?? '', banner), 302)
}

import type { Context } from 'hono'
import { categoryHref, itemHref } from '../../../client/lib/catalogue-links.ts'
import { MenuItemPage } from '../../../client/pages/MenuItemPage.tsx'
import { MenuItemDetailsRequestSchema, MenuItemSchema } from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { breadcrumbJsonLd, jsonLdGraph, productJsonLd } from '../shared/json-ld.ts'
import { catalogueScopeOf, findStore, storeCrumbs, slugIdsKey } from './catalogue-context.ts'
import { speculate } from '../../lib/speculative-ids.ts'
import { canonicalUrl, renderPage, requestSay, startPublicChrome } from '../shared/render.tsx'
import { favouriteIdsOf } from '../shared/favourite-ids.ts'
import { redirectTo } from '../../lib/redirect.ts'

/**
 * An item's page, by its slug; an item the store does not sell is 'Product not found'. Under a
 * category other than its own the item redirects to its one canonical URL.
 */
export async function menuItemPage(c: Context<AppEnv>): Promise<Response> {
  startPublicChrome(c)
  // The item starts beside the store's details with the store id this isolate saw behind the
  // slug before (checked once the details answer).
  const itemFor = speculate(slugIdsKey(c, 'store'), ({ storeId }: { storeId: number }) => {
    const request = MenuItemDetailsRequestSchema.safeParse({
      ...catalogueScopeOf(c, storeId),
      itemSlug: c.req.param('menuItemSlug'),
    })
    if (!request.success) return Promise.reject(new AppError('not_found', MESSAGES.productNotFound))
    return c.var.backend.post('/catalogue/menu-item', {
      body: request.data,
      cache: true,
      schema: MenuItemSchema,
    })
  })
  const store = await findStore(c)
  const item = await itemFor({ storeId: store.id })
  const path = itemHref(store.slug, item)
  // The canonical address depends on the item alone: cacheable like the page.
  if (c.req.param('categorySlug') !== item.category.slug) {
    return redirectTo(c, path, 301, { cache: 'public' })
  }
  const crumbs = [
    ...storeCrumbs(c, store),
    ...item.breadcrumbs.map((crumb) => ({
      name: crumb.name,
      href: categoryHref(store.slug, crumb.slug),
    })),
    { name: item.name, href: path },
  ]
  const absolute = (href: string) => canonicalUrl(c, href)
  const imageUrl = absolute(item.images.xhdpi_2x)
  const name = item.size ? `${item.name} ${item.size}` : item.name
  const summary = item.description ? ` ${item.description}` : ''
  const favourite = (await favouriteIdsOf(c, [item.id])).has(item.id)
  return renderPage(
    c,
    (chrome) => (
      <MenuItemPage
        chrome={chrome}
        store={store}
        item={item}
        crumbs={crumbs}
        favourite={favourite}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.metaTitleAt, name, store.name),
        description:
          `${requestSay(c)(MESSAGES.metaBuyItem, name, store.name, c.var.brand.name)}${summary}`.slice(
            0,
            300
          ),
        imageUrl,
        jsonLd: jsonLdGraph(
          breadcrumbJsonLd(crumbs, absolute),
          productJsonLd(item, { canonicalUrl: absolute(path), imageUrl })
        ),
      },
      cache: 'public',
    }
  )
}

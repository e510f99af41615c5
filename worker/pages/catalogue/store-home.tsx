import type { Context } from 'hono'
import { StorePage } from '../../../client/pages/StorePage.tsx'
import { postalLines } from '../../../client/lib/order-display.ts'
import {
  BannerListSchema,
  CategoryTreeSchema,
  DealListSchema,
  MenuItemListSchema,
} from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { catalogueScopeOf, findStore, slugIdsKey } from './catalogue-context.ts'
import { speculate } from '../../lib/speculative-ids.ts'
import { readLocation } from '../../lib/cookies/location.ts'
import { canonicalUrl, renderPage, requestSay, startPublicChrome } from '../shared/render.tsx'
import { storeJsonLd } from './store-json-ld.ts'
import { buyItAgainRow } from './buy-it-again.tsx'
import { isSignedIn } from '../shared/session.ts'

/**
 * A store's home by its slug (the seoUrl): the store's header, banners, deals, departments and
 * recommended items, then its hours and contact. An unknown slug makes the backend answer
 * not_found ('Store not found', 404). With a saved location the details say whether the store
 * delivers there, which makes the page the shopper's own.
 */
export async function storePage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const location = readLocation(c)
  // With a saved location the page is the shopper's own (no operator head, no shared cache).
  if (!location) startPublicChrome(c)
  const backend = c.var.backend
  // The same for every shopper of the store: shared KV entries (no basket is named, so the
  // recommendations are the store's too). Started beside the store's details with the id this
  // isolate saw behind the slug before (checked once the details answer).
  const catalogueFor = speculate(slugIdsKey(c, 'store'), ({ storeId }: { storeId: number }) => {
    const scope = catalogueScopeOf(c, storeId)
    return Promise.all([
      backend.post('/catalogue/category-tree', {
        body: scope,
        schema: CategoryTreeSchema,
        cache: true,
      }),
      backend.post('/catalogue/banners', {
        body: { ...scope, brandId: brand.id },
        schema: BannerListSchema,
        cache: true,
      }),
      backend.post('/catalogue/deals', { body: scope, schema: DealListSchema, cache: true }),
      backend.post('/stores/recommended-items', {
        body: scope,
        schema: MenuItemListSchema,
        cache: true,
      }),
    ])
  })
  const store = await findStore(c, location?.postcode ?? null)
  const [[tree, banners, deals, recommended], bought] = await Promise.all([
    catalogueFor({ storeId: store.id }),
    buyItAgainRow(c, store.id),
  ])
  const where = postalLines(store.address).join(', ')
  // A store without a photo of its own is shown by the brand's picture (its hero, else its logo).
  const picture = store.imageUrl ?? brand.heroImageUrl ?? brand.logo.url
  const imageUrl = new URL(picture, canonicalUrl(c, '/')).href
  return renderPage(
    c,
    (chrome) => (
      <StorePage
        chrome={chrome}
        store={store}
        catalogue={{
          categories: tree.categories,
          banners: banners.banners,
          deals: deals.deals,
          recommended: recommended.items,
          bought,
          member: isSignedIn(c),
        }}
      />
    ),
    {
      meta: {
        title: store.name,
        description: where
          ? requestSay(c)(MESSAGES.metaStoreHomeWhere, store.name, brand.name, where)
          : requestSay(c)(MESSAGES.metaStoreHome, store.name, brand.name),
        imageUrl,
        jsonLd: storeJsonLd(store, { canonicalUrl: canonicalUrl(c, c.req.path), imageUrl }),
      },
      cache: location ? 'private' : 'public',
    }
  )
}

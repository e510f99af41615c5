import type { Context } from 'hono'
import { TvPage, TvStorePickerPage } from '../../../client/pages/TvPage.tsx'
import { TV_REFRESH_SECONDS, tvSlides } from '../../../client/lib/tv-slides.ts'
import { BannerListSchema, DealListSchema } from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  StoreDetailsRequestSchema,
  StoreDetailsSchema,
  StoreDirectorySchema,
} from '../../../schemas/stores.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { catalogueScope } from './catalogue-context.ts'
import { canonicalUrl, renderPage, requestLocale, requestSay } from '../shared/render.tsx'

/**
 * `/tv?store=<slug>` (route tv): a store's banners and deals for a screen in the shop, rotating by
 * CSS and reloaded every few minutes; without a store, the stores to choose from. Nothing personal
 * goes into it, it is publicly cached and kept out of search results (docs/decisions/023).
 */
export async function tvPage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const slug = c.req.query('store')
  const meta = { noindex: true, canonicalPath: c.req.path }
  if (slug === undefined || slug === '') {
    const directory = await c.var.backend.post('/stores/directory', {
      body: { businessId: brand.businessId, page: 1 },
      schema: StoreDirectorySchema,
      cache: true,
    })
    return renderPage(c, () => <TvStorePickerPage brand={brand} stores={directory.stores} />, {
      meta: {
        ...meta,
        title: requestSay(c)(MESSAGES.metaInStoreDisplay),
        description: requestSay(c)(MESSAGES.pageInStoreDisplay, brand.name),
      },
      cache: 'public',
      siteContent: false,
    })
  }
  const request = StoreDetailsRequestSchema.safeParse({
    businessId: brand.businessId,
    seoUrl: slug,
    country: brand.countryCode,
  })
  if (!request.success) throw new AppError('not_found', MESSAGES.storeNotFound)
  const backend = c.var.backend
  const store = await backend.post('/stores/details', {
    body: request.data,
    schema: StoreDetailsSchema,
    cache: true,
  })
  const scope = catalogueScope(c, store)
  const [banners, deals] = await Promise.all([
    backend.post('/catalogue/banners', {
      body: { ...scope, brandId: brand.id },
      schema: BannerListSchema,
      cache: true,
    }),
    backend.post('/catalogue/deals', { body: scope, schema: DealListSchema, cache: true }),
  ])
  const shopHost = new URL(canonicalUrl(c, '/')).host
  return renderPage(
    c,
    () => (
      <TvPage
        brand={brand}
        storeName={store.name}
        slides={tvSlides(banners.banners, deals.deals, requestLocale(c), requestSay(c))}
        shopHost={shopHost}
      />
    ),
    {
      meta: {
        ...meta,
        title: requestSay(c)(MESSAGES.pageInStoreDisplay, store.name),
        description: requestSay(c)(MESSAGES.metaOffersAt, store.name),
        refreshSeconds: TV_REFRESH_SECONDS,
      },
      cache: 'public',
      siteContent: false,
    }
  )
}

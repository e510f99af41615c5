import type { Context } from 'hono'
import { StorePage, addressLines } from '../../client/pages/StorePage.tsx'
import { MESSAGES } from '../../schemas/messages.ts'
import { StoreDetailsRequestSchema, StoreDetailsSchema } from '../../schemas/stores.ts'
import type { AppEnv } from '../env.ts'
import { AppError } from '../lib/errors.ts'
import { readLocation } from './location-cookie.ts'
import { canonicalUrl, renderPage } from './render.tsx'
import { storeJsonLd } from './store-json-ld.ts'

/**
 * A store's page by its slug (the seoUrl). An unknown slug makes the backend answer not_found,
 * which the error handler renders as the 404 page with 'Store not found'. With a saved location
 * the details say whether the store delivers there, which makes the page the shopper's own.
 */
export async function storePage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const location = readLocation(c)
  const request = StoreDetailsRequestSchema.safeParse({
    businessId: brand.businessId,
    seoUrl: c.req.param('storeSlug'),
    country: brand.countryCode,
    ...(location ? { postcode: location.postcode } : {}),
  })
  // A slug no store could have is simply a store that does not exist.
  if (!request.success) throw new AppError('not_found', MESSAGES.storeNotFound)
  const store = await c.var.backend.post('/stores/details', {
    body: request.data,
    schema: StoreDetailsSchema,
  })
  const where = addressLines(store).join(', ')
  const imageUrl = store.imageUrl ? new URL(store.imageUrl, canonicalUrl(c, '/')).href : null
  return renderPage(c, (chrome) => <StorePage chrome={chrome} store={store} />, {
    meta: {
      title: store.name,
      description: `Shop ${store.name} online with ${brand.name}${where ? `, ${where}` : ''}: opening hours, delivery and collection.`,
      imageUrl,
      jsonLd: storeJsonLd(store, { canonicalUrl: canonicalUrl(c, c.req.path), imageUrl }),
    },
    cache: location ? 'private' : 'public',
  })
}

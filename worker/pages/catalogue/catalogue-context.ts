import type { Context } from 'hono'
import type { Crumb } from '../../../client/lib/catalogue-links.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { DEFAULT_FULFILMENT_METHOD } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  StoreDetailsRequestSchema,
  StoreDetailsSchema,
  type StoreDetails,
} from '../../../schemas/stores.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { requestSay } from '../shared/render.tsx'

/**
 * The store a page's `:storeSlug` names. With a postcode the details say whether the store
 * delivers there (personal); catalogue pages ask without one so they stay public.
 */
export async function findStore(
  c: Context<AppEnv>,
  postcode: string | null = null
): Promise<StoreDetails> {
  const brand = c.var.brand
  const request = StoreDetailsRequestSchema.safeParse({
    businessId: brand.businessId,
    seoUrl: c.req.param('storeSlug'),
    country: brand.countryCode,
    ...(postcode ? { postcode } : {}),
  })
  // A slug no store could have is simply a store that does not exist.
  if (!request.success) throw new AppError('not_found', MESSAGES.storeNotFound)
  // Without a postcode the answer is the same for every shopper: the proxy's KV entry (60 s,
  // purged with the stores area), so a catalogue page reads no D1 on its hot path.
  return c.var.backend.post('/stores/details', {
    body: request.data,
    schema: StoreDetailsSchema,
    cache: !postcode,
  })
}

/**
 * The key under which pages remember the ids behind slugs (worker/lib/speculative-ids.ts): the
 * business and the slugs those ids come from. A store's id is one entry shared by its home,
 * category and item pages; a category's ids (store and category) are keyed by both slugs.
 *
 * @example slugIdsKey(c, 'category') // 'b1:category:manchester-piccadilly:fruit-veg'
 */
export function slugIdsKey(c: Context<AppEnv>, ids: 'store' | 'category'): string {
  const storeSlug = c.req.param('storeSlug')
  const slugs = ids === 'store' ? [storeSlug] : [storeSlug, c.req.param('categorySlug') ?? '']
  return [`b${c.var.brand.businessId}`, ids, ...slugs].join(':')
}

/** What every catalogue call of a store carries (spec §7 Catalogue). */
export function catalogueScope(c: Context<AppEnv>, store: StoreDetails) {
  return catalogueScopeOf(c, store.id)
}

/** The catalogue scope of a store known by its id (a page's guess, worker/lib/speculative-ids.ts). */
export function catalogueScopeOf(c: Context<AppEnv>, storeId: number) {
  return {
    businessId: c.var.brand.businessId,
    storeId,
    // The shopper's chosen method lands with the basket; until then the spec's default.
    fulfilmentMethod: DEFAULT_FULFILMENT_METHOD,
  }
}

/**
 * The breadcrumb's first steps: home, the store directory and the store, named in the brand's
 * language (the trail and its JSON-LD alike).
 */
export function storeCrumbs(
  c: Context<AppEnv>,
  store: Pick<StoreDetails, 'name' | 'slug'>
): Array<Crumb> {
  const say = requestSay(c)
  return [
    { name: say(MESSAGES.pageHome), href: routePath('index') },
    { name: say(MESSAGES.pageStores), href: routePath('store-all') },
    { name: store.name, href: routePath('stores-storeSlug', { storeSlug: store.slug }) },
  ]
}

/** The page of a paged listing asked for in `?page=` (absent: page 1). */
export function requestedPage(c: Context<AppEnv>): string | undefined {
  return c.req.query('page')
}

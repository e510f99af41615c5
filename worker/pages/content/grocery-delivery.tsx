import type { Context } from 'hono'
import { GroceryDeliveryPage } from '../../../client/pages/GroceryDeliveryPage.tsx'
import type { LandingStore } from '../../../client/lib/landing-stores.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { SeoDistrictSchema, TOWN_PAGE_SLUG_PREFIX, type SeoDistrict } from '../../../schemas/seo.ts'
import {
  StoreDirectorySchema,
  StoreSearchResultSchema,
  type StoreDirectoryEntry,
} from '../../../schemas/stores.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { renderMarkdown } from '../../lib/markdown.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { fetchSeoPage } from './content-page.tsx'
import { landingJsonLd } from './landing-json-ld.ts'
import { pageTextsOf } from '../shared/page-texts.ts'
import { canonicalUrl, renderPage, requestLocale, requestSay } from '../shared/render.tsx'

/** A UK postcode district (outcode) as a landing page names it: 'm1', 'm15', 'sw1a'. */
export const DISTRICT_PLACE = /^[a-z]{1,2}[0-9][a-z0-9]?$/

/** The SEO page slug of a town's landing page. */
export const townPageSlug = (place: string): string => `${TOWN_PAGE_SLUG_PREFIX}${place}`

/** A town as a URL names it: 'Newcastle upon Tyne' → 'newcastle-upon-tyne'. */
export function placeSlug(town: string): string {
  return town
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const addressLine = (address: { addressLine1: string; town: string; postcode: string }) =>
  `${address.addressLine1}, ${address.town} ${address.postcode}`

/**
 * The stores that deliver to a district: the store search from the district's centre (the
 * search's own delivery-area rules, worker/backend/stores/delivery.ts), those it says deliver
 * there. None for a district the centroids do not list.
 */
async function districtStores(c: Context<AppEnv>, district: string): Promise<Array<LandingStore>> {
  const brand = c.var.brand
  let centre: SeoDistrict
  try {
    centre = await c.var.backend.get('/seo/district', {
      query: { businessId: brand.businessId, district },
      schema: SeoDistrictSchema,
      cache: true,
    })
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return []
    throw error
  }
  const { stores } = await c.var.backend.post('/stores/search', {
    body: {
      businessId: brand.businessId,
      country: brand.countryCode,
      lat: centre.latitude,
      lng: centre.longitude,
    },
    schema: StoreSearchResultSchema,
    cache: true,
  })
  return stores
    .filter((store) => store.delivery.enabled && store.delivery.availableToLocation)
    .map((store) => ({ slug: store.slug, name: store.name, address: addressLine(store.address) }))
}

/** The business's stores in a town (the store directory), by the town's URL name; its name. */
async function townStores(
  c: Context<AppEnv>,
  place: string
): Promise<{ town: string | null; stores: Array<LandingStore> }> {
  const brand = c.var.brand
  const { stores } = await c.var.backend.post('/stores/directory', {
    body: { businessId: brand.businessId, page: 1, limit: 200 },
    schema: StoreDirectorySchema,
    cache: true,
  })
  const inTown = stores.filter(
    (store: StoreDirectoryEntry) => placeSlug(store.address.town) === place
  )
  return {
    town: inTown[0]?.address.town ?? null,
    stores: inTown.map((store) => ({
      slug: store.slug,
      name: store.name,
      address: addressLine(store.address),
    })),
  }
}

/**
 * `/grocery-delivery/:place`: a postcode district's page ('m1': the stores delivering there,
 * 404 when none does) or a town's (its SEO page `grocery-delivery/<town>`, 404 without one, and
 * the business's stores in that town). Unique title, description, H1, canonical and JSON-LD.
 */
export async function groceryDeliveryPage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const typed = c.req.param('place') ?? ''
  const place = typed.toLowerCase()
  if (place !== typed) {
    // One URL per place: 'M1' is 'm1'. Depends on the URL alone.
    const target = routePath('grocery-delivery-place', { place })
    return redirectTo(c, target, 301, { cache: 'public' })
  }
  const say = requestSay(c)
  let heading: string
  let description: string
  let intro: string
  let storesHeading: string
  let html: string | null = null
  let stores: Array<LandingStore>
  if (DISTRICT_PLACE.test(place)) {
    const district = place.toUpperCase()
    stores = await districtStores(c, district)
    if (stores.length === 0) throw new AppError('not_found', MESSAGES.pageNotFound)
    heading = say(MESSAGES.pageGroceryDeliveryIn, district)
    storesHeading = say(MESSAGES.pageStoresDeliveringTo, district)
    description = say(
      MESSAGES.metaDistrictDelivery,
      brand.name,
      district,
      pageTextsOf(requestLocale(c)).count('stores', stores.length)
    )
    intro =
      stores.length === 1
        ? say(MESSAGES.pageOneStoreDelivers, district)
        : say(MESSAGES.pageStoresDeliver, stores.length, district)
  } else {
    const page = await fetchSeoPage(c, townPageSlug(place))
    const inTown = await townStores(c, place)
    stores = inTown.stores
    heading = page.heading
    storesHeading = inTown.town
      ? say(MESSAGES.pageOurStoresIn, inTown.town)
      : say(MESSAGES.pageOurStores)
    description = page.metaDescription ?? page.heading
    intro = say(MESSAGES.pageOrderFromFor, brand.name)
    html = renderMarkdown(page.body)
  }
  const path = routePath('grocery-delivery-place', { place })
  const jsonLd = landingJsonLd({
    heading,
    home: say(MESSAGES.pageHome),
    pageUrl: canonicalUrl(c, path),
    homeUrl: canonicalUrl(c, routePath('index')),
    stores: stores.map((store) => ({
      ...store,
      url: canonicalUrl(c, routePath('stores-storeSlug', { storeSlug: store.slug })),
    })),
  })
  return renderPage(
    c,
    (chrome) => (
      <GroceryDeliveryPage
        chrome={chrome}
        heading={heading}
        html={html}
        intro={intro}
        storesHeading={storesHeading}
        stores={stores}
      />
    ),
    { meta: { title: heading, description, jsonLd, canonicalPath: path }, cache: 'public' }
  )
}

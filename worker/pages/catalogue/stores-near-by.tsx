import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { StoresNearByPage } from '../../../client/pages/StoresNearByPage.tsx'
import { checkPostcode, postcodeMaxLength } from '../../../schemas/postcode.ts'
import { type StoreSummary, StoreSearchResultSchema } from '../../../schemas/stores.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { INTEREST_QUERY, interestStateFromQuery } from './interest.ts'
import { renderPage, requestSay, startPublicChrome } from '../shared/render.tsx'
import { storeSearchFlow } from './store-search-flow.ts'
import { brandPostcodeRule, storeSearchBox } from './store-search-box.ts'
import { redirectTo } from '../../lib/redirect.ts'

/**
 * GET /stores-near-by/:postcode, the store results page: the stores near a postcode, nearest
 * first, with the search box to search again; none → the interest form. A postcode that is not in
 * its normalised form (e.g. "m11ae") moves permanently to the normalised path.
 */
async function resultsPage(c: Context<AppEnv>, typed: string): Promise<Response> {
  const brand = c.var.brand
  const rule = brandPostcodeRule(brand)
  const check = checkPostcode(typed, rule)
  const url = new URL(c.req.url)
  if (!check.ok) {
    const home = routePath('index', undefined, {
      postcode: typed.slice(0, postcodeMaxLength(rule.countryCode)),
    })
    return redirectTo(c, `${home}#store-search`, 303)
  }
  const postcode = check.postcode
  if (postcode !== typed) {
    // Depends on the URL and the brand's postcode rule alone: cacheable like the page.
    const normalised = `${routePath('stores-near-by', { postcode })}${url.search}`
    return redirectTo(c, normalised, 301, { cache: 'public' })
  }
  startPublicChrome(c)
  let stores: Array<StoreSummary> = []
  try {
    ;({ stores } = await c.var.backend.post('/stores/search', {
      body: { businessId: brand.businessId, country: brand.countryCode, postcode },
      schema: StoreSearchResultSchema,
      // The proxy's shared entry for this postcode (60 s, purged with the stores area).
      cache: true,
    }))
  } catch (error) {
    // A postcode the geocoder does not know has no stores near it.
    if (!(error instanceof AppError && error.code === 'not_found')) throw error
  }
  const interest = interestStateFromQuery(url.searchParams, postcode)
  const box = storeSearchBox(brand)
  // The postcode box shows what was searched; an address box starts empty.
  const search = box.variant === 'postcode' ? { ...box, initialValue: postcode } : box
  return renderPage(
    c,
    (chrome) => (
      <StoresNearByPage
        chrome={chrome}
        postcode={postcode}
        stores={stores}
        search={search}
        interest={interest}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageStoresNear, postcode),
        description: requestSay(c)(MESSAGES.metaStoresNear, brand.name, postcode),
        canonicalPath: routePath('stores-near-by', { postcode }),
      },
      // The outcome of an interest form (with the typed email) is the shopper's own.
      cache: url.searchParams.has(INTEREST_QUERY.outcome) ? 'private' : 'public',
    }
  )
}

/** /stores-near-by: the search flow without a postcode segment, the results page with one. */
export function storesNearBy(c: Context<AppEnv>): Promise<Response> {
  const postcode = c.req.param('postcode')
  return postcode ? resultsPage(c, postcode) : storeSearchFlow(c)
}

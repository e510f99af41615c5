import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { StoreDealsPage } from '../../../client/pages/StoreDealsPage.tsx'
import { DealDetailsSchema, DealListSchema } from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { breadcrumbJsonLd, jsonLdGraph } from '../shared/json-ld.ts'
import { catalogueScope, findStore, storeCrumbs } from './catalogue-context.ts'
import { canonicalUrl, renderPage, requestSay } from '../shared/render.tsx'

/**
 * `/stores/<store>/deals`: every offer live at the store with its items (issue 35 item 16). Built
 * from the same cached answers as the store home and each deal's page (ADR 030), so it is purged
 * with them (the promotions area); an unknown store is 'Store not found'.
 */
export async function storeDealsPage(c: Context<AppEnv>): Promise<Response> {
  const store = await findStore(c)
  const scope = catalogueScope(c, store)
  const backend = c.var.backend
  const { deals } = await backend.post('/catalogue/deals', {
    body: scope,
    schema: DealListSchema,
    cache: true,
  })
  const details = await Promise.all(
    deals.map((deal) =>
      backend.post('/catalogue/deal', {
        body: { ...scope, dealId: deal.id },
        schema: DealDetailsSchema,
        cache: true,
      })
    )
  )
  const crumbs = [
    ...storeCrumbs(c, store),
    {
      name: requestSay(c)(MESSAGES.pageDeals),
      href: routePath('stores-storeSlug-deals', { storeSlug: store.slug }),
    },
  ]
  const absolute = (href: string) => canonicalUrl(c, href)
  return renderPage(
    c,
    (chrome) => <StoreDealsPage chrome={chrome} store={store} deals={details} crumbs={crumbs} />,
    {
      meta: {
        title: requestSay(c)(MESSAGES.metaDealsTitle, store.name),
        description:
          deals.length > 0
            ? requestSay(c)(
                MESSAGES.metaDealsDescriptionNamed,
                store.name,
                deals.map((deal) => deal.name).join(', ')
              )
            : requestSay(c)(MESSAGES.metaDealsDescription, store.name),
        jsonLd: jsonLdGraph(breadcrumbJsonLd(crumbs, absolute)),
      },
      cache: 'public',
    }
  )
}

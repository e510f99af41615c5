import type { Context } from 'hono'
import { dealHref } from '../../../client/lib/catalogue-links.ts'
import { dealTerms } from '../../../client/lib/deal-terms.ts'
import { DealPage } from '../../../client/pages/DealPage.tsx'
import { DealDetailsRequestSchema, DealDetailsSchema } from '../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { breadcrumbJsonLd, jsonLdGraph } from '../shared/json-ld.ts'
import { catalogueScope, findStore, storeCrumbs } from './catalogue-context.ts'
import { canonicalUrl, renderPage, requestLocale, requestSay } from '../shared/render.tsx'

/** A deal with its sections and their items; an unknown deal is 'Deal not found'. */
export async function dealPage(c: Context<AppEnv>): Promise<Response> {
  const store = await findStore(c)
  const request = DealDetailsRequestSchema.safeParse({
    ...catalogueScope(c, store),
    dealSlug: c.req.param('dealSlug'),
  })
  if (!request.success) throw new AppError('not_found', MESSAGES.dealNotFound)
  const details = await c.var.backend.post('/catalogue/deal', {
    body: request.data,
    cache: true,
    schema: DealDetailsSchema,
  })
  const { deal } = details
  const crumbs = [
    ...storeCrumbs(c, store),
    { name: deal.name, href: dealHref(store.slug, deal.slug) },
  ]
  const absolute = (href: string) => canonicalUrl(c, href)
  const say = requestSay(c)
  return renderPage(
    c,
    (chrome) => <DealPage chrome={chrome} store={store} details={details} crumbs={crumbs} />,
    {
      meta: {
        title: say(MESSAGES.metaTitleAt, deal.name, store.name),
        description: `${say(MESSAGES.metaDeal, deal.name, dealTerms(deal, requestLocale(c), say), store.name)}${deal.description ? ` ${deal.description}` : ''}`,
        imageUrl: deal.imageUrl ? absolute(deal.imageUrl) : null,
        jsonLd: jsonLdGraph(breadcrumbJsonLd(crumbs, absolute)),
      },
      cache: 'public',
    }
  )
}

import type { Context } from 'hono'
import { DevMarketingPage } from '../../../client/pages/DevMarketingPage.tsx'
import { MarketingLogSchema } from '../../../schemas/marketing.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage } from '../shared/render.tsx'

/** Where the development marketing log lives. */
export const DEV_MARKETING_PATH = '/dev/marketing'

/**
 * The development marketing log (ADR 025): the calls the local marketing service recorded for
 * the brand's business, newest first. Not found outside development environments (app.ts).
 */
export async function devMarketingPage(c: Context<AppEnv>): Promise<Response> {
  const { events } = await c.var.backend.get('/dev/marketing-events', {
    query: { businessId: c.var.brand.businessId },
    schema: MarketingLogSchema,
  })
  return renderPage(c, (chrome) => <DevMarketingPage chrome={chrome} events={events} />, {
    meta: {
      title: 'Development marketing log',
      description: 'Development marketing log',
      noindex: true,
    },
    cache: 'private',
  })
}

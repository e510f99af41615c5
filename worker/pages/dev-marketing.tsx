import type { Context } from 'hono'
import { DevMarketingPage } from '../../client/pages/DevMarketingPage.tsx'
import { developmentToolsEnabled } from '../../schemas/development.ts'
import { MarketingLogSchema } from '../../schemas/marketing.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { AppError } from '../lib/errors.ts'
import { renderPage } from './render.tsx'

/** Where the development marketing log lives. */
export const DEV_MARKETING_PATH = '/dev/marketing'

/**
 * The development marketing log (ADR 025): the calls the local marketing service recorded for
 * the brand's business, newest first. Not found outside development environments.
 */
export async function devMarketingPage(c: Context<AppEnv>): Promise<Response> {
  if (!developmentToolsEnabled(c.env.APP_ENV))
    throw new AppError('not_found', MESSAGES.pageNotFound)
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

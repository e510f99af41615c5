import type { Context } from 'hono'
import { DevContactPage } from '../../../client/pages/DevContactPage.tsx'
import { DevContactRequestsSchema } from '../../../schemas/contact.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage } from '../shared/render.tsx'

/** Where the development view of contact requests lives. */
export const DEV_CONTACT_PATH = '/dev/contact'

/**
 * The development view of contact requests: the newest of the brand's business, each attachment
 * with its R2 key and what R2 holds under it (size, type sniffed from the bytes read back), so a
 * developer and the journeys see what reached R2. Not found outside development environments (app.ts).
 */
export async function devContactPage(c: Context<AppEnv>): Promise<Response> {
  const { requests } = await c.var.backend.get('/dev/contact-requests', {
    query: { businessId: c.var.brand.businessId },
    schema: DevContactRequestsSchema,
  })
  return renderPage(c, (chrome) => <DevContactPage chrome={chrome} requests={requests} />, {
    meta: { title: 'Development contact requests', description: 'Contact requests', noindex: true },
    cache: 'private',
  })
}

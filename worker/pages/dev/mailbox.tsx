import type { Context } from 'hono'
import { DevMailboxPage } from '../../../client/pages/DevMailboxPage.tsx'
import { OutboxListSchema } from '../../../schemas/development.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage } from '../shared/render.tsx'

/** Where the development mailbox lives. */
export const DEV_MAILBOX_PATH = '/dev/mailbox'

/**
 * The development mailbox: the outbox of the brand's business, newest first, so reset links and
 * codes can be read locally. Not found outside development environments (app.ts).
 */
export async function devMailboxPage(c: Context<AppEnv>): Promise<Response> {
  const { messages } = await c.var.backend.get('/dev/outbox', {
    query: { businessId: c.var.brand.businessId },
    schema: OutboxListSchema,
  })
  return renderPage(c, (chrome) => <DevMailboxPage chrome={chrome} messages={messages} />, {
    meta: { title: 'Development mailbox', description: 'Development mailbox', noindex: true },
    cache: 'private',
  })
}

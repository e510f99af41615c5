import type { Context } from 'hono'
import { DevPaymentsPage } from '../../../client/pages/DevPaymentsPage.tsx'
import { PaymentsLedgerQuerySchema, PaymentsLedgerSchema } from '../../../schemas/development.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage } from '../shared/render.tsx'

/** Where the development payments ledger lives. */
export const DEV_PAYMENTS_PATH = '/dev/payments'

/**
 * The development payments ledger: each payment as the shop recorded it beside the sandbox
 * gateway's record, newest first, or one order's (`?order=`). Not found outside development.
 */
export async function devPaymentsPage(c: Context<AppEnv>): Promise<Response> {
  const asked = c.req.query('order')?.trim() ?? ''
  const filter = PaymentsLedgerQuerySchema.shape.orderNumber.safeParse(asked || undefined)
  const orderNumber = filter.success ? filter.data : undefined
  const { payments } = await c.var.backend.get('/dev/payments', {
    query: { businessId: c.var.brand.businessId, ...(orderNumber ? { orderNumber } : {}) },
    schema: PaymentsLedgerSchema,
  })
  return renderPage(
    c,
    (chrome) => <DevPaymentsPage chrome={chrome} payments={payments} orderNumber={asked} />,
    {
      meta: { title: 'Payments ledger', description: 'Development payments ledger', noindex: true },
      cache: 'private',
    }
  )
}

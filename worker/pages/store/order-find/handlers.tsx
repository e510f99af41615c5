import type { Context } from 'hono'
import { OrderFindPage } from './OrderFindPage.tsx'
import {
  ORDER_FIND_QUERY,
  type StaffOrderFound,
  StaffOrderFoundSchema,
} from '../../../../schemas/store-order-find.ts'
import type { AppEnv } from '../../../env.ts'
import { readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { AppError } from '../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../lib/operator-paths.ts'
import { STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { consoleFrame } from '../frame.ts'
import { renderConsole } from '../render.tsx'
import { staffOrSignIn } from '../session.ts'

/**
 * GET /store/orders/find[?number=]: the console's order search (ADR 050). An online order links
 * to its page; an archived one says so, with the order archive's restore for operators.
 */
export async function orderFindPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const number = (c.req.query(ORDER_FIND_QUERY) ?? '').trim().slice(0, 40)
  let found: StaffOrderFound | null = null
  let notFound: string | null = null
  if (number !== '') {
    try {
      found = await c.var.backend.post('/staff/orders/find', {
        body: { businessId: c.var.brand.businessId, businessOrderId: number },
        token: readStaffAccessToken(c),
        schema: StaffOrderFoundSchema,
      })
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error
      notFound = error.message
    }
  }
  const query = `?${new URLSearchParams({ [ORDER_FIND_QUERY]: number }).toString()}`
  return renderConsole(
    c,
    'Find an order',
    (chrome) => (
      <OrderFindPage
        {...consoleFrame(chrome, signedIn.staff)}
        number={number}
        found={found}
        notFound={notFound}
        paths={{
          search: STORE_PATHS.findOrder,
          order: found?.kind === 'online' ? STORE_PATHS.order(found.storeId, found.orderId) : null,
          restore:
            found?.kind === 'archived' && found.restorable
              ? `${OPERATOR_PATHS.archive}${query}`
              : null,
        }}
      />
    ),
    notFound ? 404 : 200
  )
}

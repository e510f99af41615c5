import type { Context } from 'hono'
import { OrderPage } from '../../../client/components/store-console/ConsolePages.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { StaffProfile } from '../../../schemas/staff.ts'
import {
  StoreOrderActionRequestSchema,
  StoreOrderDetailSchema,
  type StoreOrderDetail,
} from '../../../schemas/store-orders.ts'
import type { AppEnv } from '../../env.ts'
import { nowMs } from '../../lib/clock.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { readStaffAccessToken } from '../../lib/cookies/staff-session.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { formRefusal, readForm, safeParseForm } from '../forms.ts'
import { storeOfPath } from './board.tsx'
import { consoleFrame, pathId } from './frame.ts'
import { actionOfForm, idempotencyKeyOf } from './order-form.ts'
import { STORE_PATHS } from '../../lib/store-console-paths.ts'
import { renderConsole } from './render.tsx'
import { staffOrSignIn } from './session.ts'

/** `?from=driver` on an action's path: the driver's page posted it and gets it back. */
export const FROM_DRIVER = 'driver'

/** One order of the store, as the caller may see it (another's, or absent: 404). */
export function orderDetail(
  c: Context<AppEnv>,
  storeId: number,
  orderId: number
): Promise<StoreOrderDetail> {
  return c.var.backend.post('/staff/orders/detail', {
    body: { businessId: c.var.brand.businessId, storeId, orderId },
    token: readStaffAccessToken(c),
    schema: StoreOrderDetailSchema,
  })
}

function orderOfPath(c: Context<AppEnv>, staff: StaffProfile) {
  const storeId = storeOfPath(c, staff)
  const orderId = pathId(c.req.param('orderId'))
  if (orderId === null) throw new AppError('not_found', MESSAGES.pageNotFound)
  return { storeId, orderId }
}

async function renderOrder(
  c: Context<AppEnv>,
  staff: StaffProfile,
  storeId: number,
  order: StoreOrderDetail,
  error?: string,
  status: 200 | 409 | 422 | 429 = 200
): Promise<Response> {
  const at = new Date(nowMs(c.env)).toISOString()
  return renderConsole(
    c,
    `Order ${order.orderNumber}`,
    (chrome) => (
      <OrderPage
        frame={consoleFrame(chrome, staff)}
        order={order}
        at={at}
        action={STORE_PATHS.order(storeId, order.orderId)}
        idempotencyKey={crypto.randomUUID()}
        error={error}
        boardHref={STORE_PATHS.board(storeId)}
      />
    ),
    status
  )
}

/** GET /store/<storeId>/orders/<orderId>: picking list, allowed actions, money and history. */
export async function orderPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { storeId, orderId } = orderOfPath(c, signedIn.staff)
  return renderOrder(c, signedIn.staff, storeId, await orderDetail(c, storeId, orderId))
}

/**
 * POST /store/<storeId>/orders/<orderId>: one action without JavaScript. Done → back (303) with
 * 'The order has been updated.'; refused (a stale status, a role, a missing reason) → the page
 * again with the refusal's message, the order as it is now.
 */
export async function orderActionForm(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { staff } = signedIn
  const { storeId, orderId } = orderOfPath(c, staff)
  const form = await readForm(c)
  const refuse = async (message: string, status: 409 | 422 | 429) =>
    renderOrder(c, staff, storeId, await orderDetail(c, storeId, orderId), message, status)
  const parsed = safeParseForm(StoreOrderActionRequestSchema, {
    businessId: c.var.brand.businessId,
    storeId,
    orderId,
    expectedStatus: form.expectedStatus,
    action: actionOfForm(form, nowMs(c.env)),
  })
  const key = idempotencyKeyOf(form)
  if (!parsed.success || !key) {
    const issue = parsed.success ? undefined : parsed.error.issues[0]
    const reasonMissing = issue?.path.includes('reason')
    return refuse(
      reasonMissing
        ? MESSAGES.orderActionReasonRequired
        : (issue?.message ?? MESSAGES.validationError),
      422
    )
  }
  try {
    await c.var.backend.post('/staff/orders/action', {
      body: parsed.data,
      token: readStaffAccessToken(c),
      idempotencyKey: key,
      schema: StoreOrderDetailSchema,
    })
  } catch (error) {
    if (error instanceof AppError && ['conflict', 'forbidden'].includes(error.code)) {
      return refuse(error.message, error.code === 'conflict' ? 409 : 422)
    }
    const { errors, status } = formRefusal(c, error)
    return refuse(errors.form ?? Object.values(errors)[0] ?? MESSAGES.validationError, status)
  }
  setFlash(c, 'storeOrderUpdated')
  const back =
    c.req.query('from') === FROM_DRIVER ? STORE_PATHS.driver : STORE_PATHS.order(storeId, orderId)
  return redirectTo(c, back, 303)
}

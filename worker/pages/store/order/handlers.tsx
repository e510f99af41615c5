import type { Context } from 'hono'
import { OrderPage } from './OrderPage.tsx'
import { DeliveryNotePage } from './DeliveryNotePage.tsx'
import { OrderFoodInformationSchema } from '../../../../schemas/food-information.ts'
import type { SubstituteResults } from './OrderActions.tsx'
import { ACTION_FIELDS, GIVE_CREDIT_ACTION, SUBSTITUTE_QUERY } from './form.ts'
import type { FormErrors, FormValues } from '../../../../client/lib/form-values.ts'
import {
  GlobalSearchRequestSchema,
  GlobalSearchResultSchema,
} from '../../../../schemas/catalogue.ts'
import { formatMoney } from '../../../../schemas/money.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { type OrderReasonLists, OrderReasonListsSchema } from '../../../../schemas/order-reasons.ts'
import type { StaffProfile } from '../../../../schemas/staff.ts'
import {
  StoreOrderActionRequestSchema,
  StoreOrderDetailSchema,
  type StoreOrderDetail,
} from '../../../../schemas/store-orders.ts'
import type { AppEnv } from '../../../env.ts'
import { nowMs } from '../../../lib/clock.ts'
import { setFlash } from '../../../lib/cookies/flash.ts'
import { readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { AppError } from '../../../lib/errors.ts'
import { redirectTo } from '../../../lib/redirect.ts'
import { formRefusal, readForm, safeParseForm } from '../../shared/forms.ts'
import { consoleFrame, pathId } from '../frame.ts'
import { actionOfForm, idempotencyKeyOf } from './order-form.ts'
import { giveCreditInputOf, giveCreditValuesOf, mayGiveCredit } from './credit-form.ts'
import { STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { renderConsole } from '../render.tsx'
import { requestLocale } from '../../shared/render.tsx'
import { staffOrSignIn, storeOfPath } from '../session.ts'

/** `?from=driver` on an action's path: the driver's page posted it and gets it back. */
export const FROM_DRIVER = 'driver'

/** The business's reject and cancel reasons, which the order's forms offer (issue 44). */
function orderReasons(c: Context<AppEnv>): Promise<OrderReasonLists> {
  return c.var.backend.post('/staff/order-reasons', {
    body: { businessId: c.var.brand.businessId },
    token: readStaffAccessToken(c),
    schema: OrderReasonListsSchema,
  })
}

/** The lists a reject or cancel form's choice is checked against; none for other actions. */
async function reasonsOfForm(c: Context<AppEnv>, form: Record<string, string>) {
  const type = form[ACTION_FIELDS.action]
  return type === 'reject' || type === 'cancel' ? orderReasons(c) : undefined
}

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

/**
 * `?substituteFor=<lineId>&q=<term>`: the store's items matching the term for a line being picked
 * (the catalogue's own search, priced for the order's method), so a picker chooses a substitute
 * by name. Anything unusable (no such line, a term too short) shows no results, never an error.
 */
async function substituteSearch(
  c: Context<AppEnv>,
  storeId: number,
  order: StoreOrderDetail
): Promise<SubstituteResults | null> {
  const lineId = pathId(c.req.query(SUBSTITUTE_QUERY.line))
  const term = (c.req.query(SUBSTITUTE_QUERY.term) ?? '').trim()
  const line = order.departments.flatMap((d) => d.lines).find((l) => l.lineId === lineId)
  if (!line || lineId === null || !order.allowedActions.includes('mark_line')) return null
  const parsed = GlobalSearchRequestSchema.safeParse({
    businessId: c.var.brand.businessId,
    storeId,
    fulfilmentMethod: order.fulfilmentMethod,
    searchTerm: term,
    itemsLimit: 8,
    categoriesLimit: 1,
    dealsLimit: 1,
  })
  if (!parsed.success) return { lineId, term, items: [] }
  const found = await c.var.backend.post('/catalogue/search', {
    body: parsed.data,
    schema: GlobalSearchResultSchema,
  })
  const items = found.items.results
    .filter((item) => item.id !== line.menuItemId)
    .map((item) => ({
      menuItemId: item.id,
      name: item.name,
      price: formatMoney(item.price, requestLocale(c)),
    }))
  return { lineId, term, items }
}

async function renderOrder(
  c: Context<AppEnv>,
  staff: StaffProfile,
  storeId: number,
  order: StoreOrderDetail,
  error?: string,
  status: 200 | 409 | 422 | 429 = 200,
  substitutes: SubstituteResults | null = null,
  creditForm: { errors: FormErrors; values: FormValues } = { errors: {}, values: {} }
): Promise<Response> {
  const at = new Date(nowMs(c.env)).toISOString()
  const reasons = await orderReasons(c)
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
        substitutes={substitutes}
        credit={mayGiveCredit(staff, storeId) ? creditForm : null}
        reasons={reasons}
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
  const order = await orderDetail(c, storeId, orderId)
  const substitutes = await substituteSearch(c, storeId, order)
  return renderOrder(c, signedIn.staff, storeId, order, undefined, 200, substitutes)
}

/** GET /store/<storeId>/orders/<orderId>/delivery-note: the order's note to print (issue 41). */
export async function deliveryNotePage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { storeId, orderId } = orderOfPath(c, signedIn.staff)
  const [order, food] = await Promise.all([
    orderDetail(c, storeId, orderId),
    c.var.backend.post('/staff/orders/food-information', {
      body: { businessId: c.var.brand.businessId, storeId, orderId },
      token: readStaffAccessToken(c),
      schema: OrderFoodInformationSchema,
    }),
  ])
  return renderConsole(c, `Delivery note · Order ${order.orderNumber}`, (chrome) => (
    <DeliveryNotePage
      frame={consoleFrame(chrome, signedIn.staff)}
      order={order}
      food={food}
      // The console is served on the brand's own host, where the shop's item pages are too.
      shopOrigin={new URL(c.req.url).origin}
      orderHref={STORE_PATHS.order(storeId, orderId)}
    />
  ))
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
  if (form[ACTION_FIELDS.action] === GIVE_CREDIT_ACTION) {
    return giveCreditForm(c, staff, storeId, orderId, form)
  }
  const refuse = async (message: string, status: 409 | 422 | 429) =>
    renderOrder(c, staff, storeId, await orderDetail(c, storeId, orderId), message, status)
  const parsed = safeParseForm(StoreOrderActionRequestSchema, {
    businessId: c.var.brand.businessId,
    storeId,
    orderId,
    expectedStatus: form.expectedStatus,
    action: actionOfForm(form, nowMs(c.env), await reasonsOfForm(c, form)),
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

/**
 * The "Give store credit" form (a manager's, ADR 020): POST /staff/orders/credit. Done → back (303)
 * with 'The order has been updated.'; refused → the page again with the errors at the fields.
 */
async function giveCreditForm(
  c: Context<AppEnv>,
  staff: StaffProfile,
  storeId: number,
  orderId: number,
  form: Record<string, string>
): Promise<Response> {
  const values = giveCreditValuesOf(form)
  const refuse = async (errors: FormErrors, status: 409 | 422 | 429) =>
    renderOrder(
      c,
      staff,
      storeId,
      await orderDetail(c, storeId, orderId),
      undefined,
      status,
      null,
      {
        errors,
        values,
      }
    )
  const input = giveCreditInputOf(form, requestLocale(c))
  const key = idempotencyKeyOf(form)
  if (!input.ok) return refuse(input.errors, 422)
  if (!key) return refuse({ form: MESSAGES.validationError }, 422)
  try {
    await c.var.backend.post('/staff/orders/credit', {
      body: {
        businessId: c.var.brand.businessId,
        storeId,
        orderId,
        amount: input.amount,
        kind: input.kind,
        reason: input.reason,
      },
      token: readStaffAccessToken(c),
      idempotencyKey: key,
      schema: StoreOrderDetailSchema,
    })
  } catch (error) {
    if (error instanceof AppError && ['conflict', 'forbidden'].includes(error.code)) {
      return refuse({ form: error.message }, error.code === 'conflict' ? 409 : 422)
    }
    const { errors, status } = formRefusal(c, error)
    // A refusal about the order itself (a guest's, who holds no credit) is the form's to show.
    const { orderId: aboutOrder, ...atFields } = errors
    return refuse(aboutOrder ? { ...atFields, form: aboutOrder } : errors, status)
  }
  setFlash(c, 'storeOrderUpdated')
  return redirectTo(c, STORE_PATHS.order(storeId, orderId), 303)
}

import type { Context } from 'hono'
import {
  AMENDED_QUERY,
  AMEND_ADD_FIELD,
  AMEND_LINE_FIELD,
  AMEND_REFUNDED_QUERY,
  AMEND_SEARCH_QUERY,
  amendPath,
} from '../../../client/lib/member-order-paths.ts'
import {
  MemberAmendPage,
  type AmendSearch,
  type MemberAmendView,
} from '../../../client/pages/member/MemberAmendPage.tsx'
import { GlobalSearchRequestSchema, GlobalSearchResultSchema } from '../../../schemas/catalogue.ts'
import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { BusinessOrderIdSchema, MemberOrderDetailSchema } from '../../../schemas/member-orders.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import {
  AmendResultSchema,
  AmendWindowSchema,
  type AmendWindow,
} from '../../../schemas/order-amend.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { readForm, type FormStatus } from '../forms.ts'
import { renderPage } from '../render.tsx'
import { memberPost, sessionEnded } from './member-call.ts'

/*
 * The member's order in amend mode (issue 42, ADR 048): the page and its form post. The backend
 * decides everything (cut-off, price, payment); the page shows its answer.
 */

function orderIdOf(c: Context<AppEnv>): string {
  const parsed = BusinessOrderIdSchema.safeParse(c.req.param('orderId'))
  if (!parsed.success) throw new AppError('not_found', MESSAGES.orderNotFound)
  return parsed.data
}

/** The order's amend window, for the order page's "Change this order" (null if it fails). */
export async function loadAmendWindow(
  c: Context<AppEnv>,
  orderId: string
): Promise<AmendWindow | null> {
  try {
    return await memberPost(
      c,
      '/member/orders/amend-window',
      { businessOrderId: orderId },
      AmendWindowSchema
    )
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') throw error
    return null
  }
}

/** Whole quantities the shopper typed, by the id a field name carries (`line-7`, `add-12`). */
function quantitiesOf(form: Record<string, string>, field: RegExp): Map<number, number> {
  const found = new Map<number, number>()
  for (const [name, value] of Object.entries(form)) {
    const match = field.exec(name)
    const quantity = Number(value)
    if (match && value.trim() !== '' && Number.isInteger(quantity)) {
      found.set(Number(match[1]), quantity)
    }
  }
  return found
}

/** The store's plain items in stock matching the term, to add to the order (none for a short term). */
async function searchItems(
  c: Context<AppEnv>,
  order: MemberOrderDetail,
  term: string
): Promise<AmendSearch['items']> {
  const parsed = GlobalSearchRequestSchema.safeParse({
    businessId: c.var.brand.businessId,
    storeId: order.store.id,
    fulfilmentMethod: order.fulfilmentMethod,
    searchTerm: term,
    itemsLimit: 10,
    categoriesLimit: 1,
    dealsLimit: 1,
  })
  if (!parsed.success) return []
  const found = await c.var.backend.post('/catalogue/search', {
    body: parsed.data,
    schema: GlobalSearchResultSchema,
  })
  return found.items.results
    .filter((item) => item.addToBasketType === 'simple' && !item.outOfStock)
    .map((item) => ({ id: item.id, name: item.name, price: item.price }))
}

async function render(
  c: Context<AppEnv>,
  orderId: string,
  view: MemberAmendView,
  status: FormStatus = 200,
  term = ''
) {
  const [order, window] = await Promise.all([
    memberPost(c, '/member/orders/order', { businessOrderId: orderId }, MemberOrderDetailSchema),
    memberPost(c, '/member/orders/amend-window', { businessOrderId: orderId }, AmendWindowSchema),
  ])
  const search: AmendSearch | null =
    window.open && term.trim() !== ''
      ? { term: term.trim(), items: await searchItems(c, order, term.trim()) }
      : null
  return renderPage(
    c,
    (chrome) => (
      <MemberAmendPage chrome={chrome} order={order} window={window} view={view} search={search} />
    ),
    {
      meta: { title: `Change order ${orderId}`, description: 'Change your order.', noindex: true },
      cache: 'private',
      status,
    }
  )
}

function savedNotice(c: Context<AppEnv>): MemberAmendView {
  const total = Number(c.req.query(AMENDED_QUERY))
  const refunded = Number(c.req.query(AMEND_REFUNDED_QUERY) ?? 0)
  if (!Number.isInteger(total) || total < 0 || c.req.query(AMENDED_QUERY) === undefined) return {}
  if (Number.isInteger(refunded) && refunded > 0) {
    return { notice: formatMessage('amendRefunded', formatMoney(refunded)) }
  }
  return { notice: formatMessage('amendSaved', formatMoney(total)) }
}

/**
 * `/member/orders/:orderId/amend`: the order's lines to change, while it can be changed; `?q=`
 * lists the store's items matching it, to add.
 */
export async function memberAmendPage(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  try {
    return await render(c, orderId, savedNotice(c), 200, c.req.query(AMEND_SEARCH_QUERY))
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

/** POST `/member/orders/:orderId/amend`: saves the quantities, or shows the page with why not. */
export async function memberAmendForm(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  const form = await readForm(c)
  const changes = [...quantitiesOf(form, AMEND_LINE_FIELD)].map(([lineId, quantity]) => ({
    lineId,
    quantity,
  }))
  const additions = [...quantitiesOf(form, AMEND_ADD_FIELD)].flatMap(([itemId, quantity]) =>
    quantity > 0 ? [{ itemId, quantity }] : []
  )
  try {
    try {
      const result = await memberPost(
        c,
        '/member/orders/amend',
        { businessOrderId: orderId, version: Number(form.version ?? 0), changes, additions },
        AmendResultSchema
      )
      return redirectTo(
        c,
        amendPath(orderId, {
          [AMENDED_QUERY]: String(result.total),
          [AMEND_REFUNDED_QUERY]: String(result.refunded),
        }),
        303
      )
    } catch (error) {
      if (!(error instanceof AppError) || ['unauthorized', 'not_found'].includes(error.code)) {
        throw error
      }
      const alert =
        error.code === 'validation_error' && changes.length + additions.length === 0
          ? MESSAGES.amendNothing
          : error.message
      // The page shows the order as it is; the items found stay listed to add again.
      return await render(c, orderId, { alert }, 422, form[AMEND_SEARCH_QUERY])
    }
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

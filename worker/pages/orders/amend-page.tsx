import type { Context } from 'hono'
import {
  AMENDED_QUERY,
  AMEND_ADD_FIELD,
  AMEND_LINE_FIELD,
  AMEND_PAID_QUERY,
  AMEND_PAYMENT_QUERY,
  AMEND_REFUNDED_QUERY,
  AMEND_SEARCH_QUERY,
  amendSlotOf,
} from '../../../client/lib/member-order-paths.ts'
import {
  MemberAmendPage,
  type AmendLinks,
  type AmendSearch,
  type MemberAmendView,
} from '../../../client/pages/member/MemberAmendPage.tsx'
import { AmendFormSchema } from '../../../schemas/forms/amend.ts'
import { GlobalSearchRequestSchema, GlobalSearchResultSchema } from '../../../schemas/catalogue.ts'
import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { AmendChanges, AmendResult, AmendWindow } from '../../../schemas/order-amend.ts'
import { TimeSlotListSchema, type TimeSlotList } from '../../../schemas/slots.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import type { FormStatus } from '../shared/forms.ts'
import { renderPage, requestLocale, requestSay } from '../shared/render.tsx'

/*
 * An order in amend mode (issue 42, ADR 048), one page for two routes: the member's own order
 * and a guest's by the tracking page's signed link. Each route says how it reaches the backend
 * (AmendCalls); the backend decides everything (cut-off, price, payment), the page shows its
 * answer.
 */

/** How one route reads and changes its order. */
export interface AmendCalls {
  /** The order's heading id (the business order id, also the tracking page's order number). */
  orderId: string
  order: () => Promise<MemberOrderDetail>
  window: () => Promise<AmendWindow>
  amend: (changes: AmendChanges) => Promise<AmendResult>
  links: AmendLinks
  /** The page again, with a saved change's query. */
  pagePath: (query: Record<string, string>) => string
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

/** The checkout's slot list of the order's store and method: the slots it may move to. */
function slotList(c: Context<AppEnv>, order: MemberOrderDetail): Promise<TimeSlotList> {
  return c.var.backend.post('/time-slots', {
    body: {
      businessId: c.var.brand.businessId,
      brandId: c.var.brand.id,
      storeId: order.store.id,
      fulfilmentMethod: order.fulfilmentMethod,
    },
    token: readAccessToken(c),
    schema: TimeSlotListSchema,
  })
}

async function render(
  c: Context<AppEnv>,
  calls: AmendCalls,
  viewOf: MemberAmendView | ((order: MemberOrderDetail) => MemberAmendView),
  status: FormStatus = 200,
  term = ''
) {
  const [order, window] = await Promise.all([calls.order(), calls.window()])
  const view = typeof viewOf === 'function' ? viewOf(order) : viewOf
  const [search, slots] = await Promise.all([
    window.open && term.trim() !== ''
      ? searchItems(c, order, term.trim()).then((items) => ({ term: term.trim(), items }))
      : null,
    window.open ? slotList(c, order) : null,
  ])
  return renderPage(
    c,
    (chrome) => (
      <MemberAmendPage
        chrome={chrome}
        order={order}
        window={window}
        view={view}
        search={search}
        slots={slots}
        links={calls.links}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageChangeOrder, calls.orderId),
        description: requestSay(c)(MESSAGES.metaChangeYourOrder),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

function savedNotice(
  c: Context<AppEnv>
): MemberAmendView | ((order: MemberOrderDetail) => MemberAmendView) {
  // The notice's words are said in the brand's language where it is shown; its money is here.
  const shop = requestLocale(c)
  // Back from paying the difference (ADR 059): the order as it now is says what it came to.
  if (c.req.query(AMEND_PAID_QUERY) !== undefined) {
    return (order) => ({
      notice: formatMessage('amendPaid', formatMoney(order.money.total, shop)),
    })
  }
  if (c.req.query(AMEND_PAYMENT_QUERY) !== undefined) {
    return { alert: MESSAGES.amendPaymentNotTaken }
  }
  const total = Number(c.req.query(AMENDED_QUERY))
  const refunded = Number(c.req.query(AMEND_REFUNDED_QUERY) ?? 0)
  if (!Number.isInteger(total) || total < 0 || c.req.query(AMENDED_QUERY) === undefined) return {}
  if (Number.isInteger(refunded) && refunded > 0) {
    return { notice: formatMessage('amendRefunded', formatMoney(refunded, shop)) }
  }
  return { notice: formatMessage('amendSaved', formatMoney(total, shop)) }
}

/** GET: the order's lines to change while it can be; `?q=` lists the store's items to add. */
export function amendPage(c: Context<AppEnv>, calls: AmendCalls): Promise<Response> {
  return render(c, calls, savedNotice(c), 200, c.req.query(AMEND_SEARCH_QUERY))
}

/**
 * POST (the form read by the route, which may need a field of it to reach the order): saves the
 * quantities and additions, then the page again saying what was saved (303), or the page with
 * why not (422). Refusals the page is not for (not found, signed out) are thrown.
 */
export async function amendForm(
  c: Context<AppEnv>,
  form: Record<string, string>,
  calls: AmendCalls
): Promise<Response> {
  const changes = [...quantitiesOf(form, AMEND_LINE_FIELD)].map(([lineId, quantity]) => ({
    lineId,
    quantity,
  }))
  const additions = [...quantitiesOf(form, AMEND_ADD_FIELD)].flatMap(([itemId, quantity]) =>
    quantity > 0 ? [{ itemId, quantity, ageConfirmed: false }] : []
  )
  const posted = AmendFormSchema.parse(form)
  // The slot moves only when the shopper chose another than the page showed.
  const moved = posted.slot !== posted['slot-was']
  const slot = moved ? amendSlotOf(posted.slot) : null
  // Where the shopper comes back from paying a difference: this page, saying what happened.
  const origin = new URL(c.req.url).origin
  const back = (query: Record<string, string>) => `${origin}${calls.pagePath(query)}`
  try {
    const result = await calls.amend({
      version: posted.version,
      changes,
      additions,
      ...(slot ? { slot } : {}),
      paymentUrls: {
        successUrl: back({ [AMEND_PAID_QUERY]: '1' }),
        failureUrl: back({ [AMEND_PAYMENT_QUERY]: 'failed' }),
        cancelUrl: back({ [AMEND_PAYMENT_QUERY]: 'cancelled' }),
      },
    })
    // More than the card covers: the pay-the-difference step, the order unchanged until paid.
    if (result.payment) return await render(c, calls, { pay: result.payment })
    return redirectTo(
      c,
      calls.pagePath({
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
      error.code === 'validation_error' && changes.length + additions.length === 0 && !slot
        ? MESSAGES.amendNothing
        : error.message
    // The page shows the order as it is; the items found stay listed to add again.
    return await render(c, calls, { alert }, 422, posted.q)
  }
}

/** Whether a tracking or order page offers "Change this order" (null: it could not tell). */
export async function amendWindowOrNull(
  load: () => Promise<AmendWindow>
): Promise<AmendWindow | null> {
  try {
    return await load()
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') throw error
    return null
  }
}

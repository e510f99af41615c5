import type { Context } from 'hono'
import {
  REORDER_METHOD_QUERY,
  REORDER_MISSING_QUERY,
  REORDER_OUTCOMES,
  REORDER_QUERY,
  REVIEW_QUERY,
  type ReorderOutcome,
} from '../../../client/lib/member-order-paths.ts'
import { routePath } from '../../../client/lib/routes.ts'
import {
  MemberOrderPage,
  type MemberOrderNotice,
} from '../../../client/pages/member/MemberOrderPage.tsx'
import { MemberReceiptPage } from '../../../client/pages/member/MemberReceiptPage.tsx'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import {
  BusinessOrderIdSchema,
  MemberOrderDetailSchema,
  MemberReviewSchema,
  ReorderRequestSchema,
  ReorderResultSchema,
  ReviewRequestSchema,
  type MemberOrderDetail,
} from '../../../schemas/member-orders.ts'
import { REVIEW_FIELDS, ReviewFormSchema } from '../../../schemas/forms/review.ts'
import { ReorderFormSchema } from '../../../schemas/forms/reorder.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketToken, rememberBasket } from '../../lib/cookies/basket.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import {
  echoValues,
  formErrorsOf,
  formRefusal,
  readForm,
  safeParseForm,
  type FormStatus,
} from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { forgetsForeignBasket } from '../shared/request-basket.ts'
import { memberPost, sessionEnded } from '../shared/member-call.ts'
import { loadAmendWindow } from './member-amend.tsx'
import type { AmendWindow } from '../../../schemas/order-amend.ts'
import { substituteView } from './order-changes-forms.ts'

/** The order number of the path; anything that cannot be one is simply not found. */
function orderIdOf(c: Context<AppEnv>): string {
  const parsed = BusinessOrderIdSchema.safeParse(c.req.param('orderId'))
  if (!parsed.success) throw new AppError('not_found', MESSAGES.orderNotFound)
  return parsed.data
}

async function loadOrder(c: Context<AppEnv>, orderId: string): Promise<MemberOrderDetail> {
  return memberPost(
    c,
    '/member/orders/order',
    { businessOrderId: orderId },
    MemberOrderDetailSchema
  )
}

function isOutcome(value: string | undefined): value is ReorderOutcome {
  return (REORDER_OUTCOMES as ReadonlyArray<string>).includes(value ?? '')
}

/** What the redirect after a reorder or a review asks the page to say. */
function noticeOf(c: Context<AppEnv>, order: MemberOrderDetail): MemberOrderNotice {
  const substitute = substituteView(c)
  if (substitute) return { substitute }
  if (c.req.query(REVIEW_QUERY) === 'saved') return { notice: MESSAGES.reviewSaved }
  const outcome = c.req.query(REORDER_QUERY)
  if (!isOutcome(outcome)) return {}
  const missingIds = new Set((c.req.query(REORDER_MISSING_QUERY) ?? '').split(',').map(Number))
  const missing = order.lines.filter((line) => missingIds.has(line.lineId)).map((l) => l.name)
  switch (outcome) {
    case 'added':
      return { notice: MESSAGES.reorderAdded }
    case 'partial':
      return {
        notice: MESSAGES.reorderAdded,
        alert: formatMessage('reorderSomeNotAdded', missing.join(', ')),
      }
    case 'none':
      return { alert: MESSAGES.reorderNothingAdded }
    case 'failed':
      return { alert: MESSAGES.addItemsFailed }
    case 'confirm': {
      const method = c.req.query(REORDER_METHOD_QUERY)
      return {
        confirmReorder: {
          method:
            method === 'collection' || method === 'delivery' ? method : order.fulfilmentMethod,
        },
      }
    }
  }
}

function renderOrder(
  c: Context<AppEnv>,
  order: MemberOrderDetail,
  review: { errors: FormErrors; values: FormValues } = { errors: {}, values: {} },
  status: FormStatus = 200,
  amendWindow: AmendWindow | null = null
): Promise<Response> {
  return renderPage(
    c,
    (chrome) => (
      <MemberOrderPage
        chrome={chrome}
        order={order}
        view={noticeOf(c, order)}
        reviewErrors={review.errors}
        reviewValues={review.values}
        amendWindow={amendWindow}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageOrderNumbered, order.orderId),
        description: requestSay(c)(MESSAGES.metaYourOrderDot),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

/** `/member/orders/:orderId`: one of the member's orders (another member's answers 404). */
export async function memberOrderPage(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  try {
    const [order, amendWindow] = await Promise.all([
      loadOrder(c, orderId),
      loadAmendWindow(c, orderId),
    ])
    return await renderOrder(c, order, undefined, 200, amendWindow)
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

/**
 * `/member/orders/:orderId/receipt`: the member's printable receipt (issue 41), of their own
 * order only: the backend answers another member's order as not found.
 */
export async function memberReceiptPage(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  try {
    return await receiptResponse(c, await loadOrder(c, orderId))
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

/** A member's receipt page, online or from the archive (backHref: where its "back" link goes). */
function receiptResponse(
  c: Context<AppEnv>,
  order: MemberOrderDetail,
  backHref?: string
): Promise<Response> {
  return renderPage(
    c,
    (chrome) => <MemberReceiptPage chrome={chrome} order={order} backHref={backHref} />,
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageReceiptHeading, order.orderId),
        description: requestSay(c)(MESSAGES.metaYourReceipt),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

/**
 * `/member/orders/:orderId/archived`: the receipt of the member's archived order (ADR 050), from
 * its archive file; another member's or brand's is not found, as the backend answers.
 */
export async function memberArchivedReceiptPage(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  try {
    const order = await memberPost(
      c,
      '/member/orders/archived',
      { businessOrderId: orderId },
      MemberOrderDetailSchema
    )
    return await receiptResponse(c, order, routePath('member-orders'))
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

function backToOrder(c: Context<AppEnv>, orderId: string, query: Record<string, string>) {
  return redirectTo(c, routePath('member-orders-orderId', { orderId }, query), 303)
}

/**
 * POST `/member/orders/:orderId/reorder`: the order's lines into the basket (the cookie's, or a
 * new one), then back to the order saying what was added and what was not; a basket of another
 * store is replaced only after the member says yes (`overwrite`).
 */
export async function reorderForm(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  const posted = ReorderFormSchema.parse(await readForm(c))
  const parsed = ReorderRequestSchema.safeParse({
    businessId: c.var.brand.businessId,
    brandId: c.var.brand.id,
    businessOrderId: orderId,
    fulfilmentMethod: posted.fulfilmentMethod,
    overwrite: posted.overwrite,
  })
  if (!parsed.success) return backToOrder(c, orderId, { [REORDER_QUERY]: 'failed' })
  const reorder = (basketToken: string | undefined) =>
    memberPost(
      c,
      '/member/orders/reorder',
      { ...parsed.data, ...(basketToken ? { basketToken } : {}) },
      ReorderResultSchema
    )
  try {
    let result
    try {
      result = await reorder(readBasketToken(c))
    } catch (error) {
      // The cookie names a basket this member may not use (ADR 012): it is forgotten; a new one.
      if (!forgetsForeignBasket(c, error)) throw error
      result = await reorder(undefined)
    }
    if (result.basket) rememberBasket(c, result.basket)
    if (result.added.length === 0) return backToOrder(c, orderId, { [REORDER_QUERY]: 'none' })
    if (result.notAdded.length > 0) {
      return backToOrder(c, orderId, {
        [REORDER_QUERY]: 'partial',
        [REORDER_MISSING_QUERY]: result.notAdded.map((line) => line.lineId).join(','),
      })
    }
    return redirectTo(c, routePath('basket'), 303)
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    if (error instanceof AppError && error.details?.reason === 'basket_store_conflict') {
      return backToOrder(c, orderId, {
        [REORDER_QUERY]: 'confirm',
        [REORDER_METHOD_QUERY]: parsed.data.fulfilmentMethod,
      })
    }
    if (error instanceof AppError && error.code === 'not_found') throw error
    if (error instanceof AppError) {
      return backToOrder(c, orderId, { [REORDER_QUERY]: 'failed' })
    }
    throw error
  }
}

/** POST `/member/orders/:orderId/review`: saves the review, or shows the form again with why. */
export async function reviewForm(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  const form = await readForm(c)
  const values = echoValues(form, Object.values(REVIEW_FIELDS))
  const parsed = safeParseForm(ReviewRequestSchema, {
    businessId: c.var.brand.businessId,
    brandId: c.var.brand.id,
    orderId,
    ...ReviewFormSchema.parse(form),
  })
  try {
    if (!parsed.success) {
      const order = await loadOrder(c, orderId)
      return await renderOrder(c, order, { errors: formErrorsOf(parsed.error.issues), values }, 422)
    }
    try {
      await memberPost(c, '/member/reviews/add', parsed.data, MemberReviewSchema)
    } catch (error) {
      if (error instanceof AppError && ['unauthorized', 'not_found'].includes(error.code)) {
        throw error
      }
      const { errors, status } = formRefusal(c, error)
      return await renderOrder(c, await loadOrder(c, orderId), { errors, values }, status)
    }
    return redirectTo(
      c,
      `${routePath('member-orders-orderId', { orderId }, { [REVIEW_QUERY]: 'saved' })}#review`,
      303
    )
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

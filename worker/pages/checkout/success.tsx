import type { Context } from 'hono'
import { CheckoutSuccessPage } from '../../../client/pages/CheckoutSuccessPage.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import { OrderSummarySchema, type OrderSummary } from '../../../schemas/checkout.ts'
import { IdSchema } from '../../../schemas/common.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { PaymentResultSchema } from '../../../schemas/payments.ts'
import type { AppEnv } from '../../env.ts'
import { clearBasketSummary } from '../../lib/cookies/basket.ts'
import { clearThreeDSecurePending, readCheckoutOrderId } from '../../lib/cookies/checkout.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { writeLastOrder } from '../../lib/cookies/last-order.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { basketScope, forgetsForeignBasket } from '../shared/request-basket.ts'
import { emptyBasketRoute, summaryStoreSlug } from './checkout-guards.ts'
import { PAYMENT_OUTCOME_QUERY } from './payment.tsx'
import { redirectTo } from '../../lib/redirect.ts'

/** `?orderId=` on the success page: the order the gateway's success URL names. */
export const ORDER_ID_QUERY = 'orderId'

// Orders whose payment is not through yet: the page says so instead of thanking.
const UNPAID: ReadonlySet<OrderSummary['status']> = new Set(['draft', 'payment_pending'])

function requestedOrderId(c: Context<AppEnv>): number | null {
  const fromQuery = IdSchema.safeParse(c.req.query(ORDER_ID_QUERY))
  if (fromQuery.success) return fromQuery.data
  return readCheckoutOrderId(c)
}

async function loadOrder(c: Context<AppEnv>, draftOrderId: number): Promise<OrderSummary | null> {
  const scope = basketScope(c)
  if (!scope) return null
  try {
    return await c.var.backend.post('/checkout/order', {
      body: { ...scope, draftOrderId },
      token: readAccessToken(c),
      schema: OrderSummarySchema,
    })
  } catch (error) {
    if (forgetsForeignBasket(c, error)) return null
    if (
      error instanceof AppError &&
      ['not_found', 'forbidden', 'unauthorized', 'validation_error'].includes(error.code)
    ) {
      return null
    }
    throw error
  }
}

/** `?paymentId=` on a return from a gateway's 3-D Secure challenge. */
export const PAYMENT_ID_QUERY = 'paymentId'

/** Spec §7 Verify payment, then the order as it stands after it (null when it cannot be asked). */
async function verifyPayment(
  c: Context<AppEnv>,
  order: OrderSummary,
  paymentId: number
): Promise<OrderSummary | null> {
  const scope = basketScope(c)
  if (!scope || !order.paymentGateway) return null
  try {
    await c.var.backend.post('/payments/verify', {
      body: {
        ...scope,
        paymentId,
        paymentGateway: order.paymentGateway,
        draftOrderId: order.draftOrderId,
      },
      token: readAccessToken(c),
      schema: PaymentResultSchema,
    })
  } catch (error) {
    // Another order's payment, or one we cannot find: the order shows as it is.
    if (error instanceof AppError && ['not_found', 'validation_error'].includes(error.code)) {
      return null
    }
    throw error
  }
  return loadOrder(c, order.draftOrderId)
}

/**
 * GET /checkout/success (exempt from the checkout basket guard: the basket is closed once the
 * order is placed): the order number, slot, lines and totals of the order the query or the
 * sf_checkout_order cookie names (the backend checks it is the caller's). Once placed, the 3-D
 * Secure mark goes, the header basket empties and the last-order record remembers the store.
 */
export async function checkoutSuccessPage(c: Context<AppEnv>): Promise<Response> {
  const draftOrderId = requestedOrderId(c)
  let order = draftOrderId ? await loadOrder(c, draftOrderId) : null
  // Back from a 3-D Secure challenge of a gateway we ask ourselves (frames): verify first.
  const paymentId = IdSchema.safeParse(c.req.query(PAYMENT_ID_QUERY))
  if (order && UNPAID.has(order.status) && paymentId.success && order.paymentGateway) {
    order = (await verifyPayment(c, order, paymentId.data)) ?? order
  }
  const storeSlug = order?.storeSlug ?? summaryStoreSlug(c)
  if (order?.status === 'payment_failed') {
    return redirectTo(
      c,
      routePath('checkout-payment', undefined, { [PAYMENT_OUTCOME_QUERY]: 'failed' }),
      302
    )
  }
  const placed = order !== null && !UNPAID.has(order.status)
  if (placed) {
    clearThreeDSecurePending(c)
    clearBasketSummary(c)
    if (storeSlug) {
      writeLastOrder(c, {
        restoreLastOrderedStore: true,
        hasLastOrder: true,
        lastOrderStoreSlug: storeSlug,
      })
    }
  }
  const error = !order ? MESSAGES.orderViewFailed : placed ? null : MESSAGES.paymentPending
  return renderPage(
    c,
    (chrome) => (
      <CheckoutSuccessPage
        chrome={chrome}
        order={order}
        error={error}
        continueHref={emptyBasketRoute(storeSlug)}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.metaOrderConfirmed),
        description: requestSay(c)(MESSAGES.pageYourOrder),
        noindex: true,
      },
      cache: 'private',
      status: order ? 200 : 404,
    }
  )
}

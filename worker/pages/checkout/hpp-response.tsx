import type { Context } from 'hono'
import { PAYMENT_CHANGED_PATH } from '../../../client/lib/payment-step.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { TOTAL_CHANGED_REASON } from '../../../schemas/constants.ts'
import {
  HPP_RESPONSE_FIELD,
  HppConsumerRequestSchema,
  PaymentResultSchema,
} from '../../../schemas/payments.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { readForm } from '../shared/forms.ts'
import { PAYMENT_OUTCOME_QUERY } from './payment.tsx'
import { redirectTo, safePath } from '../../lib/redirect.ts'
import { PaymentAnswerRetryPage } from '../../../client/pages/PaymentAnswerRetryPage.tsx'
import { renderPage, requestSay } from '../shared/render.tsx'

const FAILED_PATH = routePath('checkout-payment', undefined, { [PAYMENT_OUTCOME_QUERY]: 'failed' })

/**
 * POST /checkout/payment/hpp-response (HPP_RESPONSE_PATH): the hosted card page posts its signed
 * answer here cross-site, so no cookie arrives and nothing here may need one (exempt from the
 * checkout guards and from the same-origin form check). The backend verifies the hash before
 * trusting anything; the browser then goes where the answer says (success, or the payment page
 * with ?payment=failed|cancelled). A refused (forged or altered) answer is a failed payment.
 */
export async function hppResponseForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const parsed = HppConsumerRequestSchema.safeParse({
    businessId: c.var.brand.businessId,
    hppResponse: form[HPP_RESPONSE_FIELD] ?? '',
  })
  if (!parsed.success) return redirectTo(c, FAILED_PATH, 303)
  try {
    const result = await c.var.backend.post('/checkout/hpp/consumer-data', {
      body: parsed.data,
      schema: PaymentResultSchema,
    })
    const fallback =
      result.status === 'succeeded'
        ? routePath('checkout-success', undefined, { orderId: String(result.draftOrderId) })
        : result.status === 'cancelled'
          ? routePath('checkout-payment', undefined, { [PAYMENT_OUTCOME_QUERY]: 'cancelled' })
          : FAILED_PATH
    // The backend's absolute nextUrl, only as a path of this origin: never another host.
    return redirectTo(c, safePath(result.nextUrl, c.req.url) ?? fallback, 303)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    // The order could not be placed as priced (its coupon ran out meanwhile, issue 36.3): the
    // card was not charged, and the payment page shows the basket's new total and says why.
    if (error.details?.reason === TOTAL_CHANGED_REASON) {
      return redirectTo(c, PAYMENT_CHANGED_PATH, 303)
    }
    // The answer is genuine as far as we know, but could not be recorded (the database was out
    // of reach): the money may be taken, so "payment failed" would be untrue. The shopper sends
    // the same answer again from a page that keeps it; recording it is idempotent.
    if (error.code === 'service_unavailable') {
      logError(
        error,
        { requestId: c.var.requestId, event: 'hosted card page answer not recorded' },
        'warn'
      )
      return renderPage(
        c,
        (chrome) => (
          <PaymentAnswerRetryPage chrome={chrome} hppResponse={parsed.data.hppResponse} />
        ),
        {
          meta: {
            title: requestSay(c)(MESSAGES.pageConfirmingPayment),
            description: requestSay(c)(MESSAGES.metaYourPayment),
            noindex: true,
          },
          cache: 'private',
          status: 503,
          siteContent: false,
        }
      )
    }
    logError(error, { requestId: c.var.requestId, event: 'hosted card page answer refused' })
    return redirectTo(c, FAILED_PATH, 303)
  }
}

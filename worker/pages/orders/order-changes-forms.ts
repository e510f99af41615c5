import type { Context } from 'hono'
import {
  SUBSTITUTE_LINE_QUERY,
  SUBSTITUTE_QUERY,
  type SubstituteOutcome,
  isSubstituteOutcome,
} from '../../../client/lib/order-changes-paths.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { RejectSubstituteFormSchema } from '../../../schemas/forms/reject-substitute.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { RejectSubstituteResultSchema } from '../../../schemas/order-changes.ts'
import { BusinessOrderIdSchema } from '../../../schemas/member-orders.ts'
import { TRACKING_TOKEN_PARAM, trackingPath } from '../../../schemas/tracking.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketToken } from '../../lib/cookies/basket.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { readForm } from '../shared/forms.ts'
import { memberPost, sessionEnded } from '../shared/member-call.ts'

/*
 * The shopper's "Reject substitute" forms (issue 42, ADR 043), without JavaScript: the member's
 * order page and the tracking page (a guest by the signed link, carried as a hidden field) post
 * here; the backend decides, and the page is shown again saying what happened.
 */

/** What the refusal means for the page; a not_found is thrown (the page is not theirs). */
function outcomeOfError(error: unknown): SubstituteOutcome {
  if (!(error instanceof AppError)) throw error
  if (error.code === 'not_found' && error.message === MESSAGES.orderNotFound) throw error
  if (error.message === MESSAGES.substituteRejectTooLate) return 'late'
  if (error.message === MESSAGES.substituteAlreadyRejected) return 'again'
  return 'failed'
}

function lineIdOf(value: string | undefined): number | null {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

/** The page's query after a rejection. */
export function substituteView(
  c: Context<AppEnv>
): { outcome: SubstituteOutcome; lineId: number | null } | null {
  const outcome = c.req.query(SUBSTITUTE_QUERY)
  if (!isSubstituteOutcome(outcome)) return null
  return { outcome, lineId: lineIdOf(c.req.query(SUBSTITUTE_LINE_QUERY)) }
}

const query = (outcome: SubstituteOutcome, lineId: number | null) => ({
  [SUBSTITUTE_QUERY]: outcome,
  ...(lineId ? { [SUBSTITUTE_LINE_QUERY]: String(lineId) } : {}),
})

/** POST /member/orders/:orderId/reject-substitute. */
export async function memberRejectSubstituteForm(c: Context<AppEnv>): Promise<Response> {
  const parsed = BusinessOrderIdSchema.safeParse(c.req.param('orderId'))
  if (!parsed.success) throw new AppError('not_found', MESSAGES.orderNotFound)
  const orderId = parsed.data
  const { lineId } = RejectSubstituteFormSchema.parse(await readForm(c))
  let outcome: SubstituteOutcome = 'failed'
  if (lineId !== null) {
    try {
      await memberPost(
        c,
        '/member/orders/reject-substitute',
        { businessOrderId: orderId, lineId },
        RejectSubstituteResultSchema
      )
      outcome = 'rejected'
    } catch (error) {
      const ended = sessionEnded(c, error)
      if (ended) return ended
      outcome = outcomeOfError(error)
    }
  }
  const page = routePath('member-orders-orderId', { orderId }, query(outcome, lineId))
  return redirectTo(c, `${page}#changes`, 303)
}

/** POST /track/:orderNumber/reject-substitute (the link's token as the `t` field). */
export async function trackingRejectSubstituteForm(c: Context<AppEnv>): Promise<Response> {
  const orderNumber = c.req.param('orderNumber') ?? ''
  const post = RejectSubstituteFormSchema.parse(await readForm(c))
  const token = post[TRACKING_TOKEN_PARAM]
  const basketToken = readBasketToken(c)
  const { lineId } = post
  let outcome: SubstituteOutcome = 'failed'
  if (lineId !== null) {
    try {
      await c.var.backend.post('/tracking/order/reject-substitute', {
        body: {
          businessId: c.var.brand.businessId,
          brandId: c.var.brand.id,
          orderNumber,
          lineId,
          ...(token ? { token } : {}),
          ...(basketToken ? { basketToken } : {}),
        },
        token: readAccessToken(c),
        schema: RejectSubstituteResultSchema,
      })
      outcome = 'rejected'
    } catch (error) {
      outcome = outcomeOfError(error)
    }
  }
  const page = trackingPath(orderNumber, token)
  const params = new URLSearchParams(query(outcome, lineId)).toString()
  return redirectTo(c, `${page}${page.includes('?') ? '&' : '?'}${params}#changes`, 303)
}

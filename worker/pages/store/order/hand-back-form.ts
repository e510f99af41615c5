import type { Context } from 'hono'
import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import { formatMoney } from '../../../../schemas/money.ts'
import { RejectSubstituteResultSchema } from '../../../../schemas/order-changes.ts'
import type { AppEnv } from '../../../env.ts'
import { readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { AppError } from '../../../lib/errors.ts'
import { redirectTo } from '../../../lib/redirect.ts'
import { HAND_BACK_QUERY, STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { readForm } from '../../shared/forms.ts'
import { requestLocale } from '../../shared/render.tsx'
import { staffOrSignIn } from '../session.ts'

/*
 * POST /store/:storeId/orders/:orderId/hand-back (issue 42): the driver records a substitute the
 * shopper handed back at the door; the backend refunds the line once. Back to the round, saying
 * what happened (the message rides in the query: it is the backend's or ours, never the form's).
 */

type Outcome = 'done' | 'late' | 'again' | 'failed'

function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof AppError)) throw error
  if (error.message === MESSAGES.substituteDoorTooLate) return 'late'
  if (error.message === MESSAGES.substituteAlreadyRejected) return 'again'
  return 'failed'
}

export async function handBackForm(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const storeId = Number(c.req.param('storeId'))
  const orderId = Number(c.req.param('orderId'))
  const lineId = Number((await readForm(c)).lineId)
  let outcome: Outcome = 'failed'
  let refunded = 0
  if ([storeId, orderId, lineId].every((id) => Number.isInteger(id) && id > 0)) {
    try {
      const result = await c.var.backend.post('/staff/deliveries/hand-back', {
        body: { businessId: c.var.brand.businessId, storeId, orderId, lineId },
        token: readStaffAccessToken(c),
        schema: RejectSubstituteResultSchema,
      })
      outcome = 'done'
      refunded = result.refunded
    } catch (error) {
      outcome = outcomeOf(error)
    }
  }
  const query = new URLSearchParams({
    [HAND_BACK_QUERY]: outcome,
    ...(outcome === 'done' ? { amount: String(refunded) } : {}),
  })
  return redirectTo(c, `${STORE_PATHS.driver}?${query.toString()}`, 303)
}

/** The driver page's notice from the redirect's query, or null. */
export function handBackNotice(c: Context<AppEnv>): { ok: boolean; message: string } | null {
  const outcome = c.req.query(HAND_BACK_QUERY)
  switch (outcome) {
    case 'done': {
      const amount = Number(c.req.query('amount'))
      return {
        ok: true,
        message: formatMessage(
          'substituteHandedBack',
          formatMoney(Number.isInteger(amount) && amount >= 0 ? amount : 0, requestLocale(c))
        ),
      }
    }
    case 'late':
      return { ok: false, message: MESSAGES.substituteDoorTooLate }
    case 'again':
      return { ok: false, message: MESSAGES.substituteAlreadyRejected }
    case 'failed':
      return { ok: false, message: MESSAGES.systemError }
    default:
      return null
  }
}

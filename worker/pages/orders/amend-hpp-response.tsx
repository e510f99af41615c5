import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  AmendTopUpAnswerRequestSchema,
  AmendTopUpAnswerSchema,
} from '../../../schemas/order-amend.ts'
import { HPP_RESPONSE_FIELD } from '../../../schemas/payments.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { redirectTo, safePath } from '../../lib/redirect.ts'
import { readForm } from '../shared/forms.ts'

/*
 * POST /amend/payment/hpp-response (AMEND_HPP_RESPONSE_PATH): the hosted card page's signed answer
 * to an amend's top-up (ADR 059), posted cross-site like checkout's (no cookie, no csrf(): the
 * hash is the proof). The backend verifies it, applies the held change or gives it up, and says
 * where the shopper goes: the amend page saying the order changed, or that nothing was charged
 * and nothing changed. An answer it refuses (forged, altered, unknown) is a page saying that
 * nothing was charged and nothing changed.
 */
export async function amendHppResponseForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  // The app's error page says it (errors.tsx renders what a page handler throws): a refused answer
  // is the same page however it was refused.
  const refused = (): never => {
    throw new AppError('validation_error', MESSAGES.amendPaymentNotTaken)
  }
  const parsed = AmendTopUpAnswerRequestSchema.safeParse({
    businessId: c.var.brand.businessId,
    hppResponse: form[HPP_RESPONSE_FIELD] ?? '',
  })
  if (!parsed.success) return refused()
  let next: string | null
  try {
    const answer = await c.var.backend.post('/amend/top-up/answer', {
      body: parsed.data,
      schema: AmendTopUpAnswerSchema,
    })
    // The backend's absolute address, only as a path of this origin: never another host.
    next = safePath(answer.nextUrl, c.req.url)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    logError(error, { requestId: c.var.requestId, event: 'amend top-up answer refused' })
    return refused()
  }
  return next ? redirectTo(c, next, 303) : refused()
}

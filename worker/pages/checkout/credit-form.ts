import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { StoreCreditFormSchema } from '../../../schemas/forms/payment.ts'
import { USE_CREDIT_FIELD } from '../../../schemas/forms/payment-fields.ts'
import type { AppEnv } from '../../env.ts'
import { rememberBasket } from '../../lib/cookies/basket.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { isShoppersRefusal } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { readForm } from '../shared/forms.ts'
import { checkoutCaller } from './checkout-state.ts'

/**
 * POST /checkout/payment/credit: the store credit switch without JavaScript (ADR 020). A ticked
 * box uses the member's credit on this basket, an unticked one keeps it; always 303 back to the
 * payment step with a notice, the totals recomputed by the backend. A refusal changes nothing.
 */
export async function checkoutCreditForm(c: Context<AppEnv>): Promise<Response> {
  const useCredit = StoreCreditFormSchema.parse(await readForm(c))[USE_CREDIT_FIELD]
  const caller = await checkoutCaller(c)
  try {
    const basket = await c.var.backend.post('/basket/credit', {
      body: { ...caller.scope, useCredit },
      token: caller.token,
      schema: BasketSchema,
    })
    rememberBasket(c, basket)
    setFlash(c, useCredit ? 'storeCreditUsed' : 'storeCreditKept')
  } catch (error) {
    if (!isShoppersRefusal(error)) throw error
    setFlash(c, 'storeCreditUpdateFailed')
  }
  return redirectTo(c, routePath('checkout-payment'), 303)
}

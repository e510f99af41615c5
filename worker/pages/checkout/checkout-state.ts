import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import {
  CheckoutStateSchema,
  type ActiveCheckoutStep,
  type CheckoutState,
} from '../../../schemas/checkout.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { ensureGuestSession } from '../../lib/shopper-session.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { basketScope, type BasketScope } from '../shared/request-basket.ts'

/** The page of each step /checkout may send a shopper to. */
export const ACTIVE_STEP_ROUTES = {
  options: 'checkout-options',
  details: 'checkout-details',
  payment: 'checkout-payment',
} as const satisfies Record<ActiveCheckoutStep, string>

export function activeStepPath(step: ActiveCheckoutStep): string {
  return routePath(ACTIVE_STEP_ROUTES[step])
}

/**
 * A payment step opened before the details are done: back to the step the shopper is on, told
 * why ('Please fill in your details before you pay.').
 */
export function backToActiveStep(c: Context<AppEnv>, step: ActiveCheckoutStep): Response {
  setFlash(c, 'checkoutDetailsFirst')
  return redirectTo(c, activeStepPath(step), 302)
}

/** What every checkout call carries: the basket scope (business, brand, token) and the bearer. */
export interface CheckoutCaller {
  scope: BasketScope
  token: string
}

/**
 * The caller of a checkout step: the member's session, else a guest session (issued now if the
 * shopper has none, spec §6 Guest), with the basket token of the httpOnly cookie. The guards ran
 * first, so a missing basket here is a broken request.
 */
export async function checkoutCaller(c: Context<AppEnv>): Promise<CheckoutCaller> {
  const scope = basketScope(c)
  if (!scope) throw new AppError('not_found', MESSAGES.basketNotFound)
  const token = await ensureGuestSession(c)
  return { scope, token }
}

/** The checkout state (spec §7 prepare): what every step shows and decides on. */
export function loadCheckoutState(
  c: Context<AppEnv>,
  caller: CheckoutCaller
): Promise<CheckoutState> {
  return c.var.backend.post('/checkout/prepare', {
    body: caller.scope,
    token: caller.token,
    schema: CheckoutStateSchema,
  })
}

import type { Context } from 'hono'
import type { AppEnv } from '../../env.ts'
import { activeStepPath, checkoutCaller, loadCheckoutState } from './checkout-state.ts'
import { redirectTo } from '../../lib/redirect.ts'

/**
 * GET /checkout (spec §2 "Entering checkout prepares checkout and redirects to the active
 * checkout step"): a signed-out shopper gets a guest session first, then prepare says where to go.
 */
export async function checkoutEntry(c: Context<AppEnv>): Promise<Response> {
  const caller = await checkoutCaller(c)
  const state = await loadCheckoutState(c, caller)
  return redirectTo(c, activeStepPath(state.activeStep), 302)
}

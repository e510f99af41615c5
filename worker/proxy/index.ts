import { Hono, type Context } from 'hono'
import type { Brand } from '../../schemas/brand.ts'
import { shopLocaleOf } from '../../schemas/locale.ts'
import type { AppEnv } from '../env.ts'
import type { EdgeRoutes } from '../lib/edge-routes.ts'
import { errorEnvelopeResponse } from '../lib/error-response.ts'
import { backendPath } from './backend-path.ts'
import { basketToken, memberSessionForBasket } from './basket-token.ts'
import { brandScope } from './brand-scope.ts'
import { callInputs } from './call-inputs.ts'
import type { ProxyEnv } from './call.ts'
import { orderDevice } from './device-id.ts'
import { forward } from './forward.ts'
import { plainPaths } from './plain-path.ts'
import { publicAnswers } from './public-answers.ts'
import { sameOriginForStateChanges } from './same-origin.ts'
import { sessionTokens } from './session-tokens.ts'
import { shopperLocation } from './shopper-location.ts'

/** The request's brand, when the brand middleware found one before the error. */
function brandOf(c: Context<AppEnv>): Brand | undefined {
  const brand: Brand | undefined = c.get('brand')
  return brand
}

/**
 * The app's own server proxy (spec §7): `/api/<path>` → backend `<path>` through `c.var.backend`,
 * one middleware per concern, in the order a call passes them:
 *
 * 1. `plainPaths`, `sameOriginForStateChanges`: a path with a %-escape and a cross-site state
 *    change are refused;
 * 2. `backendPath`: the backend path and what its route declares of the edge (`edge`, the list
 *    the backend derives from its routes' declarations); staff calls are not found here;
 * 3. `brandScope`: brandId where the call is per brand (businessId is set on every call);
 * 4. `memberSessionForBasket`: a basket call renews a lapsed member session first;
 * 5. `callInputs`: query and body read, ids converted to numbers, the tenant fields set;
 * 6. `basketToken`, `sessionTokens`: tokens from their httpOnly cookies into the body, and out of
 *    the answer into them;
 * 7. `shopperLocation`, `orderDevice`: the shopper's location and device from their cookies;
 * 8. `publicAnswers`: a public answer from KV, or kept there;
 * 9. `forward`: the access-token cookie as the only bearer; the backend's answer passed on as is,
 *    a 429 included.
 *
 * @example app.route('/api', createProxy(BACKEND_EDGE_ROUTES))
 */
export function createProxy(edge: EdgeRoutes): Hono<ProxyEnv> {
  const proxy = new Hono<ProxyEnv>()
  proxy.use(plainPaths())
  proxy.use(sameOriginForStateChanges())
  proxy.use(backendPath(edge))
  proxy.use(brandScope(edge))
  proxy.use(memberSessionForBasket())
  proxy.use(callInputs())
  proxy.use(basketToken())
  proxy.use(sessionTokens())
  proxy.use(shopperLocation())
  proxy.use(orderDevice())
  proxy.use(publicAnswers(edge))
  proxy.all('*', forward)
  proxy.onError((error, c) =>
    errorEnvelopeResponse(error, c.var.requestId, shopLocaleOf(brandOf(c) ?? {}))
  )
  return proxy
}

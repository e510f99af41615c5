import { Hono } from 'hono'
import { MESSAGES } from '../../schemas/messages.ts'
import { errorEnvelopeResponse } from '../lib/error-response.ts'
import { d1Sessions } from '../lib/d1-sessions.ts'
import { AppError } from '../lib/errors.ts'
import { dropUnreadBody } from '../lib/request-body.ts'
import { requestId } from '../lib/request-id.ts'
import { observe } from '../lib/observe.ts'
import { auth } from './auth/routes.ts'
import { basket } from './basket/routes.ts'
import { catalogue } from './catalogue/routes.ts'
import { checkout } from './checkout/routes.ts'
import { contact } from './contact/routes.ts'
import { content } from './content/routes.ts'
import { deliveries } from './deliveries/routes.ts'
import { development } from './development/routes.ts'
import type { BackendAdapters } from './adapters.ts'
import type { BackendEnv } from './env.ts'
import { location } from './location/routes.ts'
import { loyalty } from './loyalty/routes.ts'
import { memberAddresses } from './member/addresses/routes.ts'
import { member } from './member/routes.ts'
import { memberOrdersDomain } from './member-orders/routes.ts'
import { memberArchiveDomain } from './order-archive/routes.ts'
import { storeOrderFind } from './order-archive/find-routes.ts'
import { orderAmendDomain } from './order-amend/routes.ts'
import { favourites } from './favourites/routes.ts'
import { memberPrivacy } from './member/privacy/routes.ts'
import { memberProfile } from './member/profile/routes.ts'
import { openApiDomain } from './openapi.ts'
import { operations } from './tenancy/routes.ts'
import { operatorCatalogue } from './operator/catalogue/routes.ts'
import { operator } from './operator/routes.ts'
import { operatorEffects } from './operator/effects-routes.ts'
import { operatorRefunds } from './operator/refunds-routes.ts'
import { operatorMoney } from './operator/money-routes.ts'
import { operatorOrderArchive } from './operator/order-archive-routes.ts'
import { operatorStores } from './operator/stores/routes.ts'
import { operatorBrands } from './operator/brands/routes.ts'
import { operatorContent } from './operator/content/routes.ts'
import { operatorPromotions } from './operator/promotions/routes.ts'
import { operatorStaff } from './operator/staff/routes.ts'
import { payments } from './payments/routes.ts'
import { referrals } from './referrals/routes.ts'
import type { Domain } from './route-registry.ts'
import { seo } from './seo/routes.ts'
import { slots } from './slots/routes.ts'
import { staff } from './staff/routes.ts'
import { storeOrders } from './store-orders/routes.ts'
import { substituteReview } from './substitute-review/routes.ts'
import { storeControls } from './store-controls/routes.ts'
import { memberCredit } from './credit/routes.ts'
import { stores } from './stores/routes.ts'
import { tracking } from './tracking/routes.ts'
import { marketing } from './marketing/routes.ts'
import { wireAdapters } from './order-subscribers.ts'
import { pickShard } from './shard.ts'

/** Every domain of the API; the OpenAPI document is built from this same list. */
const domains: ReadonlyArray<Domain> = [
  operations,
  content,
  contact,
  auth,
  member,
  memberOrdersDomain,
  memberArchiveDomain,
  storeOrderFind,
  orderAmendDomain,
  favourites,
  memberAddresses,
  memberProfile,
  memberPrivacy,
  loyalty,
  memberCredit,
  referrals,
  location,
  deliveries,
  substituteReview,
  slots,
  stores,
  catalogue,
  basket,
  checkout,
  tracking,
  payments,
  staff,
  storeOrders,
  storeControls,
  operator,
  operatorEffects,
  operatorRefunds,
  operatorMoney,
  operatorOrderArchive,
  operatorStores,
  operatorCatalogue,
  operatorBrands,
  operatorStaff,
  operatorPromotions,
  operatorContent,
  seo,
  marketing,
  development,
]

/** All mounted domains, the OpenAPI one included (tests compare this list with the routes). */
export const backendDomains: ReadonlyArray<Domain> = [...domains, openApiDomain(domains)]

/**
 * The multi-tenant commerce API on D1 (spec §7). Reached through the backend client: in-process
 * by default, or over a service binding / BACKEND_URL when deployed on its own. `adapters` are
 * the local stand-ins for outside services that live outside the backend (ADR 002); the
 * composition root passes them. The order's subscribers are wired here with them (ADR 038).
 */
export function createBackend(given: BackendAdapters): Hono<BackendEnv> {
  const adapters = wireAdapters(given)
  const backend = new Hono<BackendEnv>()
  backend.use(requestId())
  backend.use(observe('backend'))
  backend.use(async (c, next) => {
    c.set('adapters', adapters)
    await next()
  })
  backend.use(dropUnreadBody())
  // Before every route: the business's shard is the request's env.DB (ADR 047)...
  backend.use(pickShard())
  // ...and every statement of the request runs in one D1 session of that shard, from the
  // shopper's bookmark (ADR 046).
  backend.use(d1Sessions())
  for (const domain of backendDomains) backend.route('/', domain.app)
  backend.notFound((c) =>
    errorEnvelopeResponse(new AppError('not_found', MESSAGES.pageNotFound), c.var.requestId)
  )
  backend.onError((error, c) => errorEnvelopeResponse(error, c.var.requestId))
  return backend
}

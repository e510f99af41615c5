import type { Context } from 'hono'
import { MemberOrderDetailSchema } from '../../../schemas/member-orders.ts'
import {
  AmendResultSchema,
  AmendWindowSchema,
  type AmendWindow,
} from '../../../schemas/order-amend.ts'
import {
  TRACKING_TOKEN_PARAM,
  trackingAmendPath,
  trackingPath,
  type TrackingRequest,
} from '../../../schemas/tracking.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { amendForm, amendPage, amendWindowOrNull, type AmendCalls } from './amend-page.tsx'
import { readForm } from '../shared/forms.ts'
import { AmendFormSchema } from '../../../schemas/forms/amend.ts'
import { trackingRequest } from './tracking-request.ts'

/*
 * A guest's order in amend mode (issue 42, ADR 048) by the tracking page's signed link: the
 * member's amend page at /track/:orderNumber/amend, its link token in the query (GET) or a hidden
 * field (POST). Whoever the tracking call lets see the order may change it by the same rules;
 * anyone else gets the tracking page's 404.
 */

function trackedWindow(c: Context<AppEnv>, request: TrackingRequest): Promise<AmendWindow> {
  return c.var.backend.post('/tracking/order/amend-window', {
    body: request,
    token: readAccessToken(c),
    schema: AmendWindowSchema,
  })
}

/** The amend window for the tracking page's "Change this order" (null if it could not tell). */
export function trackedAmendWindow(
  c: Context<AppEnv>,
  request: TrackingRequest
): Promise<AmendWindow | null> {
  return amendWindowOrNull(() => trackedWindow(c, request))
}

function trackedCalls(
  c: Context<AppEnv>,
  request: TrackingRequest,
  token: string | null
): AmendCalls {
  const orderNumber = request.orderNumber
  return {
    orderId: orderNumber,
    order: () =>
      c.var.backend.post('/tracking/receipt', {
        body: request,
        token: readAccessToken(c),
        schema: MemberOrderDetailSchema,
      }),
    window: () => trackedWindow(c, request),
    amend: (changes) =>
      c.var.backend.post('/tracking/order/amend', {
        body: { ...request, ...changes },
        token: readAccessToken(c),
        schema: AmendResultSchema,
      }),
    links: {
      action: trackingAmendPath(orderNumber),
      back: trackingPath(orderNumber, token),
      backToForm: trackingAmendPath(orderNumber, token),
      hidden: token ? { [TRACKING_TOKEN_PARAM]: token } : {},
      guest: true,
    },
    pagePath: (query) => trackingAmendPath(orderNumber, token, query),
  }
}

/** GET /track/:orderNumber/amend (`?t=` the signed link's token). */
export function trackingAmendPage(c: Context<AppEnv>): Promise<Response> {
  const { token, request } = trackingRequest(c)
  return amendPage(c, trackedCalls(c, request.data, token))
}

/** POST /track/:orderNumber/amend (the link's token as the `t` field). */
export async function trackingAmendForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const { token, request } = trackingRequest(c, AmendFormSchema.parse(form)[TRACKING_TOKEN_PARAM])
  return amendForm(c, form, trackedCalls(c, request.data, token))
}

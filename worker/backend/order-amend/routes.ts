import { MESSAGES } from '../../../schemas/messages.ts'
import {
  AmendOrderRequestSchema,
  AmendResultSchema,
  AmendTopUpAnswerRequestSchema,
  AmendTopUpAnswerSchema,
  AmendWindowRequestSchema,
  AmendWindowSchema,
  TrackingAmendOrderRequestSchema,
  TrackingAmendWindowRequestSchema,
} from '../../../schemas/order-amend.ts'
import { now } from '../../lib/clock.ts'
import { MEMBER_ORDER_NOT_YOURS, memberOrderRef } from '../member-orders/member-order-route.ts'
import { createDomain } from '../route-registry.ts'
import { rateLimit } from '../rate-limit.ts'
import { requireTrackedOrder } from '../tracking/service.ts'
import { amendOrder, amendWindow, memberAmendOrder, openNow, trackedAmendOrder } from './service.ts'
import { topUpAnswer } from './top-up.ts'

/** A member changes their placed order until its cut-off (issue 42, ADR 048). */
export const orderAmendDomain = createDomain('Order amend')

const NOT_YOURS = MEMBER_ORDER_NOT_YOURS

orderAmendDomain.post(
  '/member/orders/amend-window',
  {
    summary: 'Whether the member may change the order now, and until when',
    description: `until is null when only the start of picking closes it. ${NOT_YOURS}`,
    body: AmendWindowRequestSchema,
    response: AmendWindowSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) =>
    amendWindow(memberAmendOrder(c.env.DB, await memberOrderRef(c, body)), now(c.env))
)

orderAmendDomain.post(
  '/member/orders/amend',
  {
    summary:
      "Changes the quantities of an order's lines (0 removes a line) and adds the store's items until its cut-off",
    description:
      'Priced again by the basket pricing with the terms the order was placed with; additions ' +
      "are items of the order's store at today's price, by the basket's rules (not sold or out " +
      `of stock: conflict '${MESSAGES.itemUnavailable}'; age; item and basket limits). A lower ` +
      'total is refunded to a settled card at once (a hold is captured lower at picking); a ' +
      'higher one than the payments cover is held until the difference is authorised: with ' +
      'paymentUrls the answer carries the hosted card page (payment) and the order is as it was ' +
      `until that page's answer (ADR 059); without, conflict '${MESSAGES.amendNeedsPayment}'. After ` +
      `the cut-off: conflict '${MESSAGES.amendClosed}'; an older version: conflict ` +
      `'${MESSAGES.amendStale}'. slot moves the order to another slot of its store and method ` +
      "by the checkout's rules (ADR 054): one the checkout would not offer is a validation_error " +
      `and a full one a conflict, both '${MESSAGES.slotReserveFailed}'; one already past the ` +
      `business's cut-off: conflict '${MESSAGES.amendSlotTooSoon}'. ${NOT_YOURS}`,
    body: AmendOrderRequestSchema,
    response: AmendResultSchema,
    errors: ['unauthorized', 'not_found', 'conflict', 'validation_error'],
  },
  async ({ body }, c) =>
    amendOrder(
      { ...c.env, ...c.var.adapters },
      memberAmendOrder(c.env.DB, await memberOrderRef(c, body)),
      body,
      now(c.env)
    )
)

// A guest changes their order by the signed link of its tracking page (issue 42): the same rules,
// whoever the tracking call lets see the order. As guessable as that call: the same limiter and
// size of allowance, counted apart (rate-limit.ts): one amend page is two calls and a save three.
for (const path of ['/tracking/order/amend-window', '/tracking/order/amend']) {
  orderAmendDomain.app.use(
    path,
    rateLimit('tracking-changes', (env) => env.AUTH_LIMITER)
  )
}

const NOT_TRACKED = `An order the caller may not track (no valid signed link) answers not_found ('${MESSAGES.orderNotFound}').`

orderAmendDomain.post(
  '/tracking/order/amend-window',
  {
    edge: { basketToken: 'carries' },
    summary: 'Whether the order may be changed now, for whoever may track it (a guest by its link)',
    description: `As /member/orders/amend-window. ${NOT_TRACKED}`,
    body: TrackingAmendWindowRequestSchema,
    response: AmendWindowSchema,
    errors: ['not_found', 'rate_limited'],
  },
  async ({ body }, c) => {
    const at = now(c.env)
    return amendWindow(
      trackedAmendOrder(c.env.DB, () => requireTrackedOrder(c, body, at)),
      at
    )
  }
)

orderAmendDomain.post(
  '/tracking/order/amend',
  {
    edge: { basketToken: 'carries' },
    summary: 'Changes the order until its cut-off, for whoever may track it (a guest by its link)',
    description: `As /member/orders/amend, the same rules and answers. ${NOT_TRACKED}`,
    body: TrackingAmendOrderRequestSchema,
    response: AmendResultSchema,
    errors: ['not_found', 'conflict', 'validation_error', 'rate_limited'],
  },
  async ({ body }, c) => {
    const at = now(c.env)
    return amendOrder(
      { ...c.env, ...c.var.adapters },
      trackedAmendOrder(c.env.DB, () => requireTrackedOrder(c, body, at)),
      body,
      at
    )
  }
)

orderAmendDomain.post(
  '/amend/top-up/answer',
  {
    summary: "The hosted card page's signed answer to an amend's top-up",
    description:
      'Verified before anything is read and recorded once (a replay answers the same); an ' +
      'authorisation applies the held change by one guarded batch on the order version it was ' +
      'priced from (applied), and is voided when the order changed or closed meanwhile ' +
      '(not_taken, nothing changed). A forged or altered answer is refused.',
    body: AmendTopUpAnswerRequestSchema,
    response: AmendTopUpAnswerSchema,
    errors: ['not_found', 'validation_error'],
  },
  ({ body }, c) => {
    const at = now(c.env)
    return topUpAnswer({ ...c.env, ...c.var.adapters }, body, openNow(at), at)
  }
)

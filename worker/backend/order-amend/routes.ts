import { MESSAGES } from '../../../schemas/messages.ts'
import {
  AmendOrderRequestSchema,
  AmendResultSchema,
  AmendWindowRequestSchema,
  AmendWindowSchema,
} from '../../../schemas/order-amend.ts'
import { now } from '../../lib/clock.ts'
import { MEMBER_ORDER_NOT_YOURS, memberOrderRef } from '../member-orders/member-order-route.ts'
import { createDomain } from '../route-registry.ts'
import { amendOrder, amendWindow } from './service.ts'

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
  async ({ body }, c) => amendWindow(c.env.DB, await memberOrderRef(c, body), now(c.env))
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
      `higher one than the card covers answers conflict '${MESSAGES.amendNeedsPayment}'. After ` +
      `the cut-off: conflict '${MESSAGES.amendClosed}'; an older version: conflict ` +
      `'${MESSAGES.amendStale}'. ${NOT_YOURS}`,
    body: AmendOrderRequestSchema,
    response: AmendResultSchema,
    errors: ['unauthorized', 'not_found', 'conflict', 'validation_error'],
  },
  async ({ body }, c) =>
    amendOrder({ ...c.env, ...c.var.adapters }, await memberOrderRef(c, body), body, now(c.env))
)

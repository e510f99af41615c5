import type { Context } from 'hono'
import {
  MemberDashboardRequestSchema,
  MemberDashboardSchema,
  MemberOrderDetailSchema,
  MemberOrderListSchema,
  MemberOrderRequestSchema,
  MemberOrdersRequestSchema,
  MemberReviewSchema,
  ReorderRequestSchema,
  ReorderResultSchema,
  ReviewRequestSchema,
} from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { now } from '../../lib/clock.ts'
import { requireMember } from '../auth/authenticate.ts'
import type { BasketCall } from '../basket/change-steps.ts'
import type { BackendEnv } from '../env.ts'
import { createDomain } from '../route-registry.ts'
import { MEMBER_ORDER_NOT_YOURS } from './member-order-route.ts'
import { reorder } from './reorder.ts'
import { addReview, memberDashboard, memberOrder, memberOrders } from './service.ts'

/**
 * The member's orders (spec §7 Member): list, one order, reorder and review. Each call names the
 * signed-in member by their access token (requireMember) and reads only their placed orders of
 * the calling brand: any other order number answers 404 'We could not find that order.'.
 */
export const memberOrdersDomain = createDomain('Member orders')

const NOT_YOURS = MEMBER_ORDER_NOT_YOURS

memberOrdersDomain.post(
  '/member/dashboard',
  {
    edge: { brandScoped: true },
    summary: 'The member dashboard: first name and the newest order',
    body: MemberDashboardRequestSchema,
    response: MemberDashboardSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => memberDashboard(c.env.DB, await requireMember(c, body.businessId), body)
)

memberOrdersDomain.post(
  '/member/orders',
  {
    edge: { brandScoped: true },
    summary: "The member's orders, newest first",
    description:
      'Spec §3 Orders list filter: dateFrom and dateTo (YYYY-MM-DD, the business local day, both ' +
      'included), status, page (from 1) and limit; answers one page with the total count.',
    body: MemberOrdersRequestSchema,
    response: MemberOrderListSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => memberOrders(c.env.DB, await requireMember(c, body.businessId), body)
)

memberOrdersDomain.post(
  '/member/orders/order',
  {
    edge: { brandScoped: true },
    summary: 'One order of the member, with every Order field of spec §3',
    description: `Lines with their marks and substitutes, money, status history, refunds, payment, address or collection store, tracking while offered, and the review. ${NOT_YOURS}`,
    body: MemberOrderRequestSchema,
    response: MemberOrderDetailSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) =>
    memberOrder(c.env.DB, await requireMember(c, body.businessId), body, now(c.env))
)

memberOrdersDomain.post(
  '/member/orders/reorder',
  {
    edge: { brandScoped: true },
    summary: "Adds an order's lines to the basket at the same store",
    description:
      "Today's prices and availability; notAdded says what could not be added and why. A basket " +
      `of another store holding items answers conflict '${MESSAGES.basketOverwrite}' (details.reason ` +
      `basket_store_conflict) unless overwrite is true; a store that cannot take the order now answers ` +
      `conflict '${MESSAGES.addItemsFailed}' (details.reason reorder_failed). ${NOT_YOURS}`,
    body: ReorderRequestSchema,
    response: ReorderResultSchema,
    errors: ['unauthorized', 'not_found', 'conflict', 'forbidden'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    return reorder(basketCall(c, body.brandId, customerId), customerId, body)
  }
)

memberOrdersDomain.post(
  '/member/reviews/add',
  {
    edge: { brandScoped: true },
    summary: 'Review a delivered order (spec §7 Review add)',
    description:
      `starRating 1 to 5 ('${MESSAGES.ratingRequired}'), an optional comment, orderId (the order ` +
      'number). Once per order; the same call changes the review for REVIEW_EDIT_DAYS, then ' +
      `answers conflict '${MESSAGES.reviewEditClosed}'. An order not delivered answers conflict ` +
      `'${MESSAGES.reviewDeliveredOnly}'. ${NOT_YOURS}`,
    body: ReviewRequestSchema,
    response: MemberReviewSchema,
    errors: ['unauthorized', 'not_found', 'conflict'],
  },
  async ({ body }, c) =>
    addReview(c.env.DB, await requireMember(c, body.businessId), body, now(c.env))
)

/** The basket call of a reorder: a basket it creates is the calling brand's and the member's. */
function basketCall(
  c: Context<BackendEnv>,
  brandId: number | undefined,
  customerId: number
): BasketCall {
  return {
    db: c.env.DB,
    now: now(c.env),
    newBasketOwner: () => Promise.resolve({ brandId: brandId ?? null, customerId }),
  }
}

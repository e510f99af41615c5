import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  StoreOrderActionRequestSchema,
  StoreOrderBoardRequestSchema,
  StoreOrderBoardSchema,
  StoreOrderDetailRequestSchema,
  StoreOrderDetailSchema,
} from '../../../schemas/store-orders.ts'
import { now } from '../../lib/clock.ts'
import type { BackendEnv } from '../env.ts'
import { idempotent } from '../idempotency-repo.ts'
import { createDomain } from '../route-registry.ts'
import { storeStaffOf } from './access.ts'
import { storeOrderFoodInformation } from './food-information.ts'
import { OrderFoodInformationSchema } from '../../../schemas/food-information.ts'
import { staffAction } from './actions.ts'
import type { EffectsEnv } from './effects.ts'
import { storeBoard, storeOrderDetail } from './service.ts'
import { StaffOrderCreditRequestSchema } from '../../../schemas/credit.ts'
import { GOODWILL_CREDIT_MAX_PENCE } from '../../../schemas/constants.ts'
import { giveStaffCredit } from './staff-credit.ts'

/** The store console's orders: the board, one order, its actions (ADR 017). */
export const storeOrders = createDomain('Store orders')

const STAFF_CALL =
  "Bearer staff access token (audience 'storefront-staff'; a shopper's token answers " +
  `unauthorized '${MESSAGES.loginRequired}'). An operator may work every store of the business, ` +
  'a store manager or picker their stores, a driver only the orders assigned to them; any ' +
  `other store or order answers not_found.`

function effectsEnv(c: Context<BackendEnv>): EffectsEnv {
  return { ...c.env, ...c.var.adapters }
}

storeOrders.post(
  '/staff/orders/board',
  {
    summary: "The store's order board: open orders and those finished in the last 24 hours",
    description: `${STAFF_CALL} Newest first; each order says what the caller may do to it now.`,
    body: StoreOrderBoardRequestSchema,
    response: StoreOrderBoardSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => storeBoard(c.env.DB, await storeStaffOf(c, body), now(c.env))
)

storeOrders.post(
  '/staff/orders/detail',
  {
    summary: 'One order of the store: the picking list by department, money, history, drivers',
    description: STAFF_CALL,
    body: StoreOrderDetailRequestSchema,
    response: StoreOrderDetailSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => storeOrderDetail(c.env.DB, await storeStaffOf(c, body), body.orderId)
)

storeOrders.post(
  '/staff/orders/food-information',
  {
    summary: "Each food item of an order: its allergens and its page (the order's delivery note)",
    description: STAFF_CALL,
    body: StoreOrderDetailRequestSchema,
    response: OrderFoodInformationSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) =>
    storeOrderFoodInformation(c.env.DB, await storeStaffOf(c, body), body.orderId)
)

storeOrders.post(
  '/staff/orders/action',
  {
    summary: 'Moves an order on (the order state machine); answers the order after it',
    description:
      `${STAFF_CALL} Requires an Idempotency-Key header (or idempotencyKey in the body, as the ` +
      '/api proxy forwards no such header): a double click answers the first ' +
      'answer and does nothing twice. `expectedStatus` is the status the console showed; an ' +
      `order that has moved since answers conflict '${MESSAGES.orderActionWrongState}' with ` +
      "the current status's label (the loser of two staff at once gets the same). A role that " +
      `may not take the action answers forbidden '${MESSAGES.orderActionWrongRole}'. Reject, ` +
      'cancel and refunds give the money back through the payment gateway (a void before ' +
      'settlement); picking changes refund the difference when picking is finished.',
    body: StoreOrderActionRequestSchema,
    response: StoreOrderDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  async ({ body }, c) => {
    const staff = await storeStaffOf(c, body)
    const at = now(c.env)
    const { idempotencyKey, ...request } = body
    const answer = await idempotent(
      c.env.DB,
      {
        businessId: body.businessId,
        scope: 'store-orders.action',
        key: c.req.header('idempotency-key') ?? idempotencyKey,
        // The same key from another member of staff is another request.
        request: { staffId: staff.staffId, ...request },
        now: at,
      },
      async () => {
        const after = await staffAction({ env: effectsEnv(c), now: at }, staff, body)
        return storeOrderDetail(c.env.DB, staff, after.id)
      }
    )
    return answer.body
  }
)

storeOrders.post(
  '/staff/orders/credit',
  {
    summary: "Gives the order's member store credit: goodwill, or a refund as credit",
    description:
      `${STAFF_CALL} Store managers and operators only (others: forbidden ` +
      `'${MESSAGES.orderActionWrongRole}'). kind goodwill: up to ${GOODWILL_CREDIT_MAX_PENCE} ` +
      "pence a grant, within the business's caps per order and per member per period (422 " +
      'naming the cap and what is left); kind refund_as_credit: instead of a card refund, lowers what the order owes (refund ' +
      `up, total down), at most what is left to refund ('${MESSAGES.orderRefundTooMuch}'). A ` +
      "reason is required and kept in the order's history with the actor. A guest's order " +
      `answers '${MESSAGES.creditGuestOrder}'. Idempotent like /staff/orders/action.`,
    body: StaffOrderCreditRequestSchema,
    response: StoreOrderDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  async ({ body }, c) => {
    const staff = await storeStaffOf(c, body)
    const at = now(c.env)
    const { idempotencyKey, ...request } = body
    const key = c.req.header('idempotency-key') ?? idempotencyKey ?? crypto.randomUUID()
    const answer = await idempotent(
      c.env.DB,
      {
        businessId: body.businessId,
        scope: 'store-orders.credit',
        key,
        request: { staffId: staff.staffId, ...request },
        now: at,
      },
      async () => {
        const after = await giveStaffCredit(effectsEnv(c), staff, body, key, at)
        return storeOrderDetail(c.env.DB, staff, after.id)
      }
    )
    return answer.body
  }
)

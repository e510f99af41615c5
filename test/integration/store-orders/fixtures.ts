import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import type { StoreRole } from '../../../schemas/staff.ts'
import {
  StoreOrderBoardSchema,
  StoreOrderDetailSchema,
  type StoreOrderAction,
  type StoreOrderDetail,
  type StoreOrderLine,
} from '../../../schemas/store-orders.ts'
import type { StoreOrderStatus } from '../../../schemas/order-states.ts'
import { callBackend, type Call } from '../../support/workers/requests.ts'
import { call, freshIp, testEnv } from '../auth/fixtures.ts'
import { OrderSummarySchema } from '../../../schemas/checkout.ts'
import {
  consumerData,
  type Draft,
  callWith,
  makePayment,
  payOnSandbox,
  paymentBody,
  resultOf,
  VALID_EXPIRY,
} from '../payments/fixtures.ts'
import {
  guestBearer,
  orderBody,
  plainItem,
  readyBasket,
  type ReadyBasket,
} from '../checkout/fixtures.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'
import { requirePaymentSandbox } from '../../../worker/backend/adapters.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { deliverEffects } from '../../support/workers/effects.ts'

import { seedCheckout, STORES } from '../payments/fixtures.ts'

export { seedCheckout, STORES }
export { BUSINESS_ID } from '../auth/fixtures.ts'

/*
 * The store console's orders through the API: paid orders placed the way checkout places them,
 * staff signed in the way the console signs in (password, then the emailed code).
 */

const SUCCESS_CARD = { cardNumber: '4263970000005262', ...VALID_EXPIRY }

export interface PaidOrder {
  orderId: number
  total: number
  email: string
  /** The shopper's basket token and bearer: what the public order-status call asks for. */
  basketToken: string
  bearer: string
}

const paidOf = (draft: Draft, email: string) => ({
  orderId: draft.orderId,
  total: draft.total,
  email,
  basketToken: draft.ready.token,
  bearer: draft.bearer,
})

/** The order's status as the shopper's public order-status call answers it. */
export async function publicStatus(order: PaidOrder): Promise<string> {
  const answer = await call(
    '/checkout/order',
    { businessId: 1, basketToken: order.basketToken, draftOrderId: order.orderId },
    { bearer: order.bearer }
  )
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return OrderSummarySchema.parse(answer.json).status
}

/** What a test does to the ready basket before it is ordered (e.g. refuse substitutes). */
export type BeforeOrder = (ready: ReadyBasket) => Promise<void>

/**
 * A draft order through /checkout/process-order (as payments/fixtures.ts draftOrder, with the
 * fulfilment method: deliveries by default here, since most of the console's path is theirs).
 */
export async function placeDraft(
  method: FulfilmentMethod,
  paymentMethod: 'paymentCard' | 'paymentCash',
  email: string,
  beforeOrder?: BeforeOrder,
  items?: ReadonlyArray<{ id: number; quantity: number }>
): Promise<Draft> {
  const bearer = await guestBearer()
  const ordered = items ?? [{ id: (await plainItem(500, 2500)).id, quantity: 2 }]
  const ready = await readyBasket({ items: ordered, email, method })
  await beforeOrder?.(ready)
  const placed = await callWith(
    testEnv,
    '/checkout/process-order',
    orderBody(ready, {
      emailAddress: email,
      paymentMethod,
      paymentGateway: paymentMethod === 'paymentCash' ? 'cash' : 'realex',
    }),
    bearer
  )
  expect(placed.status, JSON.stringify(placed.json)).toBe(200)
  const order = OrderSummarySchema.parse(placed.json)
  return {
    ready,
    orderId: order.draftOrderId,
    businessOrderId: order.businessOrderId,
    total: order.totals.total,
    bearer,
  }
}

/** A cash order confirmed at checkout: Sent to Store at once (the quickest paid order). */
export async function cashOrder(
  method: FulfilmentMethod = 'delivery',
  beforeOrder?: BeforeOrder
): Promise<PaidOrder> {
  const email = `guest.${crypto.randomUUID()}@example.com`
  const draft = await placeDraft(method, 'paymentCash', email, beforeOrder)
  const result = await makePayment(
    paymentBody(draft, {
      paymentMethod: 'paymentCash',
      paymentGateway: 'cash',
      cashConfirmed: true,
    })
  )
  expect(result.status).toBe('succeeded')
  return paidOf(draft, email)
}

/** A card order paid on the Realex sandbox's hosted page (of these items, else two of one). */
export async function cardOrder(
  method: FulfilmentMethod = 'delivery',
  items?: ReadonlyArray<{ id: number; quantity: number }>
): Promise<PaidOrder & { paymentId: number }> {
  const email = `guest.${crypto.randomUUID()}@example.com`
  const draft = await placeDraft(method, 'paymentCard', email, undefined, items)
  const started = await makePayment(paymentBody(draft))
  const answer = resultOf(await consumerData(await payOnSandbox(started.redirect!, SUCCESS_CARD)))
  expect(answer.status).toBe('succeeded')
  return { ...paidOf(draft, email), paymentId: answer.paymentId }
}

export interface SignedInStaff {
  id: number
  bearer: string
}

/** A member of staff with these roles (or an operator), signed in. */
export async function staffMember(
  roles: ReadonlyArray<{ storeId: number; role: StoreRole }>,
  operator = false
): Promise<SignedInStaff> {
  const seeded = await seedStaff({ roles, operator })
  const tokens = await signIn(seeded.email)
  return { id: seeded.id, bearer: tokens.access_token }
}

/** The checkout seed and a signed-in manager, picker and driver of the main store. */
export async function storeTeam(): Promise<Record<'manager' | 'picker' | 'driver', SignedInStaff>> {
  await seedCheckout(env.DB)
  const storeId = STORES.main
  return {
    manager: await staffMember([{ storeId, role: 'store_manager' }]),
    picker: await staffMember([{ storeId, role: 'picker' }]),
    driver: await staffMember([{ storeId, role: 'driver' }]),
  }
}

export function staffCall(
  path: string,
  body: unknown,
  bearer: string,
  idempotencyKey?: string
): Promise<Call> {
  return callBackend(path, body, {
    bearer,
    ip: freshIp(),
    bindings: testEnv,
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  })
}

export async function board(bearer: string, storeId: number) {
  const answer = await staffCall('/staff/orders/board', { businessId: 1, storeId }, bearer)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return StoreOrderBoardSchema.parse(answer.json)
}

export async function detail(bearer: string, storeId: number, orderId: number) {
  const answer = await staffCall(
    '/staff/orders/detail',
    { businessId: 1, storeId, orderId },
    bearer
  )
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return StoreOrderDetailSchema.parse(answer.json)
}

/** Posts an action with a fresh Idempotency-Key unless one is given. */
export function act(
  bearer: string,
  storeId: number,
  orderId: number,
  expectedStatus: StoreOrderStatus,
  action: StoreOrderAction,
  key: string = crypto.randomUUID()
): Promise<Call> {
  return staffCall(
    '/staff/orders/action',
    { businessId: 1, storeId, orderId, expectedStatus, action },
    bearer,
    key
  )
}

/** {@link act}, expecting 200: the order after. */
export async function actOk(
  bearer: string,
  storeId: number,
  orderId: number,
  expectedStatus: StoreOrderStatus,
  action: StoreOrderAction
): Promise<StoreOrderDetail> {
  const answer = await act(bearer, storeId, orderId, expectedStatus, action)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return StoreOrderDetailSchema.parse(answer.json)
}

/**
 * The picker substitutes one of a new item of the store, a penny cheaper than the whole line, for
 * the line of an accepted order: the answer as given, the item, and what the shopper gets back.
 */
export async function substituteCheaper(
  bearer: string,
  orderId: number,
  line: Pick<StoreOrderLine, 'lineId' | 'totalPrice' | 'menuItemId'>,
  storeId: number = STORES.main
) {
  const item = await plainItem(100, line.totalPrice - 1, line.menuItemId ?? 0)
  const answer = await act(bearer, storeId, orderId, 'store_accepted_picking', {
    type: 'mark_line',
    lineId: line.lineId,
    version: 0,
    mark: 'substituted',
    substitute: { menuItemId: item.id, quantity: 1 },
  })
  return { answer, item, difference: line.totalPrice - item.price }
}

export function errorMessage(answer: Call): string {
  return (answer.json as { error: { message: string } }).error.message
}

/** The shopper's order-status emails, oldest first (once the outbox has sent them, ADR 037). */
export async function shopperEmails(email: string): Promise<Array<Record<string, string>>> {
  await deliverEffects()
  const { results } = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = 'order_status' order by id`
  )
    .bind(email)
    .all<{ payload_json: string }>()
  return results.map((row) => JSON.parse(row.payload_json) as Record<string, string>)
}

/** The order's history rows as stored. */
export async function historyOf(orderId: number) {
  const { results } = await env.DB.prepare(
    `select action, from_status, to_status, role, actor_staff_id from order_history
     where order_id = ?1 order by id`
  )
    .bind(orderId)
    .all()
  return results
}

/** An instant `minutes` from now on the pinned clock. */
export function inMinutes(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString()
}

/** The sandbox gateway's ledger entry of the order's paid payment (captured, refunded, voided). */
export async function ledgerOfOrder(orderId: number) {
  const payment = await env.DB.prepare(
    `select gateway_order_id from payments where order_id = ?1 and status != 'pending'
     order by id desc limit 1`
  )
    .bind(orderId)
    .first<{ gateway_order_id: string }>()
  const entry = (await requirePaymentSandbox(backendAdapters).ledger(env.DB)).find(
    (e) => e.gatewayOrderId === payment?.gateway_order_id
  )
  if (!entry) throw new Error(`no ledger entry for order ${orderId}`)
  return entry
}

/** The order's `total` as stored: what the shopper finally pays. */
export async function orderTotal(orderId: number): Promise<number> {
  const row = await env.DB.prepare('select total from orders where id = ?1')
    .bind(orderId)
    .first<{ total: number }>()
  return row?.total ?? -1
}

/** Over these card orders, the ledger agrees: captured − refunded − voided = total (ADR 017). */
export async function expectLedgerBalances(orderIds: ReadonlyArray<number>): Promise<void> {
  for (const orderId of orderIds) {
    const entry = await ledgerOfOrder(orderId)
    expect([orderId, entry.captured - entry.refunded - entry.voided]).toEqual([
      orderId,
      await orderTotal(orderId),
    ])
  }
}

/** The order's refund rows (payment_refunds), oldest first. */
export async function refundRowsOf(orderId: number) {
  const { results } = await env.DB.prepare(
    `select r.kind, r.amount, r.reference, r.status from payment_refunds r
     join payments p on p.id = r.payment_id where p.order_id = ?1 order by r.id`
  )
    .bind(orderId)
    .all<{ kind: string; amount: number; reference: string; status: string }>()
  return results
}

/**
 * Picking done for a test whose subject is not picking: every line not yet marked is stored as
 * picked in full (as a picker's "Picked" would), then Picking done through the API, which needs
 * every line resolved. The order after.
 */
export async function finishPicking(
  bearer: string,
  storeId: number,
  orderId: number
): Promise<StoreOrderDetail> {
  await env.DB.prepare(
    `insert into order_line_picks (order_line_id, order_id, mark, picked_quantity, charged_price,
       marked_at)
     select l.id, l.order_id, 'picked', l.quantity, l.total_price, ?2 from order_lines l
     where l.order_id = ?1 and l.parent_line_id is null
     on conflict (order_line_id) do nothing`
  )
    .bind(orderId, new Date().toISOString())
    .run()
  return actOk(bearer, storeId, orderId, 'store_accepted_picking', { type: 'finish_picking' })
}

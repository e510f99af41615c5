import type { Basket } from '../../../schemas/basket.ts'
import type { OrderSummary } from '../../../schemas/checkout.ts'
import { logError } from '../../lib/log.ts'
import { readBasket } from '../basket/read.ts'
import { type MarketingEnv, createMarketingService } from './adapters.ts'
import { marketingUserOf, memberUserId } from './audience.ts'
import type { MarketingItem, MarketingService } from './port.ts'
import { findMarketingBasketById, findOrderParties, optedInMemberEmail } from './repo.ts'

/*
 * The shop's marketing events (ADR 025): add to basket, checkout started, purchase, user update.
 * The first three are effects in the outbox (ADR 037): written with the change, run by the
 * EFFECTS queue's consumer, retried until the service takes them. A user update still runs after
 * the member's action through `defer` (waitUntil) and never fails it: a failure is logged.
 */

/** What every marketing effect runs with. */
export interface MarketingRun {
  env: MarketingEnv & { SESSION_SECRET?: string }
  now: Date
  /** Lets the work finish after the answer (finishInBackground); never rejects. */
  defer: (work: Promise<unknown>, event: string) => Promise<void>
  /** For tests: the service to use instead of the configured one. */
  service?: MarketingService
}

function serviceOf(run: Pick<MarketingRun, 'env' | 'now' | 'service'>): MarketingService {
  return run.service ?? createMarketingService(run.env, () => run.now)
}

/** Runs an effect in the background; a failure is logged, never thrown. */
function effect(run: MarketingRun, event: string, work: () => Promise<void>): Promise<void> {
  let started: Promise<void>
  try {
    started = work()
  } catch (error) {
    started = Promise.reject(error)
  }
  return run.defer(started, event).catch((error: unknown) => logError(error, { event }, 'warn'))
}

function basketItems(basket: Basket): Array<MarketingItem> {
  return basket.lines.map((line) => ({
    id: String(line.itemId),
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    categories: [line.categorySlug],
  }))
}

/**
 * Add to basket: the cart as it is now (Iterable's updateCart). Runs as the effect of the basket's
 * change (ADR 037, cart-effects.ts), so it throws when the service did not take it (the queue
 * retries); Iterable replaces the cart, so a repeated update is the same cart.
 */
export async function sendCartUpdate(
  run: Pick<MarketingRun, 'env' | 'now' | 'service'>,
  input: { businessId: number; basketId: number }
): Promise<void> {
  const found = await findMarketingBasketById(run.env.DB, input.businessId, input.basketId)
  // A basket checked out (or gone) before its event ran: its cart is now an order's.
  if (found?.status !== 'active') return
  const user = await marketingUserOf(run.env, {
    businessId: input.businessId,
    customerId: found.customerId,
    basketId: found.id,
  })
  if (!user) return
  const basket = await readBasket(run.env.DB, input.businessId, found.id, found.storeId, run.now)
  await serviceOf(run).updateCart({
    businessId: input.businessId,
    brandId: found.brandId,
    user,
    items: basketItems(basket),
  })
}

function orderItems(order: OrderSummary): Array<MarketingItem> {
  return order.lines.map((line, index) => ({
    id: `${order.businessOrderId}-${index + 1}`,
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
  }))
}

async function orderUser(run: Pick<MarketingRun, 'env'>, businessId: number, orderId: number) {
  const parties = await findOrderParties(run.env.DB, businessId, orderId)
  if (!parties) return null
  const user = await marketingUserOf(run.env, { businessId, ...parties })
  return user ? { user, brandId: parties.brandId } : null
}

/**
 * Checkout started: the draft order was made. Runs as an effect written with the draft (ADR 037,
 * checkout/started-effects.ts), so it throws when the service did not take it; the order number
 * is the event's id, which the service keeps once.
 */
export async function sendCheckoutStarted(
  run: Pick<MarketingRun, 'env' | 'now' | 'service'>,
  input: { businessId: number; order: OrderSummary }
): Promise<void> {
  const { businessId, order } = input
  const found = await orderUser(run, businessId, order.draftOrderId)
  if (!found) return
  await serviceOf(run).track({
    businessId,
    brandId: found.brandId,
    user: found.user,
    eventName: 'checkoutStarted',
    id: `checkout-${order.businessOrderId}`,
    createdAt: run.now,
    dataFields: {
      orderNumber: order.businessOrderId,
      storeId: order.storeId,
      fulfilmentMethod: order.fulfilmentMethod,
      itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    },
    amounts: { total: order.totals.total },
  })
}

/**
 * Purchase: the order was placed and paid. Runs as an effect of the placing (ADR 037), so it
 * throws when the service did not take it (the queue retries); the order number is the
 * purchase's id, which the service keeps once.
 */
export async function sendPurchase(
  run: Pick<MarketingRun, 'env' | 'now' | 'service'>,
  input: { businessId: number; order: OrderSummary }
): Promise<void> {
  const { businessId, order } = input
  const found = await orderUser(run, businessId, order.draftOrderId)
  if (!found) return
  await serviceOf(run).trackPurchase({
    businessId,
    brandId: found.brandId,
    user: found.user,
    id: order.businessOrderId,
    items: orderItems(order),
    total: order.totals.total,
    createdAt: run.now,
    dataFields: {
      storeId: order.storeId,
      fulfilmentMethod: order.fulfilmentMethod,
      paymentMethod: order.paymentMethod,
    },
  })
}

/**
 * User update (register, profile or marketing choice changed): the member's profile, sent only
 * while they are opted in. A member who opts out is sent nothing more.
 */
export function recordMemberUpdate(
  run: MarketingRun,
  input: { businessId: number; customerId: number; brandId: number | null }
): Promise<void> {
  const { businessId, customerId } = input
  return effect(run, 'marketing user update', async () => {
    const member = await optedInMemberEmail(run.env.DB, businessId, customerId)
    if (!member) return
    await serviceOf(run).updateUser({
      businessId,
      brandId: input.brandId,
      user: { userId: memberUserId(customerId), email: member.email },
      dataFields: { firstName: member.firstName, lastName: member.lastName },
    })
  })
}

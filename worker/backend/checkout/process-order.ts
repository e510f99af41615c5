import type { Basket } from '../../../schemas/basket.ts'
import type {
  OrderSummary,
  PaymentGateway,
  PaymentMethod,
  ProcessOrderRequest,
} from '../../../schemas/checkout.ts'
import type { ApiFieldError } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { readBasket, requireBasket } from '../basket/service.ts'
import { idempotent } from '../idempotency.ts'
import { type DeliveryPlace, requireDeliveryTo } from '../stores/delivery.ts'
import { orderSummary, parseAddress } from './orders.ts'
import {
  assertBasketSlotHeld,
  assertBasketUnchanged,
  assertContentsOrderable,
  assertMethodAccepted,
  assertStoreOpen,
  assertTotalAsShown,
  findStorePayment,
} from './refusals.ts'
import { type CheckoutRow, findCheckoutRow } from './repo.ts'
import { assertNotMemberEmail, cardGatewayOf, type CheckoutCall } from './service.ts'

/** Crockford base32 without I, L, O, U: nothing to misread when read out on the phone. */
const ORDER_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * The order-number prefix of a brand (white label): its own (brands.order_number_prefix), else the
 * initials of its name, else of the business's name; 'OR' when none has a letter.
 */
export function orderNumberPrefix(
  brand: { name: string; order_number_prefix: string | null } | null,
  businessName: string
): string {
  if (brand?.order_number_prefix) return brand.order_number_prefix
  return (
    (brand?.name ?? businessName)
      .split(/\s+/)
      .map((word) => word.replace(/[^A-Za-z]/g, '').charAt(0))
      .join('')
      .toUpperCase()
      .slice(0, 3) || 'OR'
  )
}

/**
 * A short order number the shopper can read out: the brand's prefix and 8 random base32
 * characters (40 bits), so neighbouring orders cannot be guessed from one another.
 */
export function newBusinessOrderId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  const code = [...bytes].map((byte) => ORDER_ID_ALPHABET.charAt(byte % 32)).join('')
  return `${prefix}-${code}`
}

/** The gateway a method is paid through here: cash needs none, cards and wallets CARD_GATEWAY. */
export function gatewayFor(method: PaymentMethod, cardGateway: string | undefined): PaymentGateway {
  return method === 'paymentCash' ? 'cash' : cardGatewayOf(cardGateway)
}

function detailsFailed(fields: Array<ApiFieldError>): AppError {
  return new AppError('validation_error', MESSAGES.checkoutDetailsFailed, { fields })
}

/** The delivery address's postcode and point, or null until one is set with its point. */
function deliveryPlaceOf(row: CheckoutRow): (DeliveryPlace & { postcode: string }) | null {
  const address = parseAddress(row.delivery_address_json)
  if (!address || row.delivery_latitude === null || row.delivery_longitude === null) return null
  return {
    latitude: row.delivery_latitude,
    longitude: row.delivery_longitude,
    postcode: address.postcode,
  }
}

/** Every refusal of process-order, before anything is written. */
async function assertOrderable(
  call: CheckoutCall,
  body: ProcessOrderRequest,
  basket: Basket,
  row: CheckoutRow
): Promise<void> {
  const store = basket.store
  assertBasketUnchanged(
    store !== null &&
      store.id === body.storeId &&
      basket.fulfilmentMethod === body.fulfilmentMethod &&
      basket.fulfilmentTiming === body.fulfilmentDetails.timing
  )
  const payment = await findStorePayment(call.db, body.businessId, body.storeId, call.now)
  assertStoreOpen(payment.availability)
  assertMethodAccepted(payment.paymentOptions, body.paymentMethod)
  assertContentsOrderable(basket)
  assertTotalAsShown(basket, body.expectedTotal)
  assertBasketSlotHeld(basket, call.now)
  const slot = basket.slot
  if (slot?.type === 'future') {
    assertBasketUnchanged(
      slot.timeSlotDate === body.fulfilmentDetails.timeSlotDate &&
        slot.timeSlotTime === (body.fulfilmentDetails.timeSlotTime ?? null),
      'slot_changed'
    )
  }
  const missing: Array<ApiFieldError> = []
  if (row.terms_accepted_at === null) {
    missing.push({ field: 'termsAccepted', message: MESSAGES.termsRequired })
  }
  const delivery = body.fulfilmentMethod === 'delivery'
  const place = deliveryPlaceOf(row)
  // An address set before its point was kept (migration 0021) is asked for again.
  if (delivery && place === null) {
    missing.push({ field: 'deliveryAddress', message: MESSAGES.checkoutDetailsFailed })
  }
  if (missing.length > 0) throw detailsFailed(missing)
  // Issue 13 §3: checked again here, the store's area or zones may have changed since details.
  if (delivery && place) {
    requireDeliveryTo(payment.store.details, payment.store.schedule.zones, place)
  }
  await assertNotMemberEmail(call, body.businessId, body.emailAddress)
}

interface Business {
  name: string
  currency: string
}

/** The statements that write the draft (and supersede the basket's older unpaid drafts). */
function draftStatements(
  call: CheckoutCall,
  input: {
    body: ProcessOrderRequest
    basket: Basket
    row: CheckoutRow
    businessOrderId: string
    currency: string
    customerId: number | null
    /** The basket's brand: the order is that brand's (ADR 012). */
    brandId: number | null
  }
): Array<D1PreparedStatement> {
  const { db, now } = call
  const { body, basket, row, businessOrderId } = input
  const at = now.toISOString()
  const slot = basket.slot
  const totals = basket.totals
  const delivery = body.fulfilmentMethod === 'delivery'
  const deliveryAddress = delivery ? row.delivery_address_json : null
  const billingAddress =
    row.billing_same_as_delivery === 1 ? deliveryAddress : row.billing_address_json
  const orderId = `(select id from orders where business_id = ?1 and business_order_id = ?2)`
  const lineId = (position: number) =>
    `(select id from order_lines where order_id = ${orderId} and position = ${position})`

  const statements: Array<D1PreparedStatement> = [
    // Only the newest draft of a basket can be paid: older unpaid drafts are superseded.
    db
      .prepare(
        `update orders set status = 'cancelled', updated_at = ?2
         where basket_id = ?1 and status in ('draft', 'payment_failed')`
      )
      .bind(row.id, at),
    db
      .prepare(
        `insert into orders (business_id, business_order_id, store_id, customer_id, basket_id,
           basket_version, idempotency_key, status, fulfilment_method, fulfilment_timing,
           slot_date, slot_starts_at, slot_ends_at, slot_start_utc, channel, platform,
           payment_method, payment_gateway, first_name, last_name, email, phone,
           delivery_address_json, billing_address_json, delivery_latitude, delivery_longitude,
           instructions, messaging_device_id, referral_customer_id, referral_partner_id,
           coupon_id, coupon_code, coupon_discount, age_verified, subtotal, discount_total,
           delivery_cost, service_fee, delivery_tip, original_total, total, currency,
           created_at, updated_at, brand_id)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'draft', ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
           ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27,
           (select id from customers where id = ?28 and business_id = ?1), ?29, ?30, ?31, ?32,
           ?33, ?34, ?35, ?36, ?37, ?38, ?39, ?39, ?40, ?41, ?41, ?42)`
      )
      .bind(
        body.businessId,
        businessOrderId,
        body.storeId,
        input.customerId,
        row.id,
        basket.version,
        body.idempotencyKey,
        body.fulfilmentMethod,
        basket.fulfilmentTiming,
        slot?.timeSlotDate ?? null,
        slot?.timeSlotTime ?? null,
        slot?.endTime ?? null,
        slot?.startDate ?? null,
        body.channel,
        body.platform,
        body.paymentMethod,
        body.paymentGateway,
        body.names.firstName,
        body.names.lastName,
        body.emailAddress,
        body.phoneNumber,
        deliveryAddress,
        billingAddress,
        delivery ? row.delivery_latitude : null,
        delivery ? row.delivery_longitude : null,
        body.instructions ?? row.instructions,
        body.messagingDeviceId,
        body.referralCustomerId ?? null,
        body.referralPartnerId,
        basket.coupon ? row.coupon_id : null,
        basket.coupon ? row.coupon_code : null,
        totals.couponDiscount,
        row.age_confirmed_at === null ? 0 : 1,
        totals.subtotal,
        totals.dealDiscount + totals.couponDiscount,
        totals.deliveryFee,
        totals.serviceFee,
        totals.tip,
        totals.total,
        input.currency,
        at,
        input.brandId
      ),
    db
      .prepare(
        `insert into order_status_history (order_id, status, created_at)
         values (${orderId}, 'draft', ?3)`
      )
      .bind(body.businessId, businessOrderId, at),
  ]

  let position = 0
  for (const line of basket.lines) {
    position += 1
    statements.push(
      db
        .prepare(
          `insert into order_lines (order_id, menu_item_id, kind, name, quantity, unit_price,
             total_price, age_restriction, position)
           values (${orderId}, ?3, 'item', ?4, ?5, ?6, ?7, ?8, ?9)`
        )
        .bind(
          body.businessId,
          businessOrderId,
          line.itemId,
          line.name,
          line.quantity,
          line.unitPrice,
          line.lineTotal,
          line.ageRestriction,
          position
        ),
      ...line.choices.map((choice) =>
        db
          .prepare(
            `insert into order_line_selections (order_line_id, option_value_id, option_name,
               value_name, quantity, extra_cost)
             values (${lineId(position)}, ?3, ?4, ?5, ?6, ?7)`
          )
          .bind(
            body.businessId,
            businessOrderId,
            choice.valueId,
            choice.optionName,
            choice.valueName,
            choice.quantity,
            choice.extraCost
          )
      )
    )
  }
  for (const meal of basket.mealDeals) {
    position += 1
    const parent = position
    statements.push(
      db
        .prepare(
          `insert into order_lines (order_id, deal_id, kind, name, quantity, unit_price,
             total_price, position)
           values (${orderId}, ?3, 'meal_deal', ?4, ?5, ?6, ?7, ?8)`
        )
        .bind(
          body.businessId,
          businessOrderId,
          meal.dealId,
          meal.name,
          meal.quantity,
          meal.unitPrice,
          meal.lineTotal,
          parent
        )
    )
    for (const choice of meal.choices) {
      position += 1
      // The meal deal's own line carries the money (premiums included); a choice line keeps its
      // premium as unit_price for display and adds nothing to the total.
      statements.push(
        db
          .prepare(
            `insert into order_lines (order_id, menu_item_id, parent_line_id, kind, name,
               quantity, unit_price, total_price, position)
             values (${orderId}, ?3, ${lineId(parent)}, 'meal_deal_choice', ?4, ?5, ?6, 0, ?7)`
          )
          .bind(
            body.businessId,
            businessOrderId,
            choice.itemId,
            choice.name,
            meal.quantity,
            choice.extraCost,
            position
          )
      )
    }
  }
  return statements
}

function isUniqueOrderIdClash(error: unknown): boolean {
  return error instanceof Error && /UNIQUE.*orders\.business_order_id/i.test(error.message)
}

/** Makes the draft order of the basket, or refuses with nothing written. */
async function makeDraft(call: CheckoutCall, body: ProcessOrderRequest): Promise<OrderSummary> {
  const { db, now } = call
  const existing = await db
    .prepare('select id from orders where business_id = ?1 and idempotency_key = ?2')
    .bind(body.businessId, body.idempotencyKey)
    .first<{ id: number }>()
  // The key outlived its idempotency_keys row (24 h): the order it made is still the answer.
  if (existing) return orderSummary(db, body.businessId, existing.id)

  const ref = await requireBasket(db, body.businessId, body.basketToken)
  const [basket, row, business, brand] = await Promise.all([
    readBasket(db, body.businessId, ref.id, ref.storeId, now),
    findCheckoutRow(db, ref.id),
    db
      .prepare('select name, currency from businesses where id = ?1')
      .bind(body.businessId)
      .first<Business>(),
    // The basket's brand (the basket guard made sure it is the calling brand when one is named).
    db
      .prepare(
        `select id, name, order_number_prefix from brands
         where id = coalesce((select brand_id from baskets where id = ?1), ?2) and business_id = ?3`
      )
      .bind(ref.id, body.brandId ?? null, body.businessId)
      .first<{ id: number; name: string; order_number_prefix: string | null }>(),
  ])
  const prefix = orderNumberPrefix(brand, business?.name ?? '')
  await assertOrderable(call, body, basket, row)
  // A guest's order belongs to the basket holder only, even on a basket a member once claimed.
  const customerId = call.caller.kind === 'member' ? call.caller.customerId : null
  for (let attempt = 1; ; attempt++) {
    const businessOrderId = newBusinessOrderId(prefix)
    try {
      await db.batch(
        draftStatements(call, {
          body,
          basket,
          row,
          businessOrderId,
          currency: business?.currency ?? 'GBP',
          customerId,
          brandId: brand?.id ?? null,
        })
      )
      const created = await db
        .prepare('select id from orders where business_id = ?1 and business_order_id = ?2')
        .bind(body.businessId, businessOrderId)
        .first<{ id: number }>()
      if (!created) throw new Error('draft order vanished after insert')
      return orderSummary(db, body.businessId, created.id)
    } catch (error) {
      if (!isUniqueOrderIdClash(error) || attempt >= 3) throw error
    }
  }
}

/**
 * Spec §7 Process order: the draft order of the basket, priced from the server's basket (never
 * from the request), idempotent on idempotencyKey.
 */
export async function processOrder(
  call: CheckoutCall,
  body: ProcessOrderRequest
): Promise<OrderSummary> {
  const expected = gatewayFor(body.paymentMethod, call.config.cardGateway)
  if (body.paymentGateway !== expected) {
    throw new AppError('validation_error', MESSAGES.validationError, {
      fields: [{ field: 'paymentGateway', message: MESSAGES.validationError }],
    })
  }
  const { idempotencyKey, ...request } = body
  const answer = await idempotent(
    call.db,
    {
      businessId: body.businessId,
      scope: 'checkout.process-order',
      key: idempotencyKey,
      request,
      now: call.now,
    },
    () => makeDraft(call, body)
  )
  return answer.body
}

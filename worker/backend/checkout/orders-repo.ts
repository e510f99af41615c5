import type { SoldBy } from '../../../schemas/weighing.ts'
import type { Basket } from '../../../schemas/basket.ts'
import type {
  OrderStatus,
  OrderSummary,
  PaymentGateway,
  PaymentMethod,
  ProcessOrderRequest,
} from '../../../schemas/checkout.ts'
import type { CardBrand } from '../../../schemas/payments.ts'
import { basketStateStatement } from '../basket-ref-repo.ts'
import { confirmHoldStatements } from '../slots/reservations-repo.ts'
import type { AddressColumns } from '../stores/repo.ts'
import { ofCallingBrand } from '../order-brand.ts'
import {
  returnSupersededCreditStatement,
  spendOrderCreditStatement,
} from '../credit/order-credit-repo.ts'
import type { CheckoutRow } from './repo.ts'
import type { PricingTerms } from '../basket/totals.ts'
import type { OrderTax } from './order-tax.ts'
import type { VatRates } from '../../../schemas/vat.ts'
import { claimCouponStatements } from './coupon-claim-repo.ts'
import { PICK_LINES_ORDER, PICK_LINES_SELECT, type PickLineRow } from '../orders/repo.ts'
import { BUSINESS_LOCALE_SELECT, type BusinessLocaleRow } from '../businesses-repo.ts'

/** An orders row with its store's name, as the readers here select it. */
export interface OrderRow {
  id: number
  business_id: number
  business_order_id: string
  store_id: number
  store_name: string
  store_slug: string
  customer_id: number | null
  basket_id: number | null
  basket_version: number | null
  status: OrderStatus
  status_code: number | null
  fulfilment_method: OrderSummary['fulfilmentMethod']
  fulfilment_timing: OrderSummary['fulfilmentTiming']
  slot_date: string | null
  slot_starts_at: string | null
  slot_ends_at: string | null
  payment_method: PaymentMethod | null
  payment_gateway: PaymentGateway | null
  first_name: string
  last_name: string
  email: string
  phone: string | null
  delivery_address_json: string | null
  billing_address_json: string | null
  coupon_id: number | null
  coupon_code: string | null
  coupon_discount: number
  /** The terms the order was priced with (ADR 017); null for an order placed before them. */
  pricing_terms_json: string | null
  subtotal: number
  discount_total: number
  delivery_cost: number
  service_fee: number
  delivery_tip: number
  credit_applied: number
  total: number
  currency: string
  /** Tax added at checkout (migration 0108, ADR 055): 0 and null where prices include VAT. */
  tax_total: number
  tax_json: string | null
  placed_at: string | null
  driver_latitude: number | null
  driver_longitude: number | null
  driver_updated_at: string | null
}

const ORDER_SELECT = `select o.*, s.name as store_name, s.slug as store_slug
  from orders o join stores s on s.id = o.store_id`

/** The store's address and the payment kept for the order (the confirmation shows both). */
export interface OrderDisplayRow extends AddressColumns {
  method: PaymentMethod | null
  card_brand: CardBrand | null
  card_last4: string | null
}

// The newest payment not cancelled, declined or voided: the one that paid, or the pending cash
// payment collected on delivery. A saved card's brand and last four where the gateway said none.
const orderDisplaySelect = (orderId: string) => `select s.address_line1, s.address_line2, s.town,
    s.county, s.postcode, s.country_code, p.method, coalesce(p.card_brand, c.brand) as card_brand,
    coalesce(p.card_last4, c.last4) as card_last4
  from orders o join stores s on s.id = o.store_id
  left join payments p on p.id = (
    select id from payments where order_id = o.id and void_reason is null
      and (status in ('authorised', 'captured') or (status = 'pending' and gateway = 'cash'))
    order by id desc limit 1)
  left join saved_cards c on c.id = p.saved_card_id
  where o.id = ${orderId} and o.business_id = ?2`

/**
 * The order of the business with this id, or null; with brandId (the calling brand), null for
 * another brand's order too: it is as if absent there.
 */
export async function findOrderRow(
  db: D1Database,
  businessId: number,
  orderId: number,
  brandId?: number
): Promise<OrderRow | null> {
  return db
    .prepare(`${ORDER_SELECT} where o.id = ?1 and o.business_id = ?2 and ${ofCallingBrand('?3')}`)
    .bind(orderId, businessId, brandId ?? null)
    .first<OrderRow>()
}

/** An order's state for a payment: its status, the newest unpaid order of its basket, the basket's. */
export async function findPaymentState(
  db: D1Database,
  orderId: number,
  basketId: number
): Promise<{
  order: { status: OrderStatus; basket_version: number | null } | null
  newestUnpaidId: number | null
  basket: { version: number; status: string } | null
}> {
  const [current, newest, basket] = await db.batch([
    db.prepare('select status, basket_version from orders where id = ?1').bind(orderId),
    db
      .prepare(
        `select max(id) as id from orders
         where basket_id = ?1 and status in ('draft', 'payment_pending', 'payment_failed')`
      )
      .bind(basketId),
    basketStateStatement(db, basketId),
  ])
  return {
    order:
      (current?.results[0] as { status: OrderStatus; basket_version: number | null } | undefined) ??
      null,
    newestUnpaidId: (newest?.results[0] as { id: number | null } | undefined)?.id ?? null,
    basket: (basket?.results[0] as { version: number; status: string } | undefined) ?? null,
  }
}

/** Statement: order status → 'payment_pending' or 'payment_failed' (only from draft/payment_pending/payment_failed). */
export function orderPaymentStateStatement(
  db: D1Database,
  orderId: number,
  status: 'payment_pending' | 'payment_failed'
): D1PreparedStatement {
  return db
    .prepare(
      `update orders set status = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where id = ?1 and status in ('draft', 'payment_pending', 'payment_failed')`
    )
    .bind(orderId, status)
}

/**
 * The statements confirming a paid order in one batch (see confirmOrder); the first one's
 * meta.changes says whether this call placed it.
 */
export function confirmOrderStatements(
  db: D1Database,
  row: Pick<
    OrderRow,
    'id' | 'basket_id' | 'coupon_id' | 'customer_id' | 'email' | 'coupon_discount'
  >,
  now: Date
): Array<D1PreparedStatement> {
  const orderId = row.id
  const at = now.toISOString()
  const basketId = row.basket_id ?? 0
  const statements: Array<D1PreparedStatement> = [
    db
      .prepare(
        `update orders set status = 'sent_to_store', status_code = 20, placed_at = ?2,
           updated_at = ?2
         where id = ?1 and status in ('draft', 'payment_pending', 'payment_failed')`
      )
      .bind(orderId, at),
    db
      .prepare(
        `insert into order_status_history (order_id, status, status_code, created_at)
         select ?1, 'sent_to_store', 20, ?2
         where not exists (select 1 from order_status_history
                           where order_id = ?1 and status = 'sent_to_store')`
      )
      .bind(orderId, at),
    ...confirmHoldStatements(db, basketId, orderId, now),
    // A hold that lapsed but was not swept still counts in reserved_count: keep it.
    db
      .prepare(
        `update slot_reservations set status = 'confirmed', confirmed_at = ?3, order_id = ?2
         where id = (select max(id) from slot_reservations where basket_id = ?1)
           and (status = 'held' or (status = 'expired' and time_slot_id is null))
           and not exists (select 1 from slot_reservations where order_id = ?2
                           and status = 'confirmed')`
      )
      .bind(basketId, orderId, at),
    // A swept hold gave its place back: take it again if the slot still has room ...
    db
      .prepare(
        `update time_slots set reserved_count = reserved_count + 1
         where reserved_count < capacity
           and id = (select time_slot_id from slot_reservations
                     where id = (select max(id) from slot_reservations where basket_id = ?1)
                       and status = 'expired')
           and not exists (select 1 from slot_reservations where order_id = ?2
                           and status = 'confirmed')`
      )
      .bind(basketId, orderId),
    // ... and only then (changes() of the statement above) mark it confirmed.
    db
      .prepare(
        `update slot_reservations set status = 'confirmed', confirmed_at = ?3, order_id = ?2,
           released_at = null
         where changes() = 1
           and id = (select max(id) from slot_reservations where basket_id = ?1)
           and status = 'expired'`
      )
      .bind(basketId, orderId, at),
    db
      .prepare(
        `insert into order_status_history (order_id, status, status_code, note, created_at)
         select ?1, 'sent_to_store', 20, 'slot_not_held', ?2
         where not exists (select 1 from slot_reservations where order_id = ?1
                           and status = 'confirmed')
           and not exists (select 1 from order_status_history where order_id = ?1
                           and note = 'slot_not_held')`
      )
      .bind(orderId, at),
    db
      .prepare(
        `update baskets set status = 'checked_out', updated_at = ?2
         where id = ?1 and status = 'active'`
      )
      .bind(basketId, at),
  ]
  if (row.coupon_id !== null) {
    // The coupon's use, within its limits; without one the batch rolls back (coupon-claim-repo).
    statements.push(
      ...claimCouponStatements(
        db,
        {
          couponId: row.coupon_id,
          orderId,
          customerId: row.customer_id,
          email: row.email,
          amount: row.coupon_discount,
        },
        at
      )
    )
  }
  return statements
}

export interface OrderLineRow {
  id: number
  parent_line_id: number | null
  kind: 'item' | 'meal_deal' | 'meal_deal_choice'
  name: string
  quantity: number
  unit_price: number
  total_price: number
  sold_by: SoldBy
  price_per_kg: number | null
  unit_grams: number | null
}

export interface OrderSelectionRow {
  order_line_id: number
  option_name: string
  value_name: string
  quantity: number
}

/** How many statements orderSummaryStatements makes. */
const SUMMARY_STATEMENTS = 6

/**
 * Which order a summary is read of: by its id, or by its number, in the batch that makes it
 * (process order's draft, whose id the batch gives, ADR 069).
 */
export type OrderKey = { orderId: number } | { businessOrderId: string }

/**
 * What an order summary is read from, as statements of one batch: the order, its lines and their
 * choices, the store and payment it shows, its lines with their marks (its named discounts) and
 * its business's locale. Last in the batch that writes the order, they read what it wrote.
 */
export function orderSummaryStatements(
  db: D1Database,
  businessId: number,
  key: OrderKey
): Array<D1PreparedStatement> {
  const byId = 'orderId' in key
  const id = byId
    ? '?1'
    : '(select id from orders where business_id = ?2 and business_order_id = ?1)'
  const ofBusiness = `exists (select 1 from orders where id = ${id} and business_id = ?2)`
  return [
    `${ORDER_SELECT} where o.id = ${id} and o.business_id = ?2`,
    `select l.id, l.parent_line_id, l.kind, l.name, l.quantity, l.unit_price, l.total_price,
       l.sold_by, l.price_per_kg, l.unit_grams
     from order_lines l join orders o on o.id = l.order_id
     where l.order_id = ${id} and o.business_id = ?2 order by l.position, l.id`,
    `select x.order_line_id, x.option_name, x.value_name, x.quantity
     from order_line_selections x join order_lines l on l.id = x.order_line_id
     where l.order_id = ${id} and ${ofBusiness} order by x.id`,
    orderDisplaySelect(id),
    `${PICK_LINES_SELECT} where l.order_id = ${id} and l.parent_line_id is null and ${ofBusiness}
     ${PICK_LINES_ORDER}`,
    `${BUSINESS_LOCALE_SELECT} where id = ?2`,
  ].map((sql) => db.prepare(sql).bind(byId ? key.orderId : key.businessOrderId, businessId))
}

/** What orderSummaryStatements read. */
export interface OrderSummaryRows {
  row: OrderRow | undefined
  lines: Array<OrderLineRow>
  selections: Array<OrderSelectionRow>
  shown: OrderDisplayRow | undefined
  pickLines: Array<PickLineRow>
  locale: BusinessLocaleRow | undefined
}

/** The rows of orderSummaryStatements' results (the batch's last ones). */
export function orderSummaryRowsOf(results: ReadonlyArray<D1Result>): OrderSummaryRows {
  const [orders, lines, selections, display, pickLines, locale] = results.slice(-SUMMARY_STATEMENTS)
  return {
    row: orders?.results[0] as OrderRow | undefined,
    lines: (lines?.results ?? []) as Array<OrderLineRow>,
    selections: (selections?.results ?? []) as Array<OrderSelectionRow>,
    shown: display?.results[0] as OrderDisplayRow | undefined,
    pickLines: (pickLines?.results ?? []) as Array<PickLineRow>,
    locale: locale?.results[0] as BusinessLocaleRow | undefined,
  }
}

export interface OrderingBusiness {
  name: string
  currency: string
  countryCode: string
}

/** The statements that write the draft (and supersede the basket's older unpaid drafts). */
export function draftOrderStatements(
  db: D1Database,
  now: Date,
  input: {
    body: ProcessOrderRequest
    basket: Basket
    /** The terms the basket was priced with: picking re-prices with them (ADR 017). */
    pricing: PricingTerms
    row: CheckoutRow
    businessOrderId: string
    currency: string
    customerId: number | null
    /** The basket's brand: the order is that brand's (ADR 012). */
    brandId: number | null
    /** The business's country's VAT rates (ADR 051); null where tax is added at checkout. */
    vatRates: VatRates | null
    /** The tax added at checkout (ADR 055); null where prices include VAT. */
    tax: OrderTax | null
  }
): Array<D1PreparedStatement> {
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
  // Each line keeps the class its item has as the order is placed, and that class's rate.
  const vatRates = input.vatRates === null ? null : JSON.stringify(input.vatRates)
  const itemClass = `(select vat_class from menu_items where id = ?3 and business_id = ?1)`

  const statements: Array<D1PreparedStatement> = [
    // Only the newest draft of a basket can be paid: older unpaid drafts are superseded, and
    // give back the store credit they held before they end (ADR 020).
    returnSupersededCreditStatement(db, row.id, now),
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
           created_at, updated_at, brand_id, credit_applied, pricing_terms_json, vat_rates)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'draft', ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
           ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27,
           (select id from customers where id = ?28 and business_id = ?1), ?29, ?30, ?31, ?32,
           ?33, ?34, ?35, ?36, ?37, ?38, ?39, ?39, ?40, ?41, ?41, ?42, ?43, ?44, ?45)`
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
        input.brandId,
        // A guest's order spends none (the basket's totals had no credit for a guest caller).
        input.customerId === null ? 0 : totals.creditApplied,
        JSON.stringify(input.pricing),
        vatRates
      ),
    // The credit it spends, in the same batch: the ledger's trigger aborts it all when the
    // balance no longer covers it.
    spendOrderCreditStatement(db, body.businessId, businessOrderId, now),
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
             total_price, age_restriction, position, allow_substitutes, substitute_item_id,
             sold_by, price_per_kg, unit_grams, vat_class, vat_rate)
           values (${orderId}, ?3, 'item', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,
             case when ?15 is not null then ${itemClass} end,
             json_extract(?15, '$.' || ${itemClass}))`
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
          position,
          line.allowSubstitutes ? 1 : 0,
          line.replacement?.itemId ?? null,
          line.weighing?.soldBy ?? 'each',
          line.weighing?.pricePerKg ?? null,
          line.weighing?.unitGrams ?? null,
          vatRates
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
             total_price, position, allow_substitutes, vat_class, vat_rate)
           values (${orderId}, ?3, 'meal_deal', ?4, ?5, ?6, ?7, ?8, ?9,
             case when ?10 is not null then 'standard' end, json_extract(?10, '$.standard'))`
        )
        .bind(
          body.businessId,
          businessOrderId,
          meal.dealId,
          meal.name,
          meal.quantity,
          meal.unitPrice,
          meal.lineTotal,
          parent,
          meal.allowSubstitutes ? 1 : 0,
          // A meal deal is one price for several items: ADR 051 taxes it at the standard rate.
          vatRates
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
               quantity, unit_price, total_price, position, allow_substitutes)
             values (${orderId}, ?3, ${lineId(parent)}, 'meal_deal_choice', ?4, ?5, ?6, 0, ?7, ?8)`
          )
          .bind(
            body.businessId,
            businessOrderId,
            choice.itemId,
            choice.name,
            meal.quantity,
            choice.extraCost,
            position,
            meal.allowSubstitutes ? 1 : 0
          )
      )
    }
  }
  if (input.tax !== null) statements.push(...draftTaxStatements(db, input, input.tax))
  return statements
}

/**
 * The tax added at checkout, written onto the draft just inserted (ADR 055): the whole joins
 * the total to pay, once (`tax_total = 0`), and each line keeps its share for its refunds. The
 * positions are the ones draftOrderStatements gave: item lines first, then each meal deal
 * followed by its choices.
 */
function draftTaxStatements(
  db: D1Database,
  input: { body: ProcessOrderRequest; basket: Basket; businessOrderId: string },
  tax: OrderTax
): Array<D1PreparedStatement> {
  const { body, basket, businessOrderId } = input
  const orderId = `(select id from orders where business_id = ?1 and business_order_id = ?2)`
  const shares: Array<{ position: number; tax: number }> = basket.lines.map((_, index) => ({
    position: index + 1,
    tax: tax.lines[index] ?? 0,
  }))
  let position = basket.lines.length
  basket.mealDeals.forEach((meal, index) => {
    position += 1
    shares.push({ position, tax: tax.meals[index] ?? 0 })
    position += meal.choices.length
  })
  return [
    db
      .prepare(
        `update orders set tax_total = ?3, tax_json = ?4, tax_reference = ?5,
           total = total + ?3, original_total = original_total + ?3
         where business_id = ?1 and business_order_id = ?2 and tax_total = 0 and ?3 >= 0`
      )
      .bind(
        body.businessId,
        businessOrderId,
        tax.total,
        JSON.stringify(tax.jurisdictions),
        tax.reference
      ),
    ...shares.map((share) =>
      db
        .prepare(
          `update order_lines set tax_amount = ?4
           where order_id = ${orderId} and position = ?3 and tax_amount is null`
        )
        .bind(body.businessId, businessOrderId, share.position, share.tax)
    ),
  ]
}

/** The order a process-order call with this idempotency key made, or null. */
export async function findOrderIdByIdempotencyKey(
  db: D1Database,
  businessId: number,
  idempotencyKey: string
): Promise<number | null> {
  const row = await db
    .prepare('select id from orders where business_id = ?1 and idempotency_key = ?2')
    .bind(businessId, idempotencyKey)
    .first<{ id: number }>()
  return row?.id ?? null
}

export async function findOrderIdByBusinessOrderId(
  db: D1Database,
  businessId: number,
  businessOrderId: string
): Promise<number | null> {
  const row = await db
    .prepare('select id from orders where business_id = ?1 and business_order_id = ?2')
    .bind(businessId, businessOrderId)
    .first<{ id: number }>()
  return row?.id ?? null
}

export function findOrderingBusiness(
  db: D1Database,
  businessId: number
): Promise<OrderingBusiness | null> {
  return db
    .prepare('select name, currency, country_code as countryCode from businesses where id = ?1')
    .bind(businessId)
    .first<OrderingBusiness>()
}

/** The basket's brand, or the calling brand when the basket has none (of this business). */
export function findOrderingBrand(
  db: D1Database,
  businessId: number,
  basketId: number,
  callingBrandId: number | null
): Promise<{ id: number; name: string; order_number_prefix: string | null } | null> {
  return db
    .prepare(
      `select id, name, order_number_prefix from brands
       where id = coalesce((select brand_id from baskets where id = ?1), ?2) and business_id = ?3`
    )
    .bind(basketId, callingBrandId, businessId)
    .first<{ id: number; name: string; order_number_prefix: string | null }>()
}

interface OrderDriverRow {
  business_order_id: string
  customer_id: number | null
  basket_id: number | null
  status_code: number | null
  driver_latitude: number | null
  driver_longitude: number | null
  driver_updated_at: string | null
}

/** An order's owner, status and driver position by its public number (the calling brand's only). */
export function findOrderDriver(
  db: D1Database,
  businessId: number,
  businessOrderId: string,
  brandId: number | undefined
): Promise<OrderDriverRow | null> {
  return db
    .prepare(
      `select business_order_id, customer_id, basket_id, status_code, driver_latitude,
         driver_longitude, driver_updated_at
       from orders o where business_id = ?1 and business_order_id = ?2
         and ${ofCallingBrand('?3')}`
    )
    .bind(businessId, businessOrderId, brandId ?? null)
    .first<OrderDriverRow>()
}

/** An order's public number and status code, for a payment's answer. */
export interface OrderReference {
  business_order_id: string
  status_code: number | null
}

/** The order's public number and status code, for a payment's answer. */
export function findOrderReference(
  db: D1Database,
  orderId: number
): Promise<OrderReference | null> {
  return orderReferenceStatement(db, orderId).first<OrderReference>()
}

/** findOrderReference's statement, to read last in the batch that pays the order (ADR 069). */
export function orderReferenceStatement(db: D1Database, orderId: number): D1PreparedStatement {
  return db.prepare(`select business_order_id, status_code from orders where id = ?1`).bind(orderId)
}

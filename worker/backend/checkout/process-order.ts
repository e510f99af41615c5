import { assertBusinessMobile } from '../business-phone.ts'
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
import { readPricedBasket, requireBasket } from '../basket/read.ts'
import { type BatchKey, batchKey, idempotencyInProgress } from '../idempotency-repo.ts'
import { isCreditBelowZero } from '../credit/ledger-repo.ts'
import { type DeliveryPlace, requireDeliveryTo } from '../stores/delivery.ts'
import { parseAddress } from '../orders/view.ts'
import { orderSummary, orderSummaryOf } from './orders.ts'
import {
  assertBasketSlotHeld,
  assertBasketUnchanged,
  assertContentsOrderable,
  assertMethodAccepted,
  assertStoreOpen,
  assertTotalAsShown,
  findStorePayment,
  type StorePayment,
} from './refusals.ts'
import {
  draftOrderStatements,
  findOrderIdByIdempotencyKey,
  findOrderingBrand,
  findOrderingBusiness,
  orderSummaryStatements,
} from './orders-repo.ts'
import { type CheckoutRow, findCheckoutRow } from './repo.ts'
import { checkoutStartedEffectStatement } from './started-effect-row.ts'
import { randomReadableCode } from '../../lib/readable-code.ts'
import { checkoutReferrer } from '../referrals/service.ts'
import { vatRatesOf } from '../../../schemas/vat.ts'
import type { TaxQuote } from '../../../schemas/added-tax.ts'
import { type OrderTax, orderTaxOf, placeOfAddress } from './order-tax.ts'
import { businessTax, storePlace } from './order-tax-repo.ts'
import {
  assertNotMemberEmail,
  cardGatewayOf,
  type CheckoutCall,
  creditHolderOf,
} from './service.ts'

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
  return `${prefix}-${randomReadableCode(8)}`
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

/** What makeDraft reads, started together; each awaited where its refusal comes in turn. */
interface DraftReads {
  basket: Promise<
    [
      Awaited<ReturnType<typeof readPricedBasket>>,
      CheckoutRow,
      Awaited<ReturnType<typeof findOrderingBusiness>>,
      Awaited<ReturnType<typeof findOrderingBrand>>,
    ]
  >
  payment: Promise<StorePayment>
  memberEmail: Promise<void>
  /** Never the id the checkout sent: the member's own pending referrer, or none (ADR 021). */
  referrer: ReturnType<typeof checkoutReferrer>
}

/** A guest's order belongs to the basket holder only, even on a basket a member once claimed. */
function customerOf(call: CheckoutCall): number | null {
  return call.caller.kind === 'member' ? call.caller.customerId : null
}

function draftReads(call: CheckoutCall, body: ProcessOrderRequest): DraftReads {
  const { db, now } = call
  return {
    basket: requireBasket(call, body.businessId, body.basketToken).then((ref) =>
      Promise.all([
        readPricedBasket(
          db,
          body.businessId,
          ref.id,
          ref.storeId,
          now,
          creditHolderOf(call.caller)
        ),
        findCheckoutRow(db, ref.id),
        findOrderingBusiness(db, body.businessId),
        // The basket's brand (the basket guard made sure it is the calling brand when one is named).
        findOrderingBrand(db, body.businessId, ref.id, body.brandId ?? null),
      ])
    ),
    // The store the order names: assertOrderable refuses one that is not the basket's first.
    payment: findStorePayment(db, body.businessId, body.storeId, now),
    memberEmail: assertNotMemberEmail(call, body.businessId, body.emailAddress),
    referrer: checkoutReferrer(db, body.businessId, customerOf(call), body.referralCustomerId, now),
  }
}

/** Every refusal of process-order, before anything is written. */
async function assertOrderable(
  call: CheckoutCall,
  body: ProcessOrderRequest,
  basket: Basket,
  row: CheckoutRow,
  reads: Pick<DraftReads, 'payment' | 'memberEmail'>
): Promise<void> {
  const store = basket.store
  assertBasketUnchanged(
    store !== null &&
      store.id === body.storeId &&
      basket.fulfilmentMethod === body.fulfilmentMethod &&
      basket.fulfilmentTiming === body.fulfilmentDetails.timing
  )
  const payment = await reads.payment
  assertStoreOpen(payment.availability, basket.slot?.type === 'asap')
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
  // requireDeliveryTo again: the store's area or zones may have changed since details.
  if (delivery && place) {
    requireDeliveryTo(payment.store.details, payment.store.schedule.zones, place)
  }
  await reads.memberEmail
}

function isUniqueOrderIdClash(error: unknown): boolean {
  return error instanceof Error && /UNIQUE.*orders\.business_order_id/i.test(error.message)
}

/**
 * The tax the order adds at checkout (ADR 055), or null where the business's prices include
 * VAT. Delivered goods are taxed at the delivery address, collected ones at the store's. The
 * calculator's refusal (a place it cannot tax, a service down) refuses the order: nothing is
 * written, and no order is placed with a tax nobody worked out.
 */
async function addedTax(
  call: CheckoutCall,
  order: { businessId: number; fulfilmentMethod: string; storeId: number },
  basket: Basket,
  row: CheckoutRow,
  currency: string
): Promise<OrderTax | null> {
  const settings = await businessTax(call.db, order.businessId)
  if (settings.taxMode !== 'added_at_checkout') return null
  const delivery = order.fulfilmentMethod === 'delivery'
  const address = delivery ? parseAddress(row.delivery_address_json) : null
  const place = delivery
    ? address && placeOfAddress(address)
    : await storePlace(call.db, order.businessId, order.storeId)
  if (!place) throw new AppError('validation_error', MESSAGES.taxPlaceUnknown)
  return orderTaxOf(call.db, {
    businessId: order.businessId,
    basket,
    place,
    currency,
    calculator: call.taxCalculator(settings.taxProvider),
  })
}

/**
 * The tax the basket would add if ordered now (ADR 055), for the payment page to show before
 * the shopper pays: the same calculation process-order makes, nothing written. Null where the
 * business's prices include VAT, or before the basket has a store.
 */
export async function quoteTax(
  call: CheckoutCall,
  body: { businessId: number; basketToken: string }
): Promise<TaxQuote> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  if (ref.storeId === null) return { addedTax: null }
  const [{ basket }, row, business] = await Promise.all([
    readPricedBasket(
      call.db,
      body.businessId,
      ref.id,
      ref.storeId,
      call.now,
      creditHolderOf(call.caller)
    ),
    findCheckoutRow(call.db, ref.id),
    findOrderingBusiness(call.db, body.businessId),
  ])
  const tax = await addedTax(
    call,
    {
      businessId: body.businessId,
      fulfilmentMethod: basket.fulfilmentMethod,
      storeId: ref.storeId,
    },
    basket,
    row,
    business?.currency ?? 'GBP'
  )
  return { addedTax: tax && { total: tax.total, jurisdictions: tax.jurisdictions } }
}

/** The order an earlier request with the key made: its recorded answer (ADR 069). */
async function draftMadeBy(call: CheckoutCall, body: ProcessOrderRequest): Promise<OrderSummary> {
  const made = await findOrderIdByIdempotencyKey(call.db, body.businessId, body.idempotencyKey)
  // The key's row and its order are written in one batch: a read that sees one and not the
  // other is a replica between them, so the shopper tries again in a moment.
  if (made === null) throw idempotencyInProgress()
  return orderSummary(call.db, body.businessId, made)
}

/** Makes the draft order of the basket, or refuses with nothing written. */
async function makeDraft(
  call: CheckoutCall,
  body: ProcessOrderRequest,
  key: BatchKey
): Promise<OrderSummary> {
  const { db, now } = call
  // Everything the draft is made from is read beside the idempotency check (ADR 065): one wave
  // of reads, used only when the key made no order yet.
  const answered = key.answered()
  const existingRead = findOrderIdByIdempotencyKey(db, body.businessId, body.idempotencyKey)
  const reads = draftReads(call, body)
  for (const later of [
    existingRead,
    reads.basket,
    reads.payment,
    reads.memberEmail,
    reads.referrer,
  ]) {
    void later.catch(() => undefined)
  }
  // The key with another body is refused first; the key's order is the answer, also after its
  // idempotency_keys row lapsed (24 h).
  const replay = await answered
  const existing = await existingRead
  if (existing !== null) return orderSummary(db, body.businessId, existing)
  if (replay) return draftMadeBy(call, body)

  const [{ basket, pricing }, row, business, brand] = await reads.basket
  const prefix = orderNumberPrefix(brand, business?.name ?? '')
  await assertOrderable(call, body, basket, row, reads)
  const currency = business?.currency ?? 'GBP'
  const tax = await addedTax(call, body, basket, row, currency)
  const customerId = customerOf(call)
  const { referrer: referralCustomerId, decisions } = await reads.referrer
  for (let attempt = 1; ; attempt++) {
    const businessOrderId = newBusinessOrderId(prefix)
    try {
      const results = await db.batch([
        // The key's claim first (ADR 069): a duplicate that committed before fails it, and with
        // it the whole batch, before any statement of the draft.
        ...key.claim,
        // A referrer that is not the member's own is refused with the draft (ADR 021).
        ...decisions,
        ...draftOrderStatements(db, now, {
          body: { ...body, referralCustomerId },
          basket,
          pricing,
          row,
          businessOrderId,
          currency,
          customerId,
          brandId: brand?.id ?? null,
          vatRates: tax === null ? vatRatesOf(business?.countryCode ?? 'GB') : null,
          tax,
        }),
        // ADR 025's "checkout started", in the outbox with the draft (ADR 037).
        checkoutStartedEffectStatement(db, body.businessId, businessOrderId, now),
        // The answer, read in the same round trip as the draft's making (ADR 065, 069).
        ...orderSummaryStatements(db, body.businessId, { businessOrderId }),
      ])
      return orderSummaryOf(results)
    } catch (error) {
      // Another tab spent the credit this basket counted on: nothing was written (ADR 020).
      if (isCreditBelowZero(error)) {
        throw new AppError('conflict', MESSAGES.creditChanged, {
          details: { reason: 'credit_changed' },
        })
      }
      if (isUniqueOrderIdClash(error) && attempt < 3) continue
      return key.afterFailure(error, () => draftMadeBy(call, body))
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
  await assertBusinessMobile(call.db, body.businessId, body.phoneNumber, 'phoneNumber')
  const { idempotencyKey, ...request } = body
  // The key is claimed in the draft's own batch (ADR 069): every write of a draft is in it.
  const key = await batchKey(call.db, {
    businessId: body.businessId,
    scope: 'checkout.process-order',
    key: idempotencyKey,
    request,
    now: call.now,
  })
  return makeDraft(call, body, key)
}

import { z } from 'zod'
import { BasketSchema, BasketTokenSchema } from './basket.ts'
import {
  BusinessIdSchema,
  CallingBrandIdSchema,
  EmailSchema,
  IdSchema,
  MoneySchema,
} from './common.ts'
import {
  CheckoutAddressSchema,
  CheckoutContactSchema,
  PAYMENT_GATEWAYS,
  PaymentMethodSchema,
  type ORDER_STATUSES,
} from './checkout-answers.ts'
import { CARD_BRANDS, FULFILMENT_METHODS, FULFILMENT_TIMINGS } from './constants.ts'
import { MESSAGES } from './messages.ts'
import { optionalText, requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'
import { MobilePhoneSchema } from './phone.ts'

/**
 * Checkout calls of spec §7 (Checkout) and their answers: contact details, delivery and billing
 * address, process order (a draft order priced from the server's basket), retail membership and
 * driver location. Payments are in schemas/payments.ts. Every call is scoped by businessId and the
 * basketToken (the proxy fills it from the httpOnly cookie); the caller's bearer token (guest or
 * member, spec §4 Auth kinds) decides whose order it is.
 */

/** The checkout steps of spec §2, in the order a shopper meets them. */
export const CHECKOUT_STEPS = [
  'options',
  'login',
  'create',
  'details',
  'payment',
  'billing-address',
  'card-form',
  'success',
] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

/** The step /checkout sends a shopper to (spec §2 "redirects to the active checkout step"). */
export const ACTIVE_CHECKOUT_STEPS = ['options', 'details', 'payment'] as const
export type ActiveCheckoutStep = (typeof ACTIVE_CHECKOUT_STEPS)[number]

export const CARD_GATEWAYS = ['realex', 'frames'] as const
export type CardGateway = (typeof CARD_GATEWAYS)[number]

/** Spec §7: channel of the order. */
export const ORDER_CHANNELS = ['web', 'ios', 'android'] as const

/**
 * An idempotency key (reference §4): 1–255 characters, a UUID v4 from the client is expected. The
 * same key with the same body replays the stored answer; with another body it is refused (422).
 */
export const IdempotencyKeySchema = z
  .string({ error: MESSAGES.idempotencyKeyInvalid })
  .trim()
  .min(1, { error: MESSAGES.idempotencyKeyInvalid })
  .max(255, { error: MESSAGES.idempotencyKeyInvalid })

const BasketScopeSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  basketToken: BasketTokenSchema,
})

// --- Requests (spec §7 Checkout) ------------------------------------------------------------

/** Entering checkout: answers the CheckoutState with the step to go to. */
export const PrepareCheckoutRequestSchema = BasketScopeSchema

/**
 * Spec §7 Set contact details. A guest caller whose email belongs to a member is refused with
 * conflict MESSAGES.guestEmailRegistered (details.reason 'member_email'): they sign in, e.g. with
 * the one-time-password quick login (spec §6 Guest).
 */
export const SetContactDetailsRequestSchema = BasketScopeSchema.extend({
  firstName: requiredText('First name', TEXT_MAX_LENGTH.name, MESSAGES.firstNameRequired),
  lastName: requiredText('Last name', TEXT_MAX_LENGTH.name, MESSAGES.lastNameRequired),
  email: EmailSchema,
  phoneNumber: MobilePhoneSchema,
})

/** Spec §7 Set delivery address (basketToken, address), plus the delivery instructions. */
export const SetDeliveryAddressRequestSchema = BasketScopeSchema.extend({
  address: CheckoutAddressSchema,
  instructions: optionalText('Delivery instructions', TEXT_MAX_LENGTH.instructions),
})

/** Spec §7 Set billing address: an address, or the delivery address (spec §3 Card payment form). */
export const SetBillingAddressRequestSchema = z.union([
  BasketScopeSchema.extend({ sameAsDelivery: z.literal(true) }),
  BasketScopeSchema.extend({
    sameAsDelivery: z.literal(false).optional(),
    address: CheckoutAddressSchema,
  }),
])

/** Spec §5 Details form: the terms and privacy box must be ticked before payment. */
export const AcceptTermsRequestSchema = BasketScopeSchema.extend({
  termsAccepted: z.literal(true, { error: MESSAGES.termsRequired }),
})

/** Spec §3 Checkout payload's fulfilmentDetails: the timing and the slot the basket holds. */
export const FulfilmentDetailsSchema = z.object({
  timing: z.enum(FULFILMENT_TIMINGS),
  /** YYYY-MM-DD and HH:mm in the store's time zone; must match the basket's slot. */
  timeSlotDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: MESSAGES.slotDateInvalid }),
  timeSlotTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/, { error: MESSAGES.validationError })
    .nullish(),
})

/**
 * Spec §7 Process order: makes a draft order from the basket. Prices, totals, slot and addresses
 * come from the server's basket and checkout record, never from this body; the body's storeId,
 * fulfilmentMethod and fulfilmentDetails must match the basket (else conflict
 * MESSAGES.basketChanged). Idempotent on idempotencyKey: a retry answers the same draft order.
 */
export type ProcessOrderRequest = z.infer<typeof ProcessOrderRequestSchema>
export const ProcessOrderRequestSchema = BasketScopeSchema.extend({
  idempotencyKey: IdempotencyKeySchema,
  storeId: IdSchema,
  fulfilmentMethod: z.enum(FULFILMENT_METHODS),
  fulfilmentDetails: FulfilmentDetailsSchema,
  channel: z.enum(ORDER_CHANNELS).default('web'),
  paymentGateway: z.enum(PAYMENT_GATEWAYS, { error: MESSAGES.paymentSourceRequired }),
  paymentMethod: PaymentMethodSchema,
  names: z.object({
    firstName: requiredText('First name', TEXT_MAX_LENGTH.name, MESSAGES.firstNameRequired),
    lastName: requiredText('Last name', TEXT_MAX_LENGTH.name, MESSAGES.lastNameRequired),
  }),
  emailAddress: EmailSchema,
  phoneNumber: MobilePhoneSchema,
  platform: z.string().trim().max(40).default('web'),
  messagingDeviceId: optionalText('Messaging device id', 200),
  instructions: optionalText('Delivery instructions', TEXT_MAX_LENGTH.instructions),
  referralCustomerId: IdSchema.nullish(),
  referralPartnerId: optionalText('Referral partner id', 100),
  /**
   * The total the page showed the shopper (pence). When the basket's total differs now (changed in
   * another tab), process order refuses with MESSAGES.basketPricesChanged (reason 'total_changed',
   * details.total the new total) instead of charging an amount the shopper was not shown.
   */
  expectedTotal: MoneySchema.optional(),
})

/** Spec §4 Order statuses, with the draft and payment states before Sent to Store. */
export type OrderStatus = (typeof ORDER_STATUSES)[number]

// The draft order's answer and its parts: defined in checkout-answers.ts, which the payment
// islands load without this module.
export {
  ORDER_STATUSES,
  CheckoutAddressSchema,
  CheckoutContactSchema,
  OrderLineSummarySchema,
  OrderSummarySchema,
  OrderTotalsSchema,
  PAYMENT_GATEWAYS,
  PaidWithSchema,
  PaymentMethodSchema,
  type CheckoutAddress,
  type CheckoutContact,
  type OrderLineSummary,
  type OrderSummary,
  type OrderTotals,
  type PaidWith,
  type PaymentGateway,
  type PaymentMethod,
} from './checkout-answers.ts'

/** The placed (or draft) order for the success page: its owner only (member, or basket holder). */
export const OrderSummaryRequestSchema = BasketScopeSchema.extend({ draftOrderId: IdSchema })

/** Spec §7 Retail membership store and check; spec §5 'Not a valid retail membership id'. */
export const RetailMembershipRequestSchema = z.object({
  businessId: BusinessIdSchema,
  retailMemberId: z
    .string({ error: MESSAGES.retailMembershipInvalid })
    .trim()
    .min(1, { error: MESSAGES.retailMembershipInvalid })
    .max(32, { error: MESSAGES.retailMembershipInvalid }),
})
export const RetailMembershipSchema = z.object({
  retailMemberId: z.string(),
  valid: z.literal(true),
})

/** Spec §7 Driver location (businessOrderId): the order's owner only. */
export const DriverLocationRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  businessOrderId: z.string().trim().min(1).max(40),
  basketToken: BasketTokenSchema.optional(),
})
export const DriverLocationSchema = z.object({
  businessOrderId: z.string(),
  statusCode: z.int().nullable(),
  /** Spec §4: tracking is offered in the four in-progress states (20–80). */
  trackable: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  updatedAt: z.string().nullable(),
})

// --- Answers ----------------------------------------------------------------------------------

/** Which payment methods the basket's store takes (spec §8 'Store does not accept …'). */
export const PaymentOptionsSchema = z.object({
  paymentCard: z.boolean(),
  applePay: z.boolean(),
  googlePay: z.boolean(),
  paymentCash: z.boolean(),
})
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>

/** A member's saved card as checkout lists it (spec §3 Card payment form: selected saved card). */
export type SavedCard = z.infer<typeof SavedCardSchema>
export const SavedCardSchema = z.object({
  cardId: z.int().positive(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.int().min(1).max(12),
  expiryYear: z.int(),
  cardholderName: z.string().nullable(),
  gateway: z.enum(CARD_GATEWAYS),
  isDefault: z.boolean(),
})

/**
 * Everything the checkout steps show and decide on, answered by prepare and by every set call.
 * `activeStep` is where /checkout sends the shopper: 'options' (guest or sign in) when the caller
 * is not a member and has given no contact details, 'details' until contact, delivery address
 * (delivery only) and terms are done, else 'payment'. `blocked` says why payment cannot start.
 */
export type CheckoutState = z.infer<typeof CheckoutStateSchema>
export const CheckoutStateSchema = z.object({
  basket: BasketSchema,
  caller: z.enum(['guest', 'member']),
  contact: CheckoutContactSchema.nullable(),
  deliveryAddress: CheckoutAddressSchema.nullable(),
  billingAddress: CheckoutAddressSchema.nullable(),
  billingSameAsDelivery: z.boolean(),
  instructions: z.string().nullable(),
  termsAccepted: z.boolean(),
  paymentOptions: PaymentOptionsSchema,
  /** The card gateway of this deployment (CARD_GATEWAY). */
  cardGateway: z.enum(CARD_GATEWAYS),
  /** PAYMENTS_MODE=sandbox: the checkout shows the sandbox banner (spec §4 Payment outcomes). */
  sandbox: z.boolean(),
  /**
   * How the wallets are offered: `sandbox` when the local sandbox gateway runs (its Apple Pay and
   * Google Pay sheets stand in for the devices'); `googlePay` is Google Pay's tokenisation for the
   * card gateway when GOOGLE_PAY_MERCHANT_ID is set, else null.
   */
  wallets: z.object({
    sandbox: z.boolean(),
    googlePay: z
      .object({ merchantId: z.string(), gateway: z.string(), gatewayMerchantId: z.string() })
      .nullable(),
  }),
  savedCards: z.array(SavedCardSchema),
  activeStep: z.enum(ACTIVE_CHECKOUT_STEPS),
  /**
   * Why payment cannot start now, if so: 'store_closed' (MESSAGES.storeClosedCheckout),
   * 'slot_invalid' (reserve again), 'empty', 'minimum_spend', 'unavailable_lines'.
   */
  blocked: z
    .enum(['store_closed', 'slot_invalid', 'empty', 'minimum_spend', 'unavailable_lines'])
    .nullable(),
  /**
   * With weighed lines (ADR 039): what a card payment holds, the total plus the business's margin
   * over their estimate, captured for what is picked; null without weighed lines.
   */
  weighedHold: MoneySchema.nullable(),
})

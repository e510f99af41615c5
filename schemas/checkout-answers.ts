import { WeighingSchema } from './weighing.ts'
import { NamedDiscountsSchema } from './named-discounts.ts'
import { z } from 'zod'
import { AddedTaxSchema } from './added-tax.ts'
import { MoneySchema } from './common.ts'
import {
  CARD_BRANDS,
  FULFILMENT_METHODS,
  FULFILMENT_TIMINGS,
  PAYMENT_METHODS,
} from './constants.ts'
import { MESSAGES } from './messages.ts'
import { optionalText, requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'

/**
 * The answers of process order and make payment (spec §7 Checkout, Payments) with the shapes they
 * are made of, and what the payment page exchanges with the card frames and the sandbox wallet:
 * everything the payment islands check in the browser. It imports only zod and the small modules
 * every island page loads already (constants, messages, text limits, common), so checking an
 * answer does not pull the request schemas of schemas/checkout.ts and schemas/payments.ts (and
 * through them basket, catalogue, stores and location) into the payment page's script. Those
 * modules re-export what is here: each shape is defined once.
 */

/** Spec §4 Order statuses, with the draft and payment states before Sent to Store. */
export const ORDER_STATUSES = [
  'draft',
  'payment_pending',
  'payment_failed',
  'sent_to_store',
  'store_accepted_picking',
  'picked',
  'en_route',
  'delivered',
  'store_rejected',
  'refunded',
  'declined',
  'cancelled',
  'unable_to_deliver',
] as const

/** Payment gateways of spec §9 plus cash, which needs none. */
export const PAYMENT_GATEWAYS = ['realex', 'frames', 'cash'] as const
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number]

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: MESSAGES.paymentSourceRequired,
})
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

/**
 * Spec §3 Address as entered at checkout. The postcode is checked against the business's postcode
 * rules by the handler (so the answer carries '<typed> is not a valid postcode'); country is an
 * ISO 3166-1 alpha-2 code, GB by default (spec §9).
 */
export type CheckoutAddress = z.infer<typeof CheckoutAddressSchema>
export const CheckoutAddressSchema = z.object({
  addressLine1: requiredText(
    'Address line 1',
    TEXT_MAX_LENGTH.addressLine,
    MESSAGES.addressLine1Required
  ),
  addressLine2: optionalText('Address line 2', TEXT_MAX_LENGTH.addressLine),
  town: requiredText('Town or city', TEXT_MAX_LENGTH.town, MESSAGES.townRequired),
  county: optionalText('County', TEXT_MAX_LENGTH.county),
  postcode: requiredText('Postcode', TEXT_MAX_LENGTH.postcode, MESSAGES.postcodeRequired),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: MESSAGES.validationError })
    .transform((value) => value.toUpperCase())
    .default('GB'),
})

/** Spec §3 Customer contact as checkout keeps it. phoneNumber is E.164 after normalising. */
export type CheckoutContact = z.infer<typeof CheckoutContactSchema>
export const CheckoutContactSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
})

/** The draft order's money, frozen from the basket when it was made (all pence). */
export type OrderTotals = z.infer<typeof OrderTotalsSchema>
export const OrderTotalsSchema = z.object({
  subtotal: MoneySchema,
  discountTotal: MoneySchema,
  deliveryCost: MoneySchema,
  serviceFee: MoneySchema,
  deliveryTip: MoneySchema,
  /** Store credit the order spent (ADR 020): shown as 'Store credit −£5.00'; total is net of it. */
  creditApplied: MoneySchema,
  total: MoneySchema,
  currency: z.string().length(3),
})

export type OrderLineSummary = z.infer<typeof OrderLineSummarySchema>
export const OrderLineSummarySchema = z.object({
  name: z.string(),
  quantity: z.int().positive(),
  unitPrice: MoneySchema,
  totalPrice: MoneySchema,
  /** Options chosen, or the items chosen inside a meal deal, as display text. */
  selections: z.array(z.string()),
  /** A weighed line (ADR 039): totalPrice is the estimate until the order is picked. */
  weighing: WeighingSchema.nullable(),
})

/** How an order was paid: the method, and the card's brand and last four when the gateway said. */
export type PaidWith = z.infer<typeof PaidWithSchema>
export const PaidWithSchema = z.object({
  method: PaymentMethodSchema,
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  cardLast4: z.string().nullable(),
})

/**
 * Spec §3 Order as checkout shows it: the draft answered by process order, and the placed order on
 * the success page. draftOrderId and orderId are the same number (spec §5 Id conversion).
 */
export type OrderSummary = z.infer<typeof OrderSummarySchema>
export const OrderSummarySchema = z.object({
  draftOrderId: z.int().positive(),
  businessOrderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** 20 once sent to the store (spec §4), null before. */
  statusCode: z.int().nullable(),
  storeId: z.int(),
  storeSlug: z.string(),
  storeName: z.string(),
  fulfilmentMethod: z.enum(FULFILMENT_METHODS),
  fulfilmentTiming: z.enum(FULFILMENT_TIMINGS),
  /** The slot in the store's local time: YYYY-MM-DD, and HH:mm for its start and end. */
  slotDate: z.string().nullable(),
  slotStartsAt: z.string().nullable(),
  slotEndsAt: z.string().nullable(),
  paymentMethod: PaymentMethodSchema.nullable(),
  paymentGateway: z.enum(PAYMENT_GATEWAYS).nullable(),
  contact: CheckoutContactSchema,
  deliveryAddress: CheckoutAddressSchema.nullable(),
  /** The store's address: where a collection order is picked up (null in answers stored before). */
  storeAddress: CheckoutAddressSchema.nullable().default(null),
  /** The payment that paid (or, for cash, will pay) the order; null while none is kept. */
  paidWith: PaidWithSchema.nullable().default(null),
  lines: z.array(OrderLineSummarySchema),
  totals: OrderTotalsSchema,
  placedAt: z.string().nullable(),
  /** The deals, coupon and store credit by name (issue 35 item 19). */
  discounts: NamedDiscountsSchema,
  /** Tax added at checkout (ADR 055), inside totals.total; null where prices include VAT. */
  addedTax: AddedTaxSchema.nullable().default(null),
})

/** A form the browser must submit to continue: the hosted card page, or a 3-D Secure challenge. */
export type PaymentRedirect = z.infer<typeof PaymentRedirectSchema>
export const PaymentRedirectSchema = z.object({
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  /** Form fields to post (HPP: the signed request, each value base64-encoded, spec §5). */
  fields: z.record(z.string(), z.string()),
})

export const PAYMENT_STATUSES = [
  /** The browser must go to `redirect` (hosted card page or 3-D Secure challenge). */
  'redirect',
  /** Paid (or a confirmed cash order): the order is sent to the store. */
  'succeeded',
  /** Declined or refused: `message` says so; the shopper may try again (a new attempt). */
  'failed',
  'cancelled',
  /** The gateway has not answered yet: verify again. */
  'pending',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The answer of make payment, verify payment and the hosted card page's consumer data. */
export type PaymentResult = z.infer<typeof PaymentResultSchema>
export const PaymentResultSchema = z.object({
  paymentId: z.int().positive(),
  draftOrderId: z.int().positive(),
  businessOrderId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Always the stored order's total. */
  amount: MoneySchema,
  currency: z.string().length(3),
  redirect: PaymentRedirectSchema.nullable(),
  /** Shopper-facing text for failed/cancelled ('There was an issue processing your payment', …). */
  message: z.string().nullable(),
  /** Where the browser goes next: successUrl, failureUrl or cancelUrl of the attempt. */
  nextUrl: z.string().nullable(),
})

/**
 * The messages an embedded card frame and the checkout page exchange by postMessage: the frame
 * posts validation, tokenized or failed; the page posts submit. Shared by the local sandbox frames,
 * the card frames island and the adapter's configuration.
 */
export const FRAMES_MESSAGES = {
  tokenized: 'frames:tokenized',
  validation: 'frames:validation',
  failed: 'frames:failed',
  submit: 'frames:submit',
} as const

/** The sandbox wallet sheet's signed single-use test token (worker/sandbox-gateway/wallets.ts). */
export const SandboxWalletTokenSchema = z.object({ tokenData: z.string() })

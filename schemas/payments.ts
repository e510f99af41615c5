import { z } from 'zod'
import { BasketTokenSchema } from './basket.ts'
import { BusinessIdSchema, CallingBrandIdSchema, IdSchema } from './common.ts'
import { CARD_BRANDS } from './constants.ts'
import { IdempotencyKeySchema, SavedCardSchema } from './checkout.ts'
import { PAYMENT_GATEWAYS, PaymentMethodSchema, PaymentRedirectSchema } from './checkout-answers.ts'
import { MESSAGES } from './messages.ts'

/**
 * Payment calls of spec §7 (Payments, and the hosted card page's producer and consumer data of
 * §7 Checkout) and their answers. Card numbers and security codes never reach the worker: they are
 * typed into the gateway's hosted page or frames, which give us a token or a signed result. The
 * amount always comes from the stored draft order, never from a request or a gateway's answer.
 */

/** Where the hosted card page posts its signed answer (MERCHANT_RESPONSE_URL), on the brand's host. */
export const HPP_RESPONSE_PATH = '/checkout/payment/hpp-response'
/** The form field the hosted card page posts its signed answer in. */
export const HPP_RESPONSE_FIELD = 'hppResponse'

/** An absolute http(s) URL on one of the business's hosts (the backend checks the host). */
const ReturnUrlSchema = z.url({ protocol: /^https?$/, error: MESSAGES.validationError }).max(500)

/**
 * Fields a client must never send: the worker refuses the whole request (MESSAGES
 * cardDetailsNotAccepted) rather than drop them silently, so a broken client is noticed.
 */
export const FORBIDDEN_CARD_FIELDS = ['cardNumber', 'pan', 'number', 'cvv', 'cvc', 'cvv2'] as const

/**
 * Spec §7 Make payment. paymentMethod decides which of the other fields count:
 * - paymentCard, realex: a new card (saveCard to keep it, members only) or cardId for a saved one;
 *   answers 'redirect' with the hosted card page's producer data. The CVV of a saved card is typed
 *   on the hosted page (HPP_SELECT_STORED_CARD), never sent here.
 * - paymentCard, frames: token from the card frames (or cardId plus a cvvToken from the CVV frame).
 * - applePay / googlePay: appleTokenData / googleTokenData from the wallet sheet.
 * - paymentCash: cashConfirmed true (spec §5: the shopper confirms the amount is available).
 * Idempotent on idempotencyKey: a retry or double click answers the same payment, never a second.
 */
export type MakePaymentRequest = z.infer<typeof MakePaymentRequestSchema>
export const MakePaymentRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  /** The order's basket: only its holder may pay for it (the proxy fills it from the cookie). */
  basketToken: BasketTokenSchema,
  idempotencyKey: IdempotencyKeySchema,
  draftOrderId: IdSchema,
  paymentMethod: PaymentMethodSchema,
  paymentGateway: z.enum(PAYMENT_GATEWAYS, { error: MESSAGES.paymentSourceRequired }),
  successUrl: ReturnUrlSchema,
  failureUrl: ReturnUrlSchema,
  cancelUrl: ReturnUrlSchema,
  /** Spec §7 `type`: how the card page is shown. */
  type: z.enum(['redirect', 'iframe']).default('redirect'),
  saveCard: z.boolean().default(false),
  /** A card token from the frames provider (never a card number). */
  token: z.string().trim().min(1).max(200).optional(),
  /** The CVV frame's token for a saved card with the frames provider. */
  cvvToken: z.string().trim().min(1).max(200).optional(),
  cardId: IdSchema.optional(),
  googleTokenData: z.string().min(1).max(20_000).optional(),
  appleTokenData: z.string().min(1).max(20_000).optional(),
  cashConfirmed: z.boolean().optional(),
})

/** Spec §7 Verify payment (paymentId, paymentGateway, draftOrderId): asks the gateway, then confirms. */
export const VerifyPaymentRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  basketToken: BasketTokenSchema,
  paymentId: IdSchema,
  paymentGateway: z.enum(PAYMENT_GATEWAYS),
  draftOrderId: IdSchema,
})

/** Spec §7 Hosted card page producer data (orderId): the signed request for a pending payment. */
export const HppProducerRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  basketToken: BasketTokenSchema,
  orderId: IdSchema,
  paymentId: IdSchema,
})
export const HppProducerDataSchema = PaymentRedirectSchema

/**
 * Spec §7 Hosted card page consumer data (orderId, hppResponse): the JSON the hosted page posted,
 * each value base64-encoded (spec §5). Nothing in it is trusted before its hash is verified, and its
 * AMOUNT never is: the order's stored total is what was asked for.
 */
export const HppConsumerRequestSchema = z.object({
  businessId: BusinessIdSchema,
  orderId: IdSchema.optional(),
  hppResponse: z.string().min(2).max(20_000),
})

/** Spec §7 Apple Pay merchant validation (storeId, validationURL, domain). */
export const ApplePayValidationRequestSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
  validationURL: z.url({ protocol: /^https$/, error: MESSAGES.applePayAvailability }),
  domain: z.string().trim().min(1).max(253),
})
/** Apple's opaque merchant session, passed to ApplePaySession.completeMerchantValidation. */
export const ApplePayMerchantSessionSchema = z.record(z.string(), z.unknown())

/** Spec §7 Member cards: add (token from the frames provider), delete (cardId). */
export const AddCardRequestSchema = z.object({
  businessId: BusinessIdSchema,
  token: z.string().trim().min(1).max(200),
})
export const DeleteCardRequestSchema = z.object({ businessId: BusinessIdSchema, cardId: IdSchema })
export const CardListRequestSchema = z.object({ businessId: BusinessIdSchema })
/** The answer of /member/cards, /member/cards/delete and /member/cards/add: the member's cards. */
export type SavedCardList = z.infer<typeof SavedCardListSchema>
export const SavedCardListSchema = z.object({ cards: z.array(SavedCardSchema) })

export const CardBrandSchema = z.enum(CARD_BRANDS)
export type CardBrand = z.infer<typeof CardBrandSchema>

// The answers and messages the payment islands check: defined in checkout-answers.ts, which the
// browser loads without this module.
export {
  FRAMES_MESSAGES,
  PAYMENT_STATUSES,
  PaymentRedirectSchema,
  PaymentResultSchema,
  SandboxWalletTokenSchema,
  type PaymentRedirect,
  type PaymentResult,
  type PaymentStatus,
} from './checkout-answers.ts'

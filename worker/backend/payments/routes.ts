import { MESSAGES } from '../../../schemas/messages.ts'
import {
  AddCardRequestSchema,
  ApplePayMerchantSessionSchema,
  ApplePayValidationRequestSchema,
  CardListRequestSchema,
  DeleteCardRequestSchema,
  HppConsumerRequestSchema,
  HppProducerDataSchema,
  HppProducerRequestSchema,
  MakePaymentRequestSchema,
  PaymentResultSchema,
  SavedCardListSchema,
  VerifyPaymentRequestSchema,
} from '../../../schemas/payments.ts'
import type { Context } from 'hono'
import { AppError } from '../../lib/errors.ts'
import type { MarketingEnv } from '../marketing/adapters.ts'
import { readJsonBody } from '../../lib/request-body.ts'
import { requireMember } from '../auth/authenticate.ts'
import type { BackendAdapters } from '../adapters.ts'
import type { BackendEnv } from '../env.ts'
import { createDomain } from '../route-registry.ts'
import { validateApplePayMerchant } from './apple-pay.ts'
import { cardGatewayName } from '../../lib/payments-config.ts'
import { addFramesCard } from './frames-payments.ts'
import { listSavedCards } from '../checkout/saved-cards-repo.ts'
import {
  consumerData,
  deleteMemberCard,
  makePayment,
  producerData,
  refuseCardFields,
  verifyPayment,
} from './service.ts'
import { now } from '../../lib/clock.ts'
import { executionContext, runInBackground } from '../../lib/background.ts'

/** Payments (spec §7): make and verify payment, the hosted card page's data, member cards. */
export const payments = createDomain('Payments')

// Before the schema runs (it would drop unknown keys): a card number anywhere refuses the request.
for (const path of ['/payments/make', '/member/cards/add']) {
  payments.app.use(path, async (c, next) => {
    refuseCardFields(await readJsonBody(c.req.raw))
    await next()
  })
}

/** The bindings with the adapters createBackend was given (the local payment sandbox). */
function paymentsEnv(c: Context<BackendEnv>): Env & BackendAdapters & MarketingEnv {
  return { ...c.env, ...c.var.adapters }
}

payments.post(
  '/payments/make',
  {
    edge: { basketToken: 'carries' },
    summary: 'Make payment',
    description:
      'Starts a payment of the draft order (amount from the order). Card (Realex): answers the ' +
      'signed hosted card page request to post. Cash: confirms the order. Idempotent on ' +
      'idempotencyKey. Card numbers or CVVs in the body are refused.',
    body: MakePaymentRequestSchema,
    response: PaymentResultSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) =>
    makePayment(paymentsEnv(c), body, now(c.env), (work) =>
      runInBackground(executionContext(c), work, {
        requestId: c.var.requestId,
        event: 'effects not dispatched',
      })
    )
)

payments.post(
  '/payments/verify',
  {
    edge: { basketToken: 'carries' },
    summary: 'Verify payment',
    description:
      "The payment's current state; confirms a paid order whose confirmation is missing.",
    body: VerifyPaymentRequestSchema,
    response: PaymentResultSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => verifyPayment(paymentsEnv(c), body, now(c.env))
)

payments.post(
  '/checkout/hpp/producer-data',
  {
    edge: { basketToken: 'carries' },
    summary: 'Hosted card page producer data',
    description: 'The signed request (base64 values) of a pending card attempt.',
    body: HppProducerRequestSchema,
    response: HppProducerDataSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => producerData(paymentsEnv(c), body, now(c.env))
)

payments.post(
  '/checkout/hpp/consumer-data',
  {
    edge: { basketToken: 'carries' },
    summary: 'Hosted card page consumer data',
    description:
      "The card page's signed answer: verified before anything is read, recorded once; RESULT 00 " +
      'confirms the order. A forged or altered answer is refused.',
    body: HppConsumerRequestSchema,
    response: PaymentResultSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => consumerData(paymentsEnv(c), body, now(c.env))
)

payments.post(
  '/member/cards',
  {
    summary: "The member's saved cards",
    body: CardListRequestSchema,
    response: SavedCardListSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => ({
    cards: await listSavedCards(c.env.DB, await requireMember(c, body.businessId)),
  })
)

payments.post(
  '/member/cards/delete',
  {
    summary: 'Delete a saved card',
    description:
      'Deletes the card at the gateway that keeps it (Realex card storage, the frames ' +
      "provider's instruments), then our reference; when the gateway does not confirm, the card " +
      "stays and the answer is upstream_error. Another member's cardId is 404.",
    body: DeleteCardRequestSchema,
    response: SavedCardListSchema,
    errors: ['unauthorized', 'not_found', 'upstream_error'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    const origin = new URL(c.req.url).origin
    await deleteMemberCard(paymentsEnv(c), { customerId, cardId: body.cardId, origin }, now(c.env))
    return { cards: await listSavedCards(c.env.DB, customerId) }
  }
)

payments.post(
  '/member/cards/add',
  {
    summary: 'Add a card (card frames token)',
    description:
      'Frames: the card token is verified by the provider (a zero-amount check) and the card it ' +
      "keeps is saved for the member ('Card already exists!' for one they have). Realex stores " +
      'cards during a payment (tick "Save card"), so this answers 422 there.',
    body: AddCardRequestSchema,
    response: SavedCardListSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    if (cardGatewayName(c.env) === 'realex') {
      const message = MESSAGES.cardsSavedDuringPayment
      throw new AppError('validation_error', message, { fields: [{ field: 'token', message }] })
    }
    await addFramesCard(paymentsEnv(c), {
      customerId,
      token: body.token,
      origin: new URL(c.req.url).origin,
    })
    return { cards: await listSavedCards(c.env.DB, customerId) }
  }
)

payments.post(
  '/payments/apple-pay/validate-merchant',
  {
    edge: { basketToken: 'carries' },
    summary: 'Apple Pay merchant validation',
    description:
      "Posts the merchant's identity to Apple's validationURL (Apple Pay gateway hosts only) over " +
      "mutual TLS and answers Apple's merchant session; the store must take Apple Pay. Sandbox " +
      'without a merchant: a signed sandbox session valid for 5 minutes.',
    body: ApplePayValidationRequestSchema,
    response: ApplePayMerchantSessionSchema,
    errors: ['conflict', 'not_found', 'upstream_error'],
  },
  ({ body }, c) => validateApplePayMerchant(c.env, body, now(c.env))
)

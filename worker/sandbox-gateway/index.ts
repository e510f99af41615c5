import { Hono } from 'hono'
import type { Context } from 'hono'
import { cardDigits } from '../../schemas/card-brand.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { localSandboxActive } from '../lib/payments-config.ts'
import { constantTimeEqual, randomToken, requireSecret } from '../lib/crypto.ts'
import {
  HPP_RESULT,
  base64Decode,
  encodeHppFields,
  hppRequestHash,
  hppResponseHash,
  hppTimestamp,
} from '../realex/hpp.ts'
import type { AppEnv } from '../env.ts'
import {
  cardFormPage,
  challengePage,
  errorPage,
  responsePage,
  sandboxTexts,
  type SandboxTexts,
} from './pages.ts'
import { shopLocaleOf } from '../../schemas/locale.ts'
import {
  type SandboxRequest,
  findRequest,
  findStoredCard,
  insertRequest,
  markAnswered,
  startChallenge,
  storeCard,
} from './repo.ts'
import { sandboxRemote } from './remote.ts'
import { framesSandbox } from './frames.ts'
import { walletSandbox } from './wallets.ts'
import { SAVED_PMT_TYPE, TEST_CARDS, resultMessage } from './test-cards.ts'
import { now } from '../lib/clock.ts'
import { readFormFields } from '../lib/request-body.ts'

/*
 * The LOCAL sandbox hosted card page (PAYMENTS_MODE=sandbox and no REALEX_MERCHANT_ID): speaks
 * the Realex HPP protocol — a signed request in, a signed answer posted to MERCHANT_RESPONSE_URL —
 * with the shared secret REALEX_SHARED_SECRET, so the backend's producer and consumer code runs
 * exactly as against the real page. Accepts only the published test cards; stores no card number.
 * Cancel: the sandbox keeps the shop's cancel address (MERCHANT_CANCEL_URL, same origin as the
 * response URL only) and links back to it; no answer is posted, the attempt stays pending and
 * the shop starts a new one.
 */
export const sandboxGateway = new Hono<AppEnv>()

type SandboxContext = Context<AppEnv>

sandboxGateway.use('*', async (c, next) => {
  if (!localSandboxActive(c.env)) return c.notFound()
  await next()
})
sandboxGateway.route('/remote', sandboxRemote)
sandboxGateway.route('/frames', framesSandbox)
sandboxGateway.route('/wallets', walletSandbox)

function nonceOf(c: SandboxContext): string | undefined {
  return c.get('nonce') as string | undefined
}

/**
 * The page's words in the language of the brand whose host serves it: the shopper reached it
 * from that brand's checkout (a stand-in for a provider's page in the shopper's language).
 */
function textsOf(c: SandboxContext): SandboxTexts {
  const brand = c.get('brand') as AppEnv['Variables']['brand'] | undefined
  return sandboxTexts(brand ? shopLocaleOf(brand) : undefined)
}

function refuse(c: SandboxContext, message: string, status: 400 | 404 | 409 = 400) {
  return c.html(errorPage(message, nonceOf(c), textsOf(c)), status)
}

function sameOrigin(url: string | undefined, reference: string): string | null {
  if (!url) return null
  try {
    return new URL(url).origin === new URL(reference).origin ? url : null
  } catch {
    return null
  }
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const encoder = new TextEncoder()

/** The signed request: base64 values, SHA1HASH checked with the shared secret (else 508). */
sandboxGateway.post('/hpp/pay', async (c) => {
  const secret = requireSecret(c.env.REALEX_SHARED_SECRET, 'REALEX_SHARED_SECRET')
  const posted = await readFormFields(c.req.raw)
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(posted)) {
    const decoded = base64Decode(value)
    if (decoded === null) return refuse(c, MESSAGES.sandboxRequestHashInvalid)
    fields[key] = decoded
  }
  const selectPayer = fields.HPP_SELECT_STORED_CARD
  const storage = fields.CARD_STORAGE_ENABLE === '1'
  const expected = await hppRequestHash(
    {
      timestamp: fields.TIMESTAMP ?? '',
      merchantId: fields.MERCHANT_ID ?? '',
      orderId: fields.ORDER_ID ?? '',
      amount: fields.AMOUNT ?? '',
      currency: fields.CURRENCY ?? '',
      ...(selectPayer
        ? { selectStoredCard: { payerRef: selectPayer, paymentRef: fields.PMT_REF ?? '' } }
        : storage
          ? { cardStorage: { payerRef: fields.PAYER_REF ?? '', paymentRef: fields.PMT_REF ?? '' } }
          : {}),
    },
    secret
  )
  const presented = (fields.SHA1HASH ?? '').toLowerCase()
  if (!constantTimeEqual(encoder.encode(presented), encoder.encode(expected))) {
    return refuse(c, MESSAGES.sandboxRequestHashInvalid)
  }
  const orderId = fields.ORDER_ID ?? ''
  const responseUrl = fields.MERCHANT_RESPONSE_URL ?? ''
  if (
    !/^[A-Za-z0-9_-]{1,50}$/.test(orderId) ||
    !/^\d{1,11}$/.test(fields.AMOUNT ?? '') ||
    !/^[A-Z]{3}$/.test(fields.CURRENCY ?? '') ||
    !isHttpUrl(responseUrl)
  ) {
    return refuse(c, MESSAGES.validationError)
  }
  const request = {
    order_id: orderId,
    merchant_id: fields.MERCHANT_ID ?? '',
    account: fields.ACCOUNT ?? '',
    amount: fields.AMOUNT ?? '',
    currency: fields.CURRENCY ?? '',
    response_url: responseUrl,
    cancel_url: sameOrigin(fields.MERCHANT_CANCEL_URL, responseUrl),
    card_storage: storage && !selectPayer ? 1 : 0,
    payer_ref: selectPayer ?? (storage ? (fields.PAYER_REF ?? null) : null),
    pmt_ref: selectPayer || storage ? (fields.PMT_REF ?? null) : null,
    select_stored_card: selectPayer ?? null,
    auto_settle: fields.AUTO_SETTLE_FLAG === '0' ? 0 : 1,
  }
  if (!(await insertRequest(c.env.DB, request))) {
    return refuse(c, MESSAGES.sandboxDuplicateOrderId, 409)
  }
  const accepted = await findRequest(c.env.DB, orderId)
  if (!accepted) return refuse(c, MESSAGES.paymentNotFound, 404)
  return showCardForm(c, accepted, null)
})

async function storedCardOf(c: SandboxContext, request: SandboxRequest) {
  if (!request.select_stored_card || !request.pmt_ref) return null
  return findStoredCard(c.env.DB, request.merchant_id, request.select_stored_card, request.pmt_ref)
}

function cardLabel(brand: string, last4: string): string {
  return `${SAVED_PMT_TYPE[brand as keyof typeof SAVED_PMT_TYPE] ?? brand} •••• ${last4}`
}

async function showCardForm(c: SandboxContext, request: SandboxRequest, error: string | null) {
  const stored = await storedCardOf(c, request)
  return c.html(
    cardFormPage(
      {
        orderId: request.order_id,
        merchantId: request.merchant_id,
        amount: request.amount,
        currency: request.currency,
        cancelUrl: request.cancel_url,
        storedCard: stored ? { label: cardLabel(stored.brand, stored.last4) } : null,
        error,
      },
      nonceOf(c),
      textsOf(c)
    ),
    error ? 422 : 200
  )
}

function futureExpiry(month: string, year: string, now: Date): string | null {
  if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^\d{2}$/.test(year)) return null
  const lastDay = Date.UTC(2000 + Number(year), Number(month), 1)
  return lastDay > now.getTime() ? `${month}${year}` : null
}

/** The card form: test cards only; the number is read, matched and dropped. */
sandboxGateway.post('/hpp/card', async (c) => {
  const form = await readFormFields(c.req.raw)
  const request = await findRequest(c.env.DB, form.ORDER_ID ?? '')
  if (!request) return refuse(c, MESSAGES.paymentNotFound, 404)
  if (request.status !== 'open') return refuse(c, MESSAGES.paymentAlreadyAnswered, 409)
  const cvv = (form.cvv ?? '').trim()
  if (request.select_stored_card) {
    const stored = await storedCardOf(c, request)
    if (!stored) return refuse(c, MESSAGES.cardNotFound, 404)
    if (!/^\d{3,4}$/.test(cvv)) return showCardForm(c, request, MESSAGES.cvvRequired)
    return answer(c, request, stored.result_code, null)
  }
  const card = TEST_CARDS.get(cardDigits(form.cardNumber ?? ''))
  if (!card) return showCardForm(c, request, MESSAGES.sandboxTestCardsOnly)
  const expiry = futureExpiry(
    (form.expiryMonth ?? '').trim(),
    (form.expiryYear ?? '').trim(),
    now(c.env)
  )
  if (!expiry) return showCardForm(c, request, MESSAGES.sandboxExpiryInvalid)
  if (!/^\d{3,4}$/.test(cvv)) return showCardForm(c, request, MESSAGES.cvvRequired)
  const digits = cardDigits(form.cardNumber ?? '')
  const display = {
    brand: card.brand,
    last4: digits.slice(-4),
    expiry,
    cardholder_name: (form.cardholderName ?? '').trim().slice(0, 100) || null,
  }
  if (card.challenge) {
    if (!(await startChallenge(c.env.DB, request.order_id, display))) {
      return refuse(c, MESSAGES.paymentAlreadyAnswered, 409)
    }
    return c.html(
      challengePage(
        {
          orderId: request.order_id,
          cardLabel: cardLabel(card.brand, display.last4),
          amount: request.amount,
          currency: request.currency,
        },
        nonceOf(c),
        textsOf(c)
      )
    )
  }
  return answer(c, request, card.result, { ...display, result_code: card.result })
})

/** The 3-D Secure challenge: authenticated → 00, failed → 101. */
sandboxGateway.post('/hpp/challenge', async (c) => {
  const form = await readFormFields(c.req.raw)
  const request = await findRequest(c.env.DB, form.ORDER_ID ?? '')
  if (!request) return refuse(c, MESSAGES.paymentNotFound, 404)
  if (request.status !== 'challenge') return refuse(c, MESSAGES.paymentAlreadyAnswered, 409)
  const authenticated = form.decision === 'authenticate'
  const display = {
    brand: request.challenge_brand ?? 'visa',
    last4: request.challenge_last4 ?? '0000',
    expiry: request.challenge_expiry ?? '',
    cardholder_name: null,
    result_code: HPP_RESULT.success,
  }
  return authenticated
    ? answer(c, request, HPP_RESULT.success, display)
    : answer(c, request, HPP_RESULT.declined, null, MESSAGES.sandboxAuthenticationFailed)
})

interface NewCard {
  brand: string
  last4: string
  expiry: string
  cardholder_name: string | null
  result_code: string
}

/** Signs the answer and hands it to the browser, which posts it to the shop. */
async function answer(
  c: SandboxContext,
  request: SandboxRequest,
  result: string,
  newCard: NewCard | null,
  message = resultMessage(result)
) {
  const secret = requireSecret(c.env.REALEX_SHARED_SECRET, 'REALEX_SHARED_SECRET')
  // Letters keep references from looking like card numbers.
  const pasref = `SBX${randomToken(12).replace(/[-_]/g, 'x')}`
  if (!(await markAnswered(c.env.DB, request.order_id, { resultCode: result, pasref }))) {
    return refuse(c, MESSAGES.paymentAlreadyAnswered, 409)
  }
  const success = result === HPP_RESULT.success
  const fields: Record<string, string> = {
    MERCHANT_ID: request.merchant_id,
    ACCOUNT: request.account,
    ORDER_ID: request.order_id,
    TIMESTAMP: hppTimestamp(now(c.env)),
    AMOUNT: request.amount,
    CURRENCY: request.currency,
    RESULT: result,
    MESSAGE: message,
    PASREF: pasref,
    AUTHCODE: success ? randomToken(6).replace(/[-_]/g, 'x').slice(0, 6).toUpperCase() : '',
    CVNRESULT: 'M',
  }
  if (success && request.card_storage === 1 && newCard && request.payer_ref && request.pmt_ref) {
    await storeCard(c.env.DB, {
      ...newCard,
      merchant_id: request.merchant_id,
      payer_ref: request.payer_ref,
      pmt_ref: request.pmt_ref,
    })
    Object.assign(fields, {
      REALWALLET_CHOSEN: '1',
      PAYER_SETUP: HPP_RESULT.success,
      PMT_SETUP: HPP_RESULT.success,
      SAVED_PAYER_REF: request.payer_ref,
      SAVED_PMT_REF: request.pmt_ref,
      SAVED_PMT_TYPE: SAVED_PMT_TYPE[newCard.brand as keyof typeof SAVED_PMT_TYPE] ?? newCard.brand,
      SAVED_PMT_DIGITS: `xxxxxxxxxxxx${newCard.last4}`,
      SAVED_PMT_EXPDATE: newCard.expiry,
      SAVED_PMT_NAME: newCard.cardholder_name ?? '',
    })
  }
  fields.SHA1HASH = await hppResponseHash(
    {
      timestamp: fields.TIMESTAMP ?? '',
      merchantId: request.merchant_id,
      orderId: request.order_id,
      result,
      message,
      pasref: fields.PASREF ?? '',
      authcode: fields.AUTHCODE ?? '',
    },
    secret
  )
  return c.html(
    responsePage(
      {
        responseUrl: request.response_url,
        hppResponse: JSON.stringify(encodeHppFields(fields)),
        message: success ? MESSAGES.pagePaymentAuthorised : message,
      },
      nonceOf(c),
      textsOf(c)
    )
  )
}

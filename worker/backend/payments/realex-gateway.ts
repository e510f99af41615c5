import type { CardBrand } from '../../../schemas/payments.ts'
import type { RealexConfig } from './config.ts'
import type { CardGatewayAdapter, GatewayOutcome, PaymentAttempt, StoredCard } from './gateway.ts'
import { HPP_RESULT, encodeHppFields, hppRequestHash, hppTimestamp } from '../../realex/hpp.ts'
import {
  cancelRealexCard,
  queryRealexTransaction,
  rebateRealexTransaction,
  settleRealexTransaction,
  voidRealexTransaction,
  queryRealexAttempt,
} from './realex-remote.ts'

/*
 * Realex hosted card page on top of worker/realex/hpp.ts: the producer data (the signed request the
 * browser posts to the page) and the reading of the page's verified answer. The card number and
 * CVV are typed on the page; we only ever see its RESULT, references and masked card details.
 */

/** RESULT codes that are a bank's decline (the shopper may try again with a new attempt). */
const DECLINE_CODES = new Set<string>([
  HPP_RESULT.declined,
  HPP_RESULT.referralB,
  HPP_RESULT.referralA,
  '111',
])

/** Numeric ISO 3166 codes HPP_BILLING_COUNTRY wants, for the countries we deliver to. */
const NUMERIC_COUNTRY: Readonly<Record<string, string>> = { GB: '826', IE: '372' }

/** The Realex payer of a member: stable per business and customer, ≤50 characters. */
export function payerRefFor(businessId: number, customerId: number): string {
  return `b${businessId}c${customerId}`
}

/** The PMT_REF a new card is stored under: derived from the attempt's never-reused ORDER_ID. */
export function pmtRefFor(gatewayOrderId: string): string {
  return `card-${gatewayOrderId}`.slice(0, 50)
}

/** A saved Realex card's token is 'payer_ref:pmt_ref'. */
export function splitRealexToken(token: string): { payerRef: string; pmtRef: string } | null {
  const [payerRef, pmtRef, ...rest] = token.split(':')
  return payerRef && pmtRef && rest.length === 0 ? { payerRef, pmtRef } : null
}

function mobileNumber(phone: string | null): string | null {
  // HPP wants 'country|national number'; we only know the split for UK numbers.
  const match = /^\+44(\d{9,10})$/.exec(phone ?? '')
  return match ? `44|${match[1]}` : null
}

export interface RealexStartContext {
  now: Date
  /** Whether the member's payer already exists at Realex (PAYER_EXIST). */
  payerExists: boolean
  /** Sandbox only: where the local card page's Cancel link goes. */
  cancelUrl?: string
  /**
   * The remote API (voids, rebates): its address, how to reach it (injected in tests) and the
   * account's rebate password (null: refunds are not configured, a rebate is refused here).
   */
  remote?: { url: string; fetch: typeof fetch; rebatePassword?: string | null }
}

/** The producer data: every field of the signed request, base64-encoded (spec §5). */
export async function hppRequestFields(
  config: RealexConfig,
  attempt: PaymentAttempt,
  context: RealexStartContext
): Promise<Record<string, string>> {
  const timestamp = hppTimestamp(context.now)
  const amount = String(attempt.amount)
  const fields: Record<string, string> = {
    TIMESTAMP: timestamp,
    MERCHANT_ID: config.merchantId,
    ACCOUNT: config.account,
    ORDER_ID: attempt.gatewayOrderId,
    AMOUNT: amount,
    CURRENCY: attempt.currency,
    // An order with weighed lines is held, then settled for what was picked (ADR 039).
    AUTO_SETTLE_FLAG: attempt.captureLater === true ? '0' : '1',
    HPP_VERSION: '2',
    MERCHANT_RESPONSE_URL: attempt.responseUrl,
    HPP_CUSTOMER_EMAIL: attempt.customer.email,
  }
  const mobile = mobileNumber(attempt.customer.phone)
  if (mobile) fields.HPP_CUSTOMER_PHONENUMBER_MOBILE = mobile
  const billing = attempt.billingAddress
  const country = billing ? NUMERIC_COUNTRY[billing.country] : undefined
  if (billing && country) {
    fields.HPP_BILLING_STREET1 = billing.addressLine1
    if (billing.addressLine2) fields.HPP_BILLING_STREET2 = billing.addressLine2
    fields.HPP_BILLING_CITY = billing.town
    fields.HPP_BILLING_POSTALCODE = billing.postcode
    fields.HPP_BILLING_COUNTRY = country
  }
  if (config.localSandbox && context.cancelUrl) fields.MERCHANT_CANCEL_URL = context.cancelUrl

  const saved = attempt.savedCardToken ? splitRealexToken(attempt.savedCardToken) : null
  const customerId = attempt.customer.customerId
  let hashInput: Parameters<typeof hppRequestHash>[0] = {
    timestamp,
    merchantId: config.merchantId,
    orderId: attempt.gatewayOrderId,
    amount,
    currency: attempt.currency,
  }
  if (saved) {
    fields.HPP_SELECT_STORED_CARD = saved.payerRef
    fields.PMT_REF = saved.pmtRef
    hashInput = {
      ...hashInput,
      selectStoredCard: { payerRef: saved.payerRef, paymentRef: saved.pmtRef },
    }
  } else if (attempt.saveCard && customerId !== null) {
    const payerRef = payerRefFor(attempt.businessId, customerId)
    const paymentRef = pmtRefFor(attempt.gatewayOrderId)
    fields.CARD_STORAGE_ENABLE = '1'
    // The shopper already ticked "Save card" on our page: the card page stores it without asking.
    fields.OFFER_SAVE_CARD = '0'
    fields.PAYER_REF = payerRef
    fields.PMT_REF = paymentRef
    fields.PAYER_EXIST = context.payerExists ? '1' : '0'
    hashInput = { ...hashInput, cardStorage: { payerRef, paymentRef } }
  }
  fields.SHA1HASH = await hppRequestHash(hashInput, config.secret)
  return encodeHppFields(fields)
}

/** The hosted card page as a gateway: an attempt starts with a redirect to the page. */
export function createRealexGateway(
  config: RealexConfig,
  context: RealexStartContext & { origin: string }
): CardGatewayAdapter {
  // What every remote API call of this gateway sends: where, signed how, as whom, for which order.
  const remoteCall = (remote: { url: string; fetch: typeof fetch }, orderId: string) => ({
    url: remote.url,
    fetch: remote.fetch,
    secret: config.secret,
    now: context.now,
    merchantId: config.merchantId,
    account: config.account,
    orderId,
  })
  return {
    name: 'realex',
    async start(attempt) {
      return {
        kind: 'redirect',
        redirect: {
          url: config.hppUrl(context.origin),
          method: 'POST',
          fields: await hppRequestFields(config, attempt, context),
        },
      }
    },
    // The page answers by a signed post (consumer data); an answer that never came is asked of
    // the remote API's query (unanswered-payments.ts).
    async status(attempt) {
      if (!context.remote) return { kind: 'pending' }
      return queryRealexAttempt({
        url: context.remote.url,
        fetch: context.remote.fetch,
        secret: config.secret,
        now: context.now,
        merchantId: config.merchantId,
        account: config.account,
        orderId: attempt.gatewayOrderId,
      })
    },
    async void(attempt, externalRef) {
      if (!context.remote) {
        return {
          voided: false,
          definite: true,
          resultCode: 'unavailable',
          resultMessage: 'no remote API',
        }
      }
      if (!externalRef) {
        return {
          voided: false,
          definite: true,
          resultCode: 'no_pasref',
          resultMessage: 'no PASREF to void',
        }
      }
      return voidRealexTransaction({
        ...remoteCall(context.remote, attempt.gatewayOrderId),
        pasref: externalRef,
      })
    },
    async capture(attempt, externalRef, amount) {
      if (!context.remote) {
        return { captured: false, definite: true, resultCode: 'unavailable', resultMessage: '' }
      }
      if (!externalRef) {
        return { captured: false, definite: true, resultCode: 'no_pasref', resultMessage: '' }
      }
      return settleRealexTransaction({
        ...remoteCall(context.remote, attempt.gatewayOrderId),
        pasref: externalRef,
        authcode: attempt.authCode ?? '',
        amount,
        currency: attempt.currency,
      })
    },
    async refund(attempt, externalRef, refund) {
      const refused = (resultCode: string, resultMessage: string) => ({
        refunded: false,
        definite: true,
        resultCode,
        resultMessage,
        actionRef: null,
      })
      if (!context.remote?.rebatePassword) return refused('unavailable', 'no rebate password')
      if (!externalRef) return refused('no_pasref', 'no PASREF to rebate')
      return rebateRealexTransaction({
        ...remoteCall(context.remote, attempt.gatewayOrderId),
        rebatePassword: context.remote.rebatePassword,
        pasref: externalRef,
        authcode: attempt.authCode ?? '',
        amount: refund.amount,
        currency: attempt.currency,
      })
    },
    async refunds(attempt) {
      if (!context.remote) {
        return { known: false, resultCode: 'unavailable', resultMessage: 'no remote API' }
      }
      return queryRealexTransaction({
        ...remoteCall(context.remote, attempt.gatewayOrderId),
      })
    },
    async forgetCard(token) {
      const refs = splitRealexToken(token)
      if (!refs)
        return { forgotten: false, resultCode: 'bad_token', resultMessage: 'not a card ref' }
      if (!context.remote) {
        return { forgotten: false, resultCode: 'unavailable', resultMessage: 'no remote API' }
      }
      return cancelRealexCard({
        ...remoteCall(context.remote, ''),
        payerRef: refs.payerRef,
        pmtRef: refs.pmtRef,
      })
    },
  }
}

const SAVED_TYPES: Readonly<Record<string, CardBrand>> = {
  VISA: 'visa',
  MC: 'mastercard',
  MASTERCARD: 'mastercard',
  DISCOVER: 'discover',
  JCB: 'jcb',
}

/**
 * The card the page stored (SAVED_PMT_* fields), under the refs WE asked for. These fields are not
 * covered by the hash, so only display fields are taken and only when they are well formed.
 */
export function storedCardOf(
  fields: Readonly<Record<string, string>>,
  refs: { payerRef: string; pmtRef: string }
): StoredCard | null {
  if (fields.PMT_SETUP !== undefined && fields.PMT_SETUP !== HPP_RESULT.success) return null
  if (fields.SAVED_PMT_REF !== refs.pmtRef) return null
  const brand = SAVED_TYPES[(fields.SAVED_PMT_TYPE ?? '').toUpperCase()]
  const last4 = /(\d{4})$/.exec(fields.SAVED_PMT_DIGITS ?? '')?.[1]
  const expiry = /^(0[1-9]|1[0-2])(\d{2})$/.exec(fields.SAVED_PMT_EXPDATE ?? '')
  if (!brand || !last4 || !expiry) return null
  return {
    token: `${refs.payerRef}:${refs.pmtRef}`,
    brand,
    last4,
    expiryMonth: Number(expiry[1]),
    expiryYear: 2000 + Number(expiry[2]),
    cardholderName: fields.SAVED_PMT_NAME?.trim().slice(0, 100) || null,
  }
}

/** What a verified answer means: 00 authorised, 1xx declined, anything else failed. */
export function hppOutcome(fields: Readonly<Record<string, string>>): GatewayOutcome {
  const resultCode = fields.RESULT ?? ''
  const resultMessage = (fields.MESSAGE ?? '').slice(0, 500)
  if (resultCode === HPP_RESULT.success) {
    return {
      kind: 'authorised',
      externalRef: fields.PASREF || null,
      authCode: fields.AUTHCODE || null,
      resultCode,
      resultMessage,
      storedCard: null,
    }
  }
  return { kind: DECLINE_CODES.has(resultCode) ? 'declined' : 'failed', resultCode, resultMessage }
}

import { hppHash, hppTimestamp, verifyHppResponse } from '../../realex/hpp.ts'
import { parseRemoteXml, remoteResponseFields } from '../../realex/remote-xml.ts'
import { escapeXml } from '../../lib/xml.ts'
import type { PaymentSandbox } from '../adapters.ts'
import type { RealexConfig } from './config.ts'
import type { GatewayOutcome, PaymentAttempt } from './gateway.ts'
import { hppOutcome } from './realex-gateway.ts'

/*
 * Apple Pay and Google Pay tokens through the Realex remote API (`<request type="auth-mobile">`,
 * mobile 'apple-pay' / 'pay-with-google'), or, in the local sandbox, the sandbox wallet sheet's
 * signed single-use token. (With the frames provider, wallet tokens go through its /tokens and
 * /payments: worker/backend/payments/frames-payments.ts.)
 */

export type Wallet = 'applePay' | 'googlePay'

const MOBILE: Readonly<Record<Wallet, string>> = {
  applePay: 'apple-pay',
  googlePay: 'pay-with-google',
}

export interface AuthMobileInput {
  timestamp: string
  merchantId: string
  account: string
  orderId: string
  amount: number
  currency: string
  wallet: Wallet
  token: string
  /** Held for a later settle (an order with weighed lines, ADR 039) instead of auto-settled. */
  captureLater?: boolean
}

/**
 * SHA1HASH of auth-mobile: TIMESTAMP.MERCHANT_ID.ORDER_ID.AMOUNT.CURRENCY.TOKEN. Apple Pay's
 * amount is inside its token, so AMOUNT and CURRENCY are empty for it; Google Pay names both.
 */
export function authMobileHash(input: AuthMobileInput, secret: string): Promise<string> {
  const google = input.wallet === 'googlePay'
  return hppHash(
    [
      input.timestamp,
      input.merchantId,
      input.orderId,
      google ? String(input.amount) : '',
      google ? input.currency : '',
      input.token,
    ],
    secret
  )
}

/** `<request type="auth-mobile">` with the wallet's token, auto-settled. */
export async function authMobileXml(input: AuthMobileInput, secret: string): Promise<string> {
  const hash = await authMobileHash(input, secret)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<request type="auth-mobile" timestamp="${escapeXml(input.timestamp)}">`,
    `<merchantid>${escapeXml(input.merchantId)}</merchantid>`,
    `<account>${escapeXml(input.account)}</account>`,
    '<channel>ECOM</channel>',
    `<orderid>${escapeXml(input.orderId)}</orderid>`,
    ...(input.wallet === 'googlePay'
      ? [`<amount currency="${escapeXml(input.currency)}">${input.amount}</amount>`]
      : []),
    `<mobile>${MOBILE[input.wallet]}</mobile>`,
    `<token>${escapeXml(input.token)}</token>`,
    `<autosettle flag="${input.captureLater === true ? '0' : '1'}"/>`,
    `<sha1hash>${hash}</sha1hash>`,
    '</request>',
  ].join('\n')
}

export interface WalletCharge {
  outcome: GatewayOutcome
  /** The gateway's reference of the charge (PASREF, payment id), kept for status and voids. */
  ref: string | null
}

function failed(resultCode: string, resultMessage = ''): WalletCharge {
  return { outcome: { kind: 'failed', resultCode, resultMessage }, ref: null }
}

/**
 * Charges a wallet token through the Realex remote API. Authorised only on RESULT 00 in an answer
 * whose hash verifies and names our merchant and ORDER_ID.
 */
export async function realexWalletCharge(
  config: RealexConfig,
  attempt: PaymentAttempt,
  wallet: Wallet,
  remote: { url: string; fetch: typeof fetch; now: Date }
): Promise<WalletCharge> {
  const xml = await authMobileXml(
    {
      timestamp: hppTimestamp(remote.now),
      merchantId: config.merchantId,
      account: config.account,
      orderId: attempt.gatewayOrderId,
      amount: attempt.amount,
      currency: attempt.currency,
      wallet,
      token: attempt.token ?? '',
      captureLater: attempt.captureLater === true,
    },
    config.secret
  )
  let text: string
  try {
    const response = await remote.fetch(remote.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=UTF-8' },
      body: xml,
    })
    text = await response.text()
    if (!response.ok) return failed(`http_${response.status}`)
  } catch {
    return failed('unreachable')
  }
  const parsed = parseRemoteXml(text, 'response')
  if (!parsed) return failed('bad_answer')
  const signed = remoteResponseFields(parsed.attributes.timestamp ?? '', parsed.fields)
  if (
    signed.MERCHANT_ID !== config.merchantId ||
    signed.ORDER_ID !== attempt.gatewayOrderId ||
    !(await verifyHppResponse(signed, config.secret))
  ) {
    return failed('bad_signature', signed.MESSAGE ?? '')
  }
  return { outcome: hppOutcome(signed), ref: signed.PASREF || null }
}

/** The local sandbox's wallet charge: the sandbox sheet's token, verified and spent once. */
export async function sandboxWalletCharge(
  sandbox: PaymentSandbox,
  db: D1Database,
  config: Pick<RealexConfig, 'merchantId' | 'account' | 'secret'>,
  attempt: PaymentAttempt,
  wallet: Wallet
): Promise<WalletCharge> {
  const outcome = await sandbox.spendWalletToken(db, config.secret, wallet, attempt.token ?? '')
  if (outcome === null) return failed('token_invalid', 'Wallet token invalid or already used')
  const ref = `SBXW${attempt.gatewayOrderId.replace(/[^A-Za-z0-9]/g, '').slice(-16)}`
  if (outcome === 'approve') {
    // The sandbox holds the authorisation like the card page's, so it can be voided or refunded.
    await sandbox.recordAuthorisation(db, {
      merchantId: config.merchantId,
      account: config.account,
      orderId: attempt.gatewayOrderId,
      pasref: ref,
      amount: attempt.amount,
      currency: attempt.currency,
      autoSettle: attempt.captureLater !== true,
    })
  }
  return outcome === 'approve'
    ? {
        outcome: {
          kind: 'authorised',
          externalRef: ref,
          authCode: 'SBXWAL',
          resultCode: '00',
          resultMessage: 'AUTH CODE: SBXWAL',
          storedCard: null,
        },
        ref,
      }
    : { outcome: { kind: 'declined', resultCode: '101', resultMessage: 'DECLINED' }, ref }
}

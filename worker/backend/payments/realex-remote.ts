import {
  localSandboxActive,
  paymentsSandbox,
  SANDBOX_REMOTE_PATH,
} from '../../lib/payments-config.ts'
import type {
  GatewayCaptureResult,
  GatewayOutcome,
  GatewayForgetResult,
  GatewayRefundResult,
  GatewayRefundsAnswer,
  GatewayVoidResult,
} from './gateway.ts'
import { HPP_RESULT, hppTimestamp, verifyHppResponse } from '../../realex/hpp.ts'
import {
  parseRemoteXml,
  type RemoteHashAlgorithm,
  type RemoteRebateInput,
  type RemoteVoidInput,
  type RemoteCancelCardInput,
  type RemoteQueryInput,
  remoteCancelCardXml,
  remoteQueryXml,
  remoteRebateXml,
  remoteSettleXml,
  remoteResponseFields,
  remoteVoidXml,
} from '../../realex/remote-xml.ts'

/*
 * The Realex (Global Payments) remote API: XML requests posted server to server, signed with the
 * shared secret like the hosted page (sha1(sha1(fields joined by '.') + '.' + secret)), answered
 * by a signed XML response. We use it to void an authorisation before settlement and to rebate
 * (refund) part or all of one after.
 */

/** Live and sandbox remote API addresses. */
export const REALEX_REMOTE_URLS = {
  live: 'https://api.realexpayments.com/epage-remote.cgi',
  sandbox: 'https://api.sandbox.realexpayments.com/epage-remote.cgi',
} as const

/** The remote API address of this deployment; the local sandbox's is on `origin`. */
export function realexRemoteUrl(
  env: Pick<Env, 'PAYMENTS_MODE' | 'REALEX_MERCHANT_ID'>,
  origin: string
): string {
  if (localSandboxActive(env)) return `${origin}${SANDBOX_REMOTE_PATH}`
  return paymentsSandbox(env) ? REALEX_REMOTE_URLS.sandbox : REALEX_REMOTE_URLS.live
}

/** What came back from one remote API call: nothing usable, or a parsed (maybe signed) answer. */
type RemoteAnswer =
  | { reached: false; resultCode: string; resultMessage: string }
  | {
      reached: true
      resultCode: string
      resultMessage: string
      signed: boolean
      fields: Record<string, string>
    }

/**
 * Posts one signed request and reads the answer. `signed` is true only for a response whose hash
 * verifies and that names our merchant and ORDER_ID.
 */
async function postRemote(input: {
  url: string
  fetch: typeof fetch
  secret: string
  body: string
  merchantId: string
  orderId: string
}): Promise<RemoteAnswer> {
  let text: string
  try {
    const response = await input.fetch(input.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=UTF-8' },
      body: input.body,
    })
    text = await response.text()
    if (!response.ok) {
      return { reached: false, resultCode: `http_${response.status}`, resultMessage: '' }
    }
  } catch (error) {
    return {
      reached: false,
      resultCode: 'unreachable',
      resultMessage: (error instanceof Error ? error.message : String(error)).slice(0, 200),
    }
  }
  const parsed = parseRemoteXml(text, 'response')
  if (!parsed) return { reached: false, resultCode: 'bad_answer', resultMessage: '' }
  const resultCode = parsed.fields.result ?? ''
  const resultMessage = (parsed.fields.message ?? '').slice(0, 500)
  const fields = remoteResponseFields(parsed.attributes.timestamp ?? '', parsed.fields)
  const signed =
    fields.MERCHANT_ID === input.merchantId &&
    fields.ORDER_ID === input.orderId &&
    (await verifyHppResponse(fields, input.secret))
  return { reached: true, resultCode, resultMessage, signed, fields: parsed.fields }
}

interface RemoteCallInput {
  url: string
  fetch: typeof fetch
  secret: string
  now: Date
}

/**
 * Voids a transaction through the remote API. Voided only on RESULT 00 in a response whose hash
 * verifies and that names our merchant and ORDER_ID. A refusal (any other RESULT) is definite; no
 * answer, or one we cannot trust, is not: the void may have happened, so it is reconciled.
 */
export async function voidRealexTransaction(
  input: RemoteCallInput & Omit<RemoteVoidInput, 'timestamp'>
): Promise<GatewayVoidResult> {
  const body = await remoteVoidXml({ ...input, timestamp: hppTimestamp(input.now) }, input.secret)
  const answer = await postRemote({ ...input, body })
  const { resultCode, resultMessage } = answer
  if (!answer.reached) return { voided: false, definite: false, resultCode, resultMessage }
  if (resultCode !== HPP_RESULT.success) {
    return { voided: false, definite: true, resultCode, resultMessage }
  }
  if (!answer.signed) {
    return { voided: false, definite: false, resultCode: 'bad_signature', resultMessage }
  }
  return { voided: true, definite: true, resultCode, resultMessage }
}

/**
 * Gives back `amount` pence of a transaction through the remote API (`rebate`). Refunded only on
 * RESULT 00 in a verified answer. A refusal (any other RESULT) is definite; no answer, or an
 * answer we cannot trust, is not: Realex has no idempotency key, so the caller must reconcile
 * such a rebate rather than send it again.
 */
export async function rebateRealexTransaction(
  input: RemoteCallInput &
    Omit<RemoteRebateInput, 'timestamp'> & {
      rebatePassword: string
      algorithm?: RemoteHashAlgorithm
    }
): Promise<GatewayRefundResult> {
  const body = await remoteRebateXml(
    { ...input, timestamp: hppTimestamp(input.now) },
    { secret: input.secret, rebatePassword: input.rebatePassword },
    input.algorithm
  )
  const answer = await postRemote({ ...input, body })
  const { resultCode, resultMessage } = answer
  if (!answer.reached) {
    return { refunded: false, definite: false, resultCode, resultMessage, actionRef: null }
  }
  if (resultCode !== HPP_RESULT.success) {
    return { refunded: false, definite: true, resultCode, resultMessage, actionRef: null }
  }
  if (!answer.signed) {
    return {
      refunded: false,
      definite: false,
      resultCode: 'bad_signature',
      resultMessage,
      actionRef: null,
    }
  }
  return { refunded: true, definite: true, resultCode, resultMessage, actionRef: null }
}

/**
 * Settles `amount` pence of an authorisation made with AUTO_SETTLE_FLAG=0 (`settle`). Captured
 * only on RESULT 00 in a verified answer; a refusal is definite; no answer, or one we cannot
 * trust, is not (the settle may have happened: it is asked about again, never sent blind).
 */
export async function settleRealexTransaction(
  input: RemoteCallInput & Omit<RemoteRebateInput, 'timestamp'>
): Promise<GatewayCaptureResult> {
  const body = await remoteSettleXml({ ...input, timestamp: hppTimestamp(input.now) }, input.secret)
  const answer = await postRemote({ ...input, body })
  const { resultCode, resultMessage } = answer
  if (!answer.reached) return { captured: false, definite: false, resultCode, resultMessage }
  if (resultCode !== HPP_RESULT.success) {
    return { captured: false, definite: true, resultCode, resultMessage }
  }
  if (!answer.signed) {
    return { captured: false, definite: false, resultCode: 'bad_signature', resultMessage }
  }
  return { captured: true, definite: true, resultCode, resultMessage }
}

/**
 * Asks the remote API what became of a transaction (`query` by ORDER_ID), for the reconciliation
 * of a rebate we never heard back from: known only in a verified RESULT 00 answer that says how
 * much was rebated on it (`rebatedamount`). Realex keeps no reference per rebate, so the answer
 * is the transaction's total; anything else leaves the rebate unsettled, never resent blind.
 */
export async function queryRealexTransaction(
  input: RemoteCallInput & Omit<RemoteQueryInput, 'timestamp'>
): Promise<GatewayRefundsAnswer> {
  const body = await remoteQueryXml({ ...input, timestamp: hppTimestamp(input.now) }, input.secret)
  const answer = await postRemote({ ...input, body })
  const { resultCode, resultMessage } = answer
  if (!answer.reached || resultCode !== HPP_RESULT.success) {
    return { known: false, resultCode, resultMessage }
  }
  if (!answer.signed) return { known: false, resultCode: 'bad_signature', resultMessage }
  const rebated = /^\d{1,11}$/.test(answer.fields.rebatedamount ?? '')
    ? Number(answer.fields.rebatedamount)
    : null
  if (rebated === null) return { known: false, resultCode: 'no_rebated_amount', resultMessage }
  // The transaction's state, when the answer names it (the local sandbox does: `<voided>`).
  const voidedField = answer.fields.voided
  const voided = voidedField === '1' ? true : voidedField === '0' ? false : null
  const capturedField = answer.fields.capturedamount ?? ''
  const captured = /^\d{1,11}$/.test(capturedField) ? Number(capturedField) : null
  return { known: true, total: rebated, refunds: null, voided, captured, resultCode, resultMessage }
}

/**
 * What the remote query says of an attempt whose hosted page never answered (the shopper closed
 * it, or the answer was lost): authorised, with its PASREF, in a verified RESULT 00 answer;
 * `failed` when the gateway answers, signed, that it holds no authorised transaction by that
 * ORDER_ID (the caller decides when that is final); `pending` when we cannot tell.
 */
export async function queryRealexAttempt(
  input: RemoteCallInput & Omit<RemoteQueryInput, 'timestamp'>
): Promise<GatewayOutcome> {
  const body = await remoteQueryXml({ ...input, timestamp: hppTimestamp(input.now) }, input.secret)
  const answer = await postRemote({ ...input, body })
  if (!answer.reached || !answer.signed) return { kind: 'pending' }
  const { resultCode, resultMessage } = answer
  if (resultCode !== HPP_RESULT.success) return { kind: 'failed', resultCode, resultMessage }
  const pasref = answer.fields.pasref ?? ''
  if (pasref === '') return { kind: 'pending' }
  return {
    kind: 'authorised',
    externalRef: pasref,
    authCode: answer.fields.authcode || null,
    resultCode,
    resultMessage,
    storedCard: null,
  }
}

/** Card storage's answer for a payer and card reference it does not hold (already deleted). */
export const REALEX_NO_SUCH_CARD = '520'

/**
 * Deletes a card kept by Realex card storage (card-cancel-card). Forgotten on RESULT 00 in a
 * verified answer, or when the gateway says it holds no such card; anything else (a refusal, no
 * answer, an answer we cannot trust) is `forgotten: false`, so the caller keeps its reference.
 */
export async function cancelRealexCard(
  input: RemoteCallInput & Omit<RemoteCancelCardInput, 'timestamp'>
): Promise<GatewayForgetResult> {
  const body = await remoteCancelCardXml(
    { ...input, timestamp: hppTimestamp(input.now) },
    input.secret
  )
  // The card storage answer names no order: its ORDER_ID is empty.
  const answer = await postRemote({ ...input, body, orderId: '' })
  const { resultCode, resultMessage } = answer
  if (!answer.reached) return { forgotten: false, resultCode, resultMessage }
  if (!answer.signed) return { forgotten: false, resultCode: 'bad_signature', resultMessage }
  const forgotten = resultCode === HPP_RESULT.success || resultCode === REALEX_NO_SUCH_CARD
  return { forgotten, resultCode, resultMessage }
}

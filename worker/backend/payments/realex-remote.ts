import {
  localSandboxActive,
  paymentsSandbox,
  SANDBOX_REMOTE_PATH,
} from '../../lib/payments-config.ts'
import type { GatewayVoidResult } from './gateway.ts'
import { HPP_RESULT, hppTimestamp, verifyHppResponse } from '../../lib/realex-hpp.ts'
import {
  parseRemoteXml,
  type RemoteVoidInput,
  remoteResponseFields,
  remoteVoidXml,
} from '../../lib/realex-remote-xml.ts'

/*
 * The Realex (Global Payments) remote API: XML requests posted server to server, signed with the
 * shared secret like the hosted page (sha1(sha1(fields joined by '.') + '.' + secret)), answered
 * by a signed XML response. We use it to void an authorisation we must not keep.
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

/**
 * Voids a transaction through the remote API. Voided only on RESULT 00 in a response whose hash
 * verifies and that names our merchant and ORDER_ID; anything else (a refusal, a network error,
 * an unsigned or altered answer) is `voided: false` with what we learnt.
 */
export async function voidRealexTransaction(
  input: { url: string; fetch: typeof fetch; secret: string; now: Date } & Omit<
    RemoteVoidInput,
    'timestamp'
  >
): Promise<GatewayVoidResult> {
  const body = await remoteVoidXml({ ...input, timestamp: hppTimestamp(input.now) }, input.secret)
  let text: string
  try {
    const response = await input.fetch(input.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=UTF-8' },
      body,
    })
    text = await response.text()
    if (!response.ok) {
      return { voided: false, resultCode: `http_${response.status}`, resultMessage: '' }
    }
  } catch (error) {
    return {
      voided: false,
      resultCode: 'unreachable',
      resultMessage: (error instanceof Error ? error.message : String(error)).slice(0, 200),
    }
  }
  const parsed = parseRemoteXml(text, 'response')
  if (!parsed) return { voided: false, resultCode: 'bad_answer', resultMessage: '' }
  const resultCode = parsed.fields.result ?? ''
  const resultMessage = (parsed.fields.message ?? '').slice(0, 500)
  if (resultCode !== HPP_RESULT.success) return { voided: false, resultCode, resultMessage }
  const signed = remoteResponseFields(parsed.attributes.timestamp ?? '', parsed.fields)
  if (
    signed.MERCHANT_ID !== input.merchantId ||
    signed.ORDER_ID !== input.orderId ||
    !(await verifyHppResponse(signed, input.secret))
  ) {
    return { voided: false, resultCode: 'bad_signature', resultMessage }
  }
  return { voided: true, resultCode, resultMessage }
}

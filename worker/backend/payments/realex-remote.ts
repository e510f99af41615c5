import { escapeXml, unescapeXml } from '../../lib/xml.ts'
import { SANDBOX_GATEWAY_PATH, localSandboxActive, paymentsSandbox } from './config.ts'
import type { GatewayVoidResult } from './gateway.ts'
import { HPP_RESULT, hppHash, hppTimestamp, verifyHppResponse } from './realex-hpp.ts'

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

/** Where the local sandbox answers the remote API (worker/sandbox-gateway/remote.ts). */
export const SANDBOX_REMOTE_PATH = `${SANDBOX_GATEWAY_PATH}/remote`

/** The remote API address of this deployment; the local sandbox's is on `origin`. */
export function realexRemoteUrl(
  env: Pick<Env, 'PAYMENTS_MODE' | 'REALEX_MERCHANT_ID'>,
  origin: string
): string {
  if (localSandboxActive(env)) return `${origin}${SANDBOX_REMOTE_PATH}`
  return paymentsSandbox(env) ? REALEX_REMOTE_URLS.sandbox : REALEX_REMOTE_URLS.live
}

/** What a void names: the transaction's ORDER_ID and the PASREF of its authorisation. */
export interface RemoteVoidInput {
  merchantId: string
  account: string
  orderId: string
  pasref: string
  timestamp: string
}

/** The void's SHA1HASH: TIMESTAMP.MERCHANT_ID.ORDER_ID with empty AMOUNT, CURRENCY and card. */
export function remoteVoidHash(input: RemoteVoidInput, secret: string): Promise<string> {
  return hppHash([input.timestamp, input.merchantId, input.orderId, '', '', ''], secret)
}

/** `<request type="void">` for the remote API. */
export async function remoteVoidXml(input: RemoteVoidInput, secret: string): Promise<string> {
  const hash = await remoteVoidHash(input, secret)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<request type="void" timestamp="${escapeXml(input.timestamp)}">`,
    `<merchantid>${escapeXml(input.merchantId)}</merchantid>`,
    `<account>${escapeXml(input.account)}</account>`,
    `<orderid>${escapeXml(input.orderId)}</orderid>`,
    `<pasref>${escapeXml(input.pasref)}</pasref>`,
    `<sha1hash>${hash}</sha1hash>`,
    '</request>',
  ].join('\n')
}

/**
 * The flat elements of a remote API request or response (`<response timestamp="…">` and its
 * child elements; nested ones are not needed), or null when it is not one.
 */
export function parseRemoteXml(
  xml: string,
  root: 'request' | 'response'
): { attributes: Record<string, string>; fields: Record<string, string> } | null {
  const open = new RegExp(`<${root}((?:\\s+[a-z]+="[^"]*")*)\\s*>([\\s\\S]*)</${root}>`).exec(xml)
  if (!open) return null
  const attributes: Record<string, string> = {}
  for (const [, name, value] of (open[1] ?? '').matchAll(/([a-z]+)="([^"]*)"/g)) {
    if (name !== undefined && value !== undefined) attributes[name] = unescapeXml(value)
  }
  const fields: Record<string, string> = {}
  for (const [, name, value] of (open[2] ?? '').matchAll(/<([a-z0-9_]+)>([^<]*)<\/\1>/g)) {
    if (name !== undefined && value !== undefined) fields[name] = unescapeXml(value)
  }
  for (const [, name] of (open[2] ?? '').matchAll(/<([a-z0-9_]+)\s*\/>/g)) {
    if (name !== undefined) fields[name] = ''
  }
  return { attributes, fields }
}

/** A signed remote API answer as the hash fields name them (the hosted page's formula). */
export function remoteResponseFields(
  timestamp: string,
  fields: Readonly<Record<string, string>>
): Record<string, string> {
  return {
    TIMESTAMP: timestamp,
    MERCHANT_ID: fields.merchantid ?? '',
    ORDER_ID: fields.orderid ?? '',
    RESULT: fields.result ?? '',
    MESSAGE: fields.message ?? '',
    PASREF: fields.pasref ?? '',
    AUTHCODE: fields.authcode ?? '',
    SHA1HASH: fields.sha1hash ?? '',
  }
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

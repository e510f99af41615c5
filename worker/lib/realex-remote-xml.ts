import { hppHash } from './realex-hpp.ts'
import { escapeXml, unescapeXml } from './xml.ts'

/*
 * The messages of the Realex (Global Payments) remote API: XML posted server to server, signed
 * with the shared secret like the hosted page. The backend's gateway sends them and the local
 * sandbox gateway answers them.
 */

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

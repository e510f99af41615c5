import { toHex } from '../lib/crypto.ts'
import { hppHash } from './hpp.ts'
import { escapeXml, unescapeXml } from '../lib/xml.ts'

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

/** What a transaction query names: the ORDER_ID alone. */
export interface RemoteQueryInput {
  merchantId: string
  account: string
  orderId: string
  timestamp: string
}

/**
 * The SHA1HASH of a request that names a transaction and moves no money (void, query):
 * TIMESTAMP.MERCHANT_ID.ORDER_ID with empty AMOUNT, CURRENCY and card.
 */
export function remoteOrderHash(input: RemoteQueryInput, secret: string): Promise<string> {
  return hppHash([input.timestamp, input.merchantId, input.orderId, '', '', ''], secret)
}

/** One child element, its text escaped. */
function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`
}

/**
 * The one envelope every remote request shares: the declaration, `<request type timestamp>`,
 * the request's own elements in order, and the signature element last.
 */
function remoteRequestXml(
  type: string,
  timestamp: string,
  elements: ReadonlyArray<string>,
  signature: string
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<request type="${type}" timestamp="${escapeXml(timestamp)}">`,
    ...elements,
    signature,
    '</request>',
  ].join('\n')
}

/** The merchant, account and ORDER_ID a transaction's request opens with. */
function transactionElements(input: RemoteQueryInput): Array<string> {
  return [
    element('merchantid', input.merchantId),
    element('account', input.account),
    element('orderid', input.orderId),
  ]
}

/** `<request type="void">` for the remote API. */
export async function remoteVoidXml(input: RemoteVoidInput, secret: string): Promise<string> {
  const hash = await remoteOrderHash(input, secret)
  return remoteRequestXml(
    'void',
    input.timestamp,
    [...transactionElements(input), element('pasref', input.pasref)],
    `<sha1hash>${hash}</sha1hash>`
  )
}

/** `<request type="query">`: what became of a transaction, by its ORDER_ID. */
export async function remoteQueryXml(input: RemoteQueryInput, secret: string): Promise<string> {
  const hash = await remoteOrderHash(input, secret)
  return remoteRequestXml(
    'query',
    input.timestamp,
    transactionElements(input),
    `<sha1hash>${hash}</sha1hash>`
  )
}

/** What a stored card's deletion names: the payer and the card (payment method) references. */
export interface RemoteCancelCardInput {
  merchantId: string
  payerRef: string
  pmtRef: string
  timestamp: string
}

/** card-cancel-card's SHA1HASH: TIMESTAMP.MERCHANT_ID.PAYER_REF.PMT_REF (card storage API). */
export function remoteCancelCardHash(
  input: RemoteCancelCardInput,
  secret: string
): Promise<string> {
  return hppHash([input.timestamp, input.merchantId, input.payerRef, input.pmtRef], secret)
}

/** `<request type="card-cancel-card">`: deletes a card kept by card storage. */
export async function remoteCancelCardXml(
  input: RemoteCancelCardInput,
  secret: string
): Promise<string> {
  const hash = await remoteCancelCardHash(input, secret)
  const card = [
    '<card>',
    element('ref', input.pmtRef),
    element('payerref', input.payerRef),
    '</card>',
  ]
  return remoteRequestXml(
    'card-cancel-card',
    input.timestamp,
    [element('merchantid', input.merchantId), ...card],
    `<sha1hash>${hash}</sha1hash>`
  )
}

/** Which digest signs a remote request: the SDKs' sha1 default, or their newer sha256. */
export type RemoteHashAlgorithm = 'sha1' | 'sha256'

/** What a rebate (refund of a settled or authorised transaction) names; amount in pence. */
export interface RemoteRebateInput {
  merchantId: string
  account: string
  orderId: string
  pasref: string
  authcode: string
  /** Minor units (pence), 1–11 digits. */
  amount: number
  currency: string
  timestamp: string
}

const encoder = new TextEncoder()

async function digestHex(algorithm: RemoteHashAlgorithm, text: string): Promise<string> {
  const name = algorithm === 'sha1' ? 'SHA-1' : 'SHA-256'
  return toHex(await crypto.subtle.digest(name, encoder.encode(text)))
}

/**
 * The rebate's request hash: TIMESTAMP.MERCHANT_ID.ORDER_ID.AMOUNT.CURRENCY with the card number
 * empty (so the joined string ends with a dot), double-hashed with the shared secret like every
 * Realex hash; sha256 is the same construction with SHA-256 (GenerationUtils.generateNewHash).
 */
export async function remoteRebateHash(
  input: RemoteRebateInput,
  secret: string,
  algorithm: RemoteHashAlgorithm = 'sha1'
): Promise<string> {
  const fields = [input.timestamp, input.merchantId, input.orderId, String(input.amount)]
  const joined = [...fields, input.currency, ''].join('.')
  if (algorithm === 'sha1') return hppHash([joined], secret)
  return digestHex('sha256', `${await digestHex('sha256', joined)}.${secret}`)
}

/** What a settle and a rebate both send: the transaction, its PASREF, AUTHCODE and amount. */
function amountElements(input: RemoteRebateInput): Array<string> {
  return [
    ...transactionElements(input),
    element('pasref', input.pasref),
    element('authcode', input.authcode),
    `<amount currency="${escapeXml(input.currency)}">${input.amount}</amount>`,
  ]
}

/**
 * `<request type="settle">`: takes `amount` of an authorisation made with AUTO_SETTLE_FLAG=0 (a
 * delayed settlement). Its hash is the rebate's: TIMESTAMP.MERCHANT_ID.ORDER_ID.AMOUNT.CURRENCY.
 */
export async function remoteSettleXml(input: RemoteRebateInput, secret: string): Promise<string> {
  if (!Number.isInteger(input.amount) || input.amount < 0 || input.amount > 99_999_999_999) {
    throw new RangeError('a settle amount is 1 to 11 digits of pence')
  }
  const hash = await remoteRebateHash(input, secret)
  return remoteRequestXml(
    'settle',
    input.timestamp,
    amountElements(input),
    `<sha1hash>${hash}</sha1hash>`
  )
}

/**
 * The rebate's REFUNDHASH: sha1 of the account's rebate password (a second secret Realex sets per
 * account, so the shared secret alone cannot give money back).
 */
export function remoteRefundHash(rebatePassword: string): Promise<string> {
  return digestHex('sha1', rebatePassword)
}

/** `<request type="rebate">` for the remote API: a whole or partial refund of one transaction. */
export async function remoteRebateXml(
  input: RemoteRebateInput,
  secrets: { secret: string; rebatePassword: string },
  algorithm: RemoteHashAlgorithm = 'sha1'
): Promise<string> {
  if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > 99_999_999_999) {
    throw new RangeError('a rebate amount is 1 to 11 digits of pence')
  }
  const hash = await remoteRebateHash(input, secrets.secret, algorithm)
  const refundHash = await remoteRefundHash(secrets.rebatePassword)
  return remoteRequestXml(
    'rebate',
    input.timestamp,
    [...amountElements(input), `<refundhash>${refundHash}</refundhash>`],
    `<${algorithm}hash>${hash}</${algorithm}hash>`
  )
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

/** A rebate's `<amount currency="GBP">500</amount>` (attributes the flat parser skips), or null. */
export function remoteAmount(xml: string): { amount: number; currency: string } | null {
  const match = /<amount currency="([A-Z]{3})">(\d{1,11})<\/amount>/.exec(xml)
  return match?.[1] && match[2] ? { currency: match[1], amount: Number(match[2]) } : null
}

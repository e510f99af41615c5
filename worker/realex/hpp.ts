import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { constantTimeEqual, toHex } from '../lib/crypto.ts'

/*
 * The Realex / Global Payments Hosted Payment Page protocol (reference: the official rxp-hpp SDKs):
 * the signed request we hand the card page, and the check of its signed answer. Pure apart from
 * Web Crypto; the gateway, the sandbox card page and the payments routes build on it.
 */

/** Live and sandbox card page addresses (rxp-js allowedHppUrls). */
export const HPP_URLS = {
  live: 'https://pay.realexpayments.com/pay',
  sandbox: 'https://pay.sandbox.realexpayments.com/pay',
} as const

/** RESULT codes we act on: 00 success, 1xx declines, 5xx request problems. */
export const HPP_RESULT = {
  success: '00',
  declined: '101',
  referralB: '102',
  referralA: '103',
  duplicateOrderId: '501',
  wrongRequestHash: '508',
} as const

const encoder = new TextEncoder()

async function sha1Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-1', encoder.encode(text)))
}

/**
 * GenerationUtils.generateHash of the SDKs: sha1(sha1(fields joined by '.') + '.' + secret),
 * lowercase hex; a missing field counts as ''.
 */
export async function hppHash(
  fields: ReadonlyArray<string | undefined>,
  secret: string
): Promise<string> {
  const first = await sha1Hex(fields.map((field) => field ?? '').join('.'))
  return sha1Hex(`${first}.${secret}`)
}

/** TIMESTAMP as the protocol writes it: YYYYMMDDHHMMSS (we send UTC). */
export function hppTimestamp(at: Date): string {
  return format(new TZDate(at, 'UTC'), 'yyyyMMddHHmmss')
}

/** What the request hash covers, with the card-storage fields when used. */
export interface HppRequestHashInput {
  timestamp: string
  merchantId: string
  orderId: string
  /** Minor units, as digits. */
  amount: string
  currency: string
  /** CARD_STORAGE_ENABLE=1: PAYER_REF and PMT_REF are appended. */
  cardStorage?: { payerRef: string; paymentRef: string }
  /**
   * HPP_SELECT_STORED_CARD: the payer whose stored cards are offered, appended in place of
   * PAYER_REF, then PMT_REF ('' when none was chosen: the SDKs then end the string with a dot).
   */
  selectStoredCard?: { payerRef: string; paymentRef?: string }
  /** HPP_FRAUDFILTER_MODE, appended when present (dotnet-sdk). */
  fraudFilterMode?: string
}

/** SHA1HASH of a card page request. */
export function hppRequestHash(input: HppRequestHashInput, secret: string): Promise<string> {
  const fields: Array<string | undefined> = [
    input.timestamp,
    input.merchantId,
    input.orderId,
    input.amount,
    input.currency,
  ]
  if (input.selectStoredCard) {
    fields.push(input.selectStoredCard.payerRef, input.selectStoredCard.paymentRef ?? '')
  } else if (input.cardStorage) {
    fields.push(input.cardStorage.payerRef, input.cardStorage.paymentRef)
  }
  if (input.fraudFilterMode) fields.push(input.fraudFilterMode)
  return hppHash(fields, secret)
}

/** The answer fields the response hash covers (AMOUNT is not one of them). */
export interface HppResponseHashInput {
  timestamp: string
  merchantId: string
  orderId: string
  result: string
  message: string
  pasref: string
  authcode: string
}

/** SHA1HASH of a card page answer: TIMESTAMP.MERCHANT_ID.ORDER_ID.RESULT.MESSAGE.PASREF.AUTHCODE. */
export function hppResponseHash(input: HppResponseHashInput, secret: string): Promise<string> {
  return hppHash(
    [
      input.timestamp,
      input.merchantId,
      input.orderId,
      input.result,
      input.message,
      input.pasref,
      input.authcode,
    ],
    secret
  )
}

/**
 * Whether a card page answer is genuine: its SHA1HASH equals ours over the covered fields,
 * compared in constant time. AMOUNT, ACCOUNT, CURRENCY and the card-storage fields are not
 * covered, so callers take the amount from their own order, keyed by ORDER_ID.
 */
export async function verifyHppResponse(
  fields: Readonly<Record<string, string | undefined>>,
  secret: string
): Promise<boolean> {
  const presented = (fields.SHA1HASH ?? '').toLowerCase()
  if (!/^[0-9a-f]{40}$/.test(presented)) return false
  const expected = await hppResponseHash(
    {
      timestamp: fields.TIMESTAMP ?? '',
      merchantId: fields.MERCHANT_ID ?? '',
      orderId: fields.ORDER_ID ?? '',
      result: fields.RESULT ?? '',
      message: fields.MESSAGE ?? '',
      pasref: fields.PASREF ?? '',
      authcode: fields.AUTHCODE ?? '',
    },
    secret
  )
  return constantTimeEqual(encoder.encode(presented), encoder.encode(expected))
}

function base64Encode(text: string): string {
  let binary = ''
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** One base64 value as UTF-8 text, or null when it is not valid base64 or UTF-8. */
export function base64Decode(text: string): string | null {
  try {
    const binary = atob(text)
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0))
    )
  } catch {
    return null
  }
}

/** The request JSON with every value base64-encoded (spec §5, rxp-hpp requestToJson(encoded)). */
export function encodeHppFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, base64Encode(value)])
  )
}

/**
 * An hppResponse as posted back: a JSON object of string values, each base64-encoded when we asked
 * for encoded fields. We know which mode we asked for, so a value that does not decode makes the
 * whole answer invalid (null) instead of being guessed at, as rxp-js does.
 */
export function decodeHppResponse(
  json: string,
  options: { encoded: boolean }
): Record<string, string> | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(parsed)) {
    // Nested objects (TSS) are not covered by the hash and not needed: left out.
    if (typeof value !== 'string') continue
    if (!options.encoded) {
      fields[key] = value
      continue
    }
    const decoded = base64Decode(value)
    if (decoded === null) return null
    fields[key] = decoded
  }
  return fields
}

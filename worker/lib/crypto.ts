import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from './errors.ts'
import { logError } from './log.ts'

const encoder = new TextEncoder()

/** Random bytes as base64url: 32 bytes (256 bits) give 43 characters. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

export function toHex(buffer: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * SHA-256 (hex) of an opaque token we issued. Enough for 256-bit random tokens: nothing to guess,
 * and a database leak does not reveal usable tokens.
 */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

/**
 * JSON with object keys sorted at every level and undefined fields left out, so equal values
 * hash equally (idempotency request hashes, KV cache keys).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Equal-length comparison that looks at every byte whatever the first difference. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return difference === 0
}

/** The shortest secret accepted: 32 random bytes are 43 base64url characters. */
const MIN_SECRET_LENGTH = 32

/**
 * A secret binding, or a logged configuration error and a 500: a missing or short secret must
 * never sign tokens or hash passwords.
 */
export function requireSecret(value: string | undefined, name: string): string {
  const secret = value?.trim() ?? ''
  if (secret.length >= MIN_SECRET_LENGTH) return secret
  logError(new Error(`${name} is missing or shorter than ${MIN_SECRET_LENGTH} characters`), {
    config: name,
  })
  throw new AppError('internal_error', MESSAGES.systemError)
}

const derivedKeys = new Map<string, Promise<Uint8Array>>()

/**
 * 32 bytes derived from a secret with HKDF-SHA-256 and a purpose label, so one secret serves
 * several purposes without any two sharing a key (the raw secret is never a key itself).
 */
export function deriveKey(secret: string, label: string): Promise<Uint8Array> {
  const cacheKey = `${label}\u0000${secret}`
  let key = derivedKeys.get(cacheKey)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveBits'])
      .then((base) =>
        crypto.subtle.deriveBits(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(label) },
          base,
          256
        )
      )
      .then((bits) => new Uint8Array(bits))
    key.catch(() => derivedKeys.delete(cacheKey))
    derivedKeys.set(cacheKey, key)
  }
  return key
}

/** HMAC-SHA-256 of a message with raw key bytes. */
export async function hmacSha256(key: Uint8Array, message: string): Promise<Uint8Array> {
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    key,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign']
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(message)))
}

import { constantTimeEqual, fromBase64Url, toBase64Url } from '../../lib/crypto.ts'

/**
 * PBKDF2 iterations for new hashes. Deployed Workers refuse PBKDF2 above 100,000 iterations
 * (local workerd and Node do not), so this must never exceed 100,000: SHA-512 and a pepper make
 * up the margin to OWASP's 210,000 (docs/decisions/009-auth-tokens-and-passwords.md).
 */
export const PBKDF2_ITERATIONS = 100_000
/** The most any Workers deployment accepts. */
export const WORKERS_PBKDF2_LIMIT = 100_000

export const PASSWORD_SCHEME = 'pbkdf2-sha512'
const SALT_BYTES = 16
const HASH_BITS = 512

const encoder = new TextEncoder()

// The pepper is an HMAC of the password with a secret kept outside the database: a stolen
// database alone cannot be brute-forced.
async function peppered(password: string, pepper: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(pepper),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign']
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(password)))
}

async function pbkdf2(
  password: string,
  pepper: string,
  salt: Uint8Array,
  iterations: number
): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    'raw',
    await peppered(password, pepper),
    'PBKDF2',
    false,
    ['deriveBits']
  )
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt, iterations },
    material,
    HASH_BITS
  )
  return new Uint8Array(bits)
}

/** 'pbkdf2-sha512$<iterations>$<salt>$<hash>' (base64url), so the cost can be raised later. */
export async function hashPassword(
  password: string,
  pepper: string,
  iterations = PBKDF2_ITERATIONS
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await pbkdf2(password, pepper, salt, iterations)
  return `${PASSWORD_SCHEME}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`
}

interface ParsedHash {
  iterations: number
  salt: Uint8Array
  hash: Uint8Array
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, count, salt, hash, ...rest] = stored.split('$')
  if (scheme !== PASSWORD_SCHEME || !count || !salt || !hash || rest.length) return null
  const iterations = Number(count)
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > WORKERS_PBKDF2_LIMIT) {
    return null
  }
  try {
    return { iterations, salt: fromBase64Url(salt), hash: fromBase64Url(hash) }
  } catch {
    return null
  }
}

export interface PasswordCheck {
  ok: boolean
  /** The stored hash is cheaper than today's cost: store a new hash of the same password. */
  needsRehash: boolean
}

/** Checks a password against a stored hash with the hash's own iteration count. */
export async function verifyPassword(
  password: string,
  stored: string,
  pepper: string
): Promise<PasswordCheck> {
  const parsed = parseHash(stored)
  if (!parsed) return { ok: false, needsRehash: false }
  const hash = await pbkdf2(password, pepper, parsed.salt, parsed.iterations)
  const ok = constantTimeEqual(hash, parsed.hash)
  return { ok, needsRehash: ok && parsed.iterations < PBKDF2_ITERATIONS }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the time of one password check when there is no account to check against, so a login
 * with an unknown email takes as long as one with a wrong password (no enumeration by timing).
 */
export async function spendPasswordCheck(password: string, pepper: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomUUID(), pepper)
  await verifyPassword(password, await dummyHash, pepper)
}

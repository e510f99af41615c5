/** Crockford base32 without I, L, O, U: nothing to misread when read out on the phone. */
export const READABLE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A random code of `length` characters from READABLE_ALPHABET (5 random bits each: 32 divides
 * 256, so every character is equally likely). Order numbers and referral codes use it.
 *
 * @example randomReadableCode(8) // 'K7Q2M9XA'
 */
export function randomReadableCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  return [...bytes].map((byte) => READABLE_ALPHABET.charAt(byte % 32)).join('')
}

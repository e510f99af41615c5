import type { OtpSendRequest, OtpSent, TokenResponse } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { deriveKey, hmacSha256, randomToken, toHex } from '../../lib/crypto.ts'
import {
  consumeOtpCode,
  countOtpAttempt,
  findCustomer,
  findOtpRecipient,
  recordLogin,
  replaceOtpCode,
} from './repo.ts'
import { type AuthDeps, startSession } from './sessions.ts'

/** A one-time password works for 10 minutes (ASVS 6.5.5 allows at most 10). */
export const OTP_TTL_SECONDS = 10 * 60

// The largest multiple of 1,000,000 that fits in 32 bits: values at or above it are drawn again,
// so every six-digit code is exactly as likely (no modulo bias).
const UNBIASED_LIMIT = Math.floor(2 ** 32 / 1_000_000) * 1_000_000

/** The code a 32-bit random value gives, or null when it must be drawn again. */
export function codeFromRandom(value: number): string | null {
  if (value >= UNBIASED_LIMIT) return null
  return String(value % 1_000_000).padStart(6, '0')
}

/**
 * Six random digits from the CSPRNG (20 bits, ASVS 6.5.4), uniform by rejection sampling.
 * Shared by one-time passwords and email verification codes.
 */
export function sixDigitCode(): string {
  for (;;) {
    const [value = UNBIASED_LIMIT] = crypto.getRandomValues(new Uint32Array(1))
    const code = codeFromRandom(value)
    if (code !== null) return code
  }
}

/**
 * HMAC-SHA-256 (hex) of a six-digit code and what it is bound to (the OTP request id, the member
 * of a verification code), with a key derived from SESSION_SECRET. Six digits are too few to store
 * as a plain hash: a leaked table would give every code up in a million tries.
 */
export async function hashOneTimeCode(
  sessionSecret: string,
  code: string,
  boundTo: string
): Promise<string> {
  const key = await deriveKey(sessionSecret, 'storefront one-time code v1')
  return toHex(await hmacSha256(key, `${boundTo}\u0000${code}`))
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

/**
 * Sends a login code to the member with this email or phone, by the chosen channel, to the address
 * or number on their account. An unknown account (or one without a phone for sms) gets the same
 * answer after the same hashing, with nothing stored or sent, so the answer never tells whether an
 * account exists. A messenger failure for a real account answers 502 'Unable to send one time
 * password code at this moment' with nothing stored.
 */
export async function sendOtp(deps: AuthDeps, input: OtpSendRequest): Promise<OtpSent> {
  const requestId = randomToken()
  const expiresAt = later(deps.now, OTP_TTL_SECONDS)
  const code = sixDigitCode()
  const codeHash = await hashOneTimeCode(deps.sessionSecret, code, requestId)
  const answer: OtpSent = { requestId, channel: input.channel, expiresAt }

  const recipient = await findOtpRecipient(
    deps.db,
    input.businessId,
    input.email !== undefined ? { email: input.email } : { phone: input.phone ?? '' }
  )
  const destination = input.channel === 'email' ? recipient?.email : recipient?.phone
  if (!recipient || !destination) return answer

  try {
    await deps.messenger.send({
      businessId: input.businessId,
      channel: input.channel,
      to: destination,
      template: 'one_time_password',
      data: { code, firstName: recipient.first_name, expiresAt, type: input.type },
    })
  } catch (error) {
    logError(error, { event: 'one-time password send failed', customerId: recipient.id })
    throw new AppError('upstream_error', MESSAGES.otpSendFailed)
  }
  // Stored only once sent: a failed send leaves no code that nobody received.
  await replaceOtpCode(deps.db, {
    businessId: input.businessId,
    customerId: recipient.id,
    channel: input.channel,
    destination,
    codeHash,
    requestId,
    expiresAt,
    now: deps.now.toISOString(),
  })
  return answer
}

/**
 * Grant otp: the code of a request signs the member in, once. A wrong code counts an attempt;
 * the fifth wrong one kills the code. Wrong, expired, used, killed and unknown all answer the
 * same 401 'One time password code was incorrect'.
 */
export async function otpLogin(
  deps: AuthDeps,
  businessId: number,
  requestId: string,
  code: string
): Promise<TokenResponse> {
  const incorrect = () => new AppError('unauthorized', MESSAGES.otpIncorrect)
  const nowIso = deps.now.toISOString()
  const codeHash = await hashOneTimeCode(deps.sessionSecret, code, requestId)
  const customerId = await consumeOtpCode(deps.db, businessId, requestId, codeHash, nowIso)
  if (customerId === null) {
    await countOtpAttempt(deps.db, businessId, requestId, nowIso)
    throw incorrect()
  }
  const customer = await findCustomer(deps.db, businessId, customerId)
  if (customer?.status !== 'active') throw incorrect()
  await recordLogin(deps.db, customer.id, nowIso, null)
  return startSession(deps, { businessId, kind: 'member', customerId: customer.id })
}

import type { z } from 'zod'
import type {
  ChangePasswordRequestSchema,
  RegisterDeviceRequestSchema,
  ResetPasswordSchema,
  TokenResponse,
} from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import type { Caller } from './authenticate.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import { businessToken } from '../business-token.ts'
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.ts'
import {
  attemptSucceededStatement,
  claimPasswordAttempt,
  forgetAccountFailuresStatement,
} from './login-attempts.ts'
import {
  businessExists,
  consumeResetCode,
  findCustomer,
  findCustomerByEmail,
  findUsableResetCode,
  insertNonce,
  recordLogin,
  replaceResetCode,
  revokeCustomerSessionsStatements,
  updatePasswordStatement,
  upsertDevice,
} from './repo.ts'
import { type AuthDeps, startSession } from './sessions.ts'
import { inBusinessLocale } from '../messaging/messenger.ts'

/** A reset link works for one hour. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60
/** A social sign-in nonce works for 10 minutes. */
export const NONCE_TTL_SECONDS = 10 * 60

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

// tokens_valid_after is compared with the whole-second `iat` of access tokens: rounding down
// keeps the token issued in the same second as a password change (the caller's new one) valid.
const wholeSecond = (now: Date) => new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString()

export function businessNotFound(): AppError {
  return new AppError('not_found', MESSAGES.businessNotFound)
}

/** Grant guest: a session for a shopper who has not signed in. */
export async function guestSession(deps: AuthDeps, businessId: number): Promise<TokenResponse> {
  if (!(await businessExists(deps.db, businessId))) throw businessNotFound()
  return startSession(deps, { businessId, kind: 'guest', customerId: null })
}

/**
 * Grant password: the member's email and password. A wrong password and an unknown email get the
 * same answer after the same work (one attempt claimed, one password hash), so neither reveals
 * which emails exist; while the email's attempts are locked, both answer 429 before any hashing.
 */
export async function passwordLogin(
  deps: AuthDeps,
  businessId: number,
  email: string,
  password: string
): Promise<TokenResponse> {
  const attempt = await claimPasswordAttempt(deps, businessId, email)
  const customer = await findCustomerByEmail(deps.db, businessId, email)
  const failed = () => new AppError('unauthorized', MESSAGES.loginFailed)
  if (!customer?.password_hash || customer.status !== 'active') {
    await spendPasswordCheck(password, deps.pepper)
    throw failed()
  }
  const check = await verifyPassword(password, customer.password_hash, deps.pepper)
  if (!check.ok) throw failed()
  await attemptSucceededStatement(deps, attempt).run()
  // The stored cost is lower than today's: the password is at hand, so store it at today's.
  const rehash = check.needsRehash ? await hashPassword(password, deps.pepper) : null
  await recordLogin(deps.db, customer.id, deps.now.toISOString(), rehash)
  return startSession(deps, { businessId, kind: 'member', customerId: customer.id })
}

/**
 * Changes a member's password after checking the current one, logs out every session (spec §7:
 * logoutFromAll is always true) and answers a fresh session for the caller.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: Caller,
  input: z.output<typeof ChangePasswordRequestSchema>
): Promise<TokenResponse> {
  if (caller.kind !== 'member' || caller.customerId === undefined) {
    throw new AppError('forbidden', MESSAGES.loginRequired)
  }
  const customer = await findCustomer(deps.db, caller.businessId, caller.customerId)
  const incorrect = () =>
    new AppError('validation_error', MESSAGES.currentPasswordIncorrect, {
      fields: [{ field: 'currentPassword', message: MESSAGES.currentPasswordIncorrect }],
    })
  if (!customer) throw incorrect()
  // The current password is a password check like a login: the same account's attempts, so a
  // stolen session cannot guess it faster than the sign-in form can.
  const attempt = await claimPasswordAttempt(deps, caller.businessId, customer.email)
  const current = customer.password_hash
    ? await verifyPassword(input.currentPassword, customer.password_hash, deps.pepper)
    : { ok: false }
  if (!current.ok) throw incorrect()
  const nowIso = deps.now.toISOString()
  const passwordHash = await hashPassword(input.password, deps.pepper)
  return startSession(
    deps,
    { businessId: caller.businessId, kind: 'member', customerId: customer.id },
    [
      attemptSucceededStatement(deps, attempt),
      updatePasswordStatement(deps.db, customer.id, passwordHash, nowIso),
      ...revokeCustomerSessionsStatements(
        deps.db,
        customer.id,
        'password_changed',
        nowIso,
        wholeSecond(deps.now)
      ),
    ]
  )
}

/**
 * Emails a reset link when the email belongs to an active member. The caller answers the same
 * either way, and a failed send is only logged, so the answer never reveals an account.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  businessId: number,
  email: string
): Promise<void> {
  const customer = await findCustomerByEmail(deps.db, businessId, email)
  if (customer?.status !== 'active') return
  // The link's token carries the business, so it finds its shard alone (ADR 063).
  const resetToken = businessToken(businessId)
  const expiresAt = later(deps.now, RESET_TOKEN_TTL_SECONDS)
  await replaceResetCode(
    deps.db,
    customer.id,
    await sha256Hex(resetToken),
    expiresAt,
    deps.now.toISOString()
  )
  try {
    await deps.messenger.send(
      await inBusinessLocale(deps.db, {
        businessId,
        channel: 'email',
        to: customer.email,
        template: 'password_reset',
        // Spec §2 route member-reset-token-token; the mail renders it on the brand's own host.
        data: {
          firstName: customer.first_name,
          resetPath: `/member/reset-token/${resetToken}`,
          resetToken,
          expiresAt,
        },
      })
    )
  } catch (error) {
    logError(error, { event: 'password reset email failed', customerId: customer.id })
  }
}

function resetLinkInvalid(): AppError {
  return new AppError('not_found', MESSAGES.resetLinkInvalid)
}

/** When a reset link stops working; 404 when it is unknown, used or expired. */
export async function validateResetToken(
  deps: AuthDeps,
  businessId: number,
  resetToken: string
): Promise<{ valid: true; expiresAt: string }> {
  const code = await findUsableResetCode(
    deps.db,
    businessId,
    await sha256Hex(resetToken),
    deps.now.toISOString()
  )
  if (!code) throw resetLinkInvalid()
  return { valid: true, expiresAt: code.expires_at }
}

/**
 * Sets a new password from a reset link. The link works once; with logoutFromAll every session
 * of the member ends.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: z.output<typeof ResetPasswordSchema>
): Promise<void> {
  const nowIso = deps.now.toISOString()
  const code = await findUsableResetCode(
    deps.db,
    input.businessId,
    await sha256Hex(input.resetToken),
    nowIso
  )
  if (!code) throw resetLinkInvalid()
  const passwordHash = await hashPassword(input.password, deps.pepper)
  // Two requests with the same link: only the one that marks it used sets a password.
  if (!(await consumeResetCode(deps.db, code.id, nowIso))) throw resetLinkInvalid()
  await deps.db.batch([
    updatePasswordStatement(deps.db, code.customer_id, passwordHash, nowIso),
    // The owner proved the account by its email: password sign-in is open again.
    await forgetAccountFailuresStatement(deps, input.businessId, code.email),
    ...(input.logoutFromAll
      ? revokeCustomerSessionsStatements(
          deps.db,
          code.customer_id,
          'logout_all',
          nowIso,
          wholeSecond(deps.now)
        )
      : []),
  ])
}

/** A random nonce for a social sign-in, stored hashed; it works once, for 10 minutes. */
export async function createNonce(
  deps: AuthDeps,
  businessId: number
): Promise<{ nonce: string; expiresAt: string }> {
  if (!(await businessExists(deps.db, businessId))) throw businessNotFound()
  const nonce = randomToken()
  const expiresAt = later(deps.now, NONCE_TTL_SECONDS)
  await insertNonce(deps.db, businessId, await sha256Hex(nonce), expiresAt, deps.now.toISOString())
  return { nonce, expiresAt }
}

/** Registers a device for messages (spec §3 Device); a signed-in member becomes its owner. */
export async function registerDevice(
  deps: AuthDeps,
  caller: Caller | null,
  input: z.output<typeof RegisterDeviceRequestSchema>
): Promise<{ deviceId: number }> {
  if (!(await businessExists(deps.db, input.businessId))) throw businessNotFound()
  const deviceId = await upsertDevice(deps.db, {
    businessId: input.businessId,
    customerId: caller?.customerId ?? null,
    messagingDeviceId: input.messagingDeviceId,
    platform: input.platform ?? null,
    systemVersion: input.systemVersion ?? null,
    deviceModel: input.deviceModel ?? null,
    deviceName: input.deviceName ?? null,
    appVersion: input.appVersion ?? null,
    promoConsentLevel: input.promoConsentLevel ?? null,
    now: deps.now.toISOString(),
  })
  return { deviceId }
}

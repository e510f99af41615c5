import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import type { Caller } from './authenticate.ts'
import { hashOneTimeCode, sixDigitCode } from './otp.ts'
import {
  consumeVerificationCode,
  countVerificationAttempt,
  findEmailVerification,
  replaceVerificationCodeStatements,
} from './repo.ts'
import type { AuthDeps } from './sessions.ts'

/** An email verification code works for 30 minutes. */
export const VERIFICATION_CODE_TTL_SECONDS = 30 * 60

// The code is bound to the member: another member's code never verifies this one's email.
const boundTo = (customerId: number) => `email_verification:${customerId}`

/**
 * Emails a new six-digit verification code to the member's address; older codes stop working.
 * Throws when the message cannot be sent, with nothing stored. Used at registration
 * (registered_with_verification) and by POST /member/verification-code/request.
 */
export async function issueEmailVerificationCode(
  deps: AuthDeps,
  member: { businessId: number; customerId: number; email: string; firstName: string }
): Promise<{ expiresAt: string }> {
  const code = sixDigitCode()
  const expiresAt = new Date(
    deps.now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000
  ).toISOString()
  await deps.messenger.send({
    businessId: member.businessId,
    channel: 'email',
    to: member.email,
    template: 'email_verification',
    data: { code, firstName: member.firstName, expiresAt },
  })
  await deps.db.batch(
    replaceVerificationCodeStatements(deps.db, {
      businessId: member.businessId,
      customerId: member.customerId,
      destination: member.email,
      codeHash: await hashOneTimeCode(deps.sessionSecret, code, boundTo(member.customerId)),
      expiresAt,
      now: deps.now.toISOString(),
    })
  )
  return { expiresAt }
}

function memberOf(caller: Caller): number {
  if (caller.kind !== 'member' || caller.customerId === undefined) {
    throw new AppError('forbidden', MESSAGES.loginRequired)
  }
  return caller.customerId
}

/**
 * A new verification code for the signed-in member (the robot check is the route's). A member
 * whose email is already verified gets no code. Any failure to send answers 502 'Unable to
 * request verification code'.
 */
export async function requestEmailVerification(
  deps: AuthDeps,
  caller: Caller
): Promise<{ emailVerified: boolean; expiresAt?: string }> {
  const customerId = memberOf(caller)
  const customer = await findEmailVerification(deps.db, caller.businessId, customerId)
  if (!customer) throw new AppError('forbidden', MESSAGES.loginRequired)
  if (customer.email_verified_at) return { emailVerified: true }
  try {
    const { expiresAt } = await issueEmailVerificationCode(deps, {
      businessId: caller.businessId,
      customerId,
      email: customer.email,
      firstName: customer.first_name,
    })
    return { emailVerified: false, expiresAt }
  } catch (error) {
    throw new AppError('upstream_error', MESSAGES.verificationCodeFailed, { cause: error })
  }
}

/**
 * Checks the member's latest code and marks the email verified. A wrong code counts an attempt and
 * answers 422 'The code was incorrect'; after 5 wrong ones, or when the code expired or was used,
 * 422 'Unable to verify your email address' (ask for a new code). An email already verified
 * answers success without a code being needed.
 */
export async function checkEmailVerification(
  deps: AuthDeps,
  caller: Caller,
  code: string
): Promise<{ emailVerified: true }> {
  const customerId = memberOf(caller)
  const customer = await findEmailVerification(deps.db, caller.businessId, customerId)
  if (!customer) throw new AppError('forbidden', MESSAGES.loginRequired)
  if (customer.email_verified_at) return { emailVerified: true }
  const nowIso = deps.now.toISOString()
  const codeHash = await hashOneTimeCode(deps.sessionSecret, code, boundTo(customerId))
  if (await consumeVerificationCode(deps.db, customerId, codeHash, nowIso)) {
    return { emailVerified: true }
  }
  const message = (await countVerificationAttempt(deps.db, customerId, nowIso))
    ? MESSAGES.codeIncorrect
    : MESSAGES.emailVerifyFailed
  throw new AppError('validation_error', message, {
    fields: [{ field: 'verificationCode', message }],
  })
}

import type { StaffChallenge, StaffTokens } from '../../../schemas/staff.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { randomToken } from '../../lib/crypto.ts'
import { attemptSucceededStatement, claimPasswordAttempt } from '../auth/login-attempts.ts'
import { hashOneTimeCode, OTP_TTL_SECONDS, sixDigitCode } from '../auth/otp.ts'
import { hashPassword, spendPasswordCheck, verifyPassword } from '../auth/passwords.ts'
import type { AuthDeps } from '../auth/sessions.ts'
import {
  consumeSignInCode,
  countSignInCodeAttempt,
  findStaff,
  findStaffByEmail,
  recordStaffSignIn,
  rehashStaffPassword,
  replaceSignInCode,
} from './repo.ts'
import { startStaffSession } from './sessions.ts'

/**
 * The account key of staff password failures in login_failures (ADR 009 addendum on password guessing):
 * the same per-account lock as members, but never shared with a shopper who has the same email.
 */
export function staffAttemptIdentifier(email: string): string {
  return `staff\u0000${email}`
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

/**
 * Step one of staff sign-in: the password. A right one emails a six-digit code (10 minutes,
 * 5 attempts) to the account's address and answers the challenge to exchange it with. A wrong
 * password, an unknown email, an invited or a deactivated account all answer the same 401 after
 * the same work; failures count against the account exactly as members' do (429 while locked).
 */
export async function staffPasswordStep(
  deps: AuthDeps,
  businessId: number | undefined,
  email: string,
  password: string
): Promise<StaffChallenge> {
  const failed = () => new AppError('unauthorized', MESSAGES.loginFailed)
  if (businessId === undefined) {
    // By email alone, and the directory knows it at no business (or at several, ADR 056): refused
    // as an unknown email is, after the same password work.
    await spendPasswordCheck(password, deps.pepper)
    throw failed()
  }
  const attempt = await claimPasswordAttempt(deps, businessId, staffAttemptIdentifier(email))
  const staff = await findStaffByEmail(deps.db, businessId, email)
  if (!staff?.password_hash || staff.status !== 'active') {
    await spendPasswordCheck(password, deps.pepper)
    throw failed()
  }
  const check = await verifyPassword(password, staff.password_hash, deps.pepper)
  if (!check.ok) throw failed()
  const nowIso = deps.now.toISOString()
  await attemptSucceededStatement(deps, attempt).run()
  if (check.needsRehash) {
    await rehashStaffPassword(deps.db, staff.id, await hashPassword(password, deps.pepper), nowIso)
  }

  const challengeId = randomToken()
  const code = sixDigitCode()
  const expiresAt = later(deps.now, OTP_TTL_SECONDS)
  try {
    await deps.messenger.send({
      businessId,
      channel: 'email',
      to: staff.email,
      template: 'staff_sign_in_code',
      data: { code, name: staff.name, expiresAt },
    })
  } catch (error) {
    logError(error, { event: 'staff sign-in code send failed', staffId: staff.id })
    throw new AppError('upstream_error', MESSAGES.otpSendFailed)
  }
  // Stored only once sent, as members' codes are.
  await replaceSignInCode(deps.db, {
    businessId,
    staffId: staff.id,
    challengeId,
    codeHash: await hashOneTimeCode(deps.sessionSecret, code, `staff:${challengeId}`),
    expiresAt,
    now: nowIso,
  })
  return { challengeId, businessId, expiresAt }
}

/**
 * Step two: the emailed code of a challenge starts a session, once. A wrong code counts an
 * attempt and the fifth kills the challenge; wrong, expired, used, killed and unknown all answer
 * the same 401 'One time password code was incorrect'.
 */
export async function staffCodeStep(
  deps: AuthDeps,
  businessId: number,
  challengeId: string,
  code: string
): Promise<StaffTokens> {
  const incorrect = () => new AppError('unauthorized', MESSAGES.otpIncorrect)
  const nowIso = deps.now.toISOString()
  const codeHash = await hashOneTimeCode(deps.sessionSecret, code, `staff:${challengeId}`)
  const staffId = await consumeSignInCode(deps.db, businessId, challengeId, codeHash, nowIso)
  if (staffId === null) {
    await countSignInCodeAttempt(deps.db, businessId, challengeId, nowIso)
    throw incorrect()
  }
  // Deactivated between the two steps: no session.
  const staff = await findStaff(deps.db, businessId, staffId)
  if (staff?.status !== 'active') throw incorrect()
  await recordStaffSignIn(deps.db, staff.id, nowIso)
  return startStaffSession(deps, businessId, staff.id)
}

import { assertBusinessMobile } from '../business-phone.ts'
import type { RegisterRequest, TokenResponse } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import type { RegistrationHooks } from '../adapters.ts'
import { hashPassword } from './passwords.ts'
import { businessExists, insertCustomerStatement, registrationDeviceStatement } from './repo.ts'
import { businessNotFound } from './service.ts'
import { type AuthDeps, startSession } from './sessions.ts'
import { issueEmailVerificationCode } from './verification.ts'

/**
 * Registers a member (spec §3 Customer contact, §4 Registration types) and signs them in. The
 * email stays unproven either way (anyone can type anyone's address, issue 36.1); with
 * registered_with_verification a verification code is emailed at once, and any member can ask
 * for one (POST /member/verification-code/request, verification.ts).
 */
export async function register(
  deps: AuthDeps,
  hooks: Pick<RegistrationHooks, 'referralAtRegistration'>,
  input: RegisterRequest
): Promise<TokenResponse> {
  if (!(await businessExists(deps.db, input.businessId))) throw businessNotFound()
  await assertBusinessMobile(deps.db, input.businessId, input.phone, 'phone')
  const nowIso = deps.now.toISOString()
  // The code is checked before anything is written: a bad one creates no account (ADR 021).
  const referral = input.referralCode
    ? await hooks.referralAtRegistration(
        deps.db,
        {
          businessId: input.businessId,
          email: input.email,
          phone: input.phone ?? null,
          deviceId: input.messagingDeviceId ?? null,
        },
        input.referralCode,
        deps.now
      )
    : null
  const [inserted] = await deps.db.batch([
    insertCustomerStatement(deps.db, {
      businessId: input.businessId,
      email: input.email,
      passwordHash: await hashPassword(input.password, deps.pepper),
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      whereHeard: input.whereHeard ?? null,
      registrationType: input.registrationType,
      now: nowIso,
    }),
    ...(referral?.statements ?? []),
    ...(input.messagingDeviceId
      ? [registrationDeviceStatement(deps.db, { ...input, now: nowIso }, input.messagingDeviceId)]
      : []),
  ])
  const customerId = (inserted?.results[0] as { id: number } | undefined)?.id ?? null
  if (customerId === null) throw new AppError('conflict', MESSAGES.emailRegistered)
  if (input.registrationType === 'registered_with_verification') {
    try {
      await issueEmailVerificationCode(deps, {
        businessId: input.businessId,
        customerId,
        email: input.email,
        firstName: input.firstName,
      })
    } catch (error) {
      // The account exists either way; the shopper can ask for a new code.
      logError(error, { event: 'verification email failed', customerId })
    }
  }
  const session = await startSession(deps, {
    businessId: input.businessId,
    kind: 'member',
    customerId,
  })
  return referral ? { ...session, referral: referral.outcome } : session
}

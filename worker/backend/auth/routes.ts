import type { Context } from 'hono'
import type { BackendEnv } from '../env.ts'
import { backgroundRunOf } from '../background-run.ts'
import {
  ChangePasswordRequestSchema,
  LogoutRequestSchema,
  LogoutResponseSchema,
  NonceRequestSchema,
  NonceResponseSchema,
  OtpSendRequestSchema,
  OtpSentSchema,
  RegisterDeviceRequestSchema,
  RegisterDeviceResponseSchema,
  RegisterRequestSchema,
  RegistrationStatusRequestSchema,
  RegistrationStatusSchema,
  SocialLinkedSchema,
  SocialLinkRequestSchema,
  ResetPasswordRequestedSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  ResetPasswordSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  ValidateResetTokenRequestSchema,
  ValidateResetTokenResponseSchema,
  VerificationCodeCheckedSchema,
  VerificationCodeCheckSchema,
  VerificationCodeRequestedSchema,
  VerificationCodeRequestSchema,
} from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { createRobotChecker } from '../robot-check.ts'
import { createDomain } from '../route-registry.ts'
import { authenticate, bearerToken, requireMember } from './authenticate.ts'
import { applySocialLink } from './social.ts'
import { otpLogin, sendOtp } from './otp.ts'
import { limitAuth } from './rate-limit.ts'
import { isRegistered } from '../customers-repo.ts'
import {
  changePassword,
  createNonce,
  guestSession,
  passwordLogin,
  registerDevice,
  requestPasswordReset,
  resetPassword,
  validateResetToken,
} from './service.ts'
import { register } from './register.ts'
import { authDeps, logout, refreshSession } from './sessions.ts'
import { socialLogin, socialVerifier } from './social.ts'
import { requireIdentitySandbox } from '../adapters.ts'
import { checkEmailVerification, requestEmailVerification } from './verification.ts'

/** Auth (spec §7 Auth, Guest): sessions, registration, passwords, devices. */
export const auth = createDomain('Auth')

const LIMITED = 'Rate limited per shopper IP and per email (429 rate_limited).'
const GUESSING =
  'Failed password checks of one account (per business and email, known or not) are limited ' +
  'with escalating waits, at most 100 an hour; while it is locked the check answers 429 ' +
  'rate_limited with Retry-After before any password is hashed (a one-time code or a password ' +
  'reset still works, and a reset unlocks it).'
const EXPIRED = `Refused sessions answer unauthorized '${MESSAGES.sessionExpired}'.`

/** A new member's user update for the marketing service (ADR 025: only if they opted in). */
async function withMemberUpdate<T extends { customerId?: number | undefined }>(
  c: Context<BackendEnv>,
  businessId: number,
  answer: T
): Promise<T> {
  if (answer.customerId !== undefined) {
    await c.var.adapters.registration.memberJoined(backgroundRunOf(c), {
      businessId,
      customerId: answer.customerId,
    })
  }
  return answer
}

auth.post(
  '/oauth/token',
  {
    summary:
      'Token exchange: guest, password, refresh_token, register, otp, google, facebook, apple',
    description:
      'Answers a JWT access token (HS256, 15 minutes) and an opaque single-use refresh token. ' +
      `password: a wrong email or password answers unauthorized '${MESSAGES.loginFailed}' for ` +
      `both; ${LIMITED} ${GUESSING} refresh_token: the token is used up and a new pair issued in the same ` +
      'session; presenting a used token again ends the whole session. ' +
      `${EXPIRED} register: as POST /auth/register. otp: requestId (from POST /auth/otp/send) ` +
      `and code; wrong, expired, used or unknown answers unauthorized '${MESSAGES.otpIncorrect}', ` +
      'and the 5th wrong code kills it. google, facebook, apple: the provider ID token (issuer, ' +
      'audience, expiry, RS256 signature against its keys) carrying a nonce from POST ' +
      '/auth/nonce (used up); links or creates the member. Refused: unauthorized ' +
      `'${MESSAGES.googleLoginFailed}' (or Facebook, Apple).`,
    body: TokenRequestSchema,
    response: TokenResponseSchema,
    errors: ['unauthorized', 'conflict', 'not_found', 'rate_limited'],
    edge: { sessionTokens: 'exchange' },
  },
  async ({ body }, c) => {
    const deps = authDeps(c)
    switch (body.grant_type) {
      case 'guest':
        return guestSession(deps, body.businessId)
      case 'password':
        await limitAuth(c, 'login', body.username)
        return passwordLogin(deps, body.businessId, body.username, body.password)
      case 'refresh_token':
        return refreshSession(deps, body.businessId, body.refresh_token)
      case 'register':
        await limitAuth(c, 'register', body.email)
        return withMemberUpdate(
          c,
          body.businessId,
          await register(deps, c.var.adapters.registration, body)
        )
      case 'otp':
        await limitAuth(c, 'otp-check', body.requestId)
        return otpLogin(deps, body.businessId, body.requestId, body.code)
      case 'google':
      case 'facebook':
      case 'apple':
        await limitAuth(c, 'social', body.nonce)
        return socialLogin(
          deps,
          body.grant_type,
          {
            businessId: body.businessId,
            idToken: body.id_token,
            nonce: body.nonce,
            ...(body.grant_type === 'apple'
              ? { name: { firstName: body.firstName, lastName: body.lastName } }
              : {}),
          },
          await socialVerifier(
            c.env,
            body.grant_type,
            {
              keys: () => requireIdentitySandbox(c.var.adapters).verifyKeys(c.env.DB, deps.now),
            },
            c.var.adapters.socialKeysFetch ?? undefined
          )
        )
    }
  }
)

auth.post(
  '/auth/social/link',
  {
    summary: 'Link a waiting social sign-in to the signed-in member (issue 36.1)',
    description:
      'Bearer member token. A google, facebook or apple grant whose email belongs to a member it ' +
      "may not link by itself answers conflict with details { reason: 'social_link_required', " +
      'linkToken } and links nothing; once the shopper has signed in to that member (password or ' +
      'one-time code), this links it, once, within 10 minutes. Another member, a used or expired ' +
      'token, or a subject linked meanwhile answer { linked: null } and change nothing.',
    body: SocialLinkRequestSchema,
    response: SocialLinkedSchema,
    errors: ['unauthorized', 'rate_limited'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    await limitAuth(c, 'social', `customer:${customerId}`)
    const linked = await applySocialLink(
      authDeps(c),
      { businessId: body.businessId, customerId },
      body.linkToken
    )
    return { linked }
  }
)

auth.post(
  '/auth/register',
  {
    summary: 'Register a member and sign them in',
    description:
      `An email already registered with the business answers conflict '${MESSAGES.emailRegistered}'. ` +
      'registered_with_verification leaves the email unverified and emails a 6-digit code. ' +
      LIMITED,
    body: RegisterRequestSchema,
    response: TokenResponseSchema,
    errors: ['conflict', 'not_found', 'rate_limited'],
    edge: { sessionTokens: 'answers' },
  },
  async ({ body }, c) => {
    await limitAuth(c, 'register', body.email)
    return withMemberUpdate(
      c,
      body.businessId,
      await register(authDeps(c), c.var.adapters.registration, body)
    )
  }
)

auth.post(
  '/auth/logout',
  {
    summary: 'Log out: end the session of the refresh token and of the bearer access token',
    description: 'Idempotent: tokens that are unknown or already ended are not an error.',
    body: LogoutRequestSchema,
    response: LogoutResponseSchema,
    edge: { sessionTokens: 'ends' },
  },
  async ({ body }, c) => {
    await logout(authDeps(c), body.businessId, body.refresh_token, bearerToken(c))
    return { loggedOut: true as const }
  }
)

auth.post(
  '/auth/change-password',
  {
    summary: "Change a signed-in member's password; every session ends, a new one is answered",
    description:
      `Bearer member token. A wrong currentPassword answers validation_error ` +
      `'${MESSAGES.currentPasswordIncorrect}' and changes nothing. ${GUESSING} ${EXPIRED}`,
    body: ChangePasswordRequestSchema,
    response: TokenResponseSchema,
    errors: ['unauthorized', 'forbidden', 'rate_limited'],
    edge: { sessionTokens: 'answers' },
  },
  async ({ body }, c) => {
    const caller = await authenticate(c, { businessId: body.businessId })
    await limitAuth(c, 'password', `customer:${caller.customerId ?? caller.familyId}`)
    return changePassword(authDeps(c), caller, body)
  }
)

auth.post(
  '/auth/reset-password/request',
  {
    summary: 'Email a password reset link (valid 1 hour)',
    description: `The answer is the same whether or not the email belongs to an account. ${LIMITED}`,
    body: ResetPasswordRequestSchema,
    response: ResetPasswordRequestedSchema,
    errors: ['rate_limited'],
  },
  async ({ body }, c) => {
    await limitAuth(c, 'reset-request', body.email)
    await requestPasswordReset(authDeps(c), body.businessId, body.email)
    return { accepted: true as const, message: MESSAGES.resetLinkSent }
  }
)

auth.post(
  '/auth/reset-password/validate',
  {
    summary: 'Whether a reset link still works',
    description: `Unknown, used or expired answers not_found '${MESSAGES.resetLinkInvalid}'.`,
    body: ValidateResetTokenRequestSchema,
    response: ValidateResetTokenResponseSchema,
    errors: ['not_found'],
  },
  ({ body }, c) => validateResetToken(authDeps(c), body.businessId, body.resetToken)
)

auth.post(
  '/auth/reset-password',
  {
    summary: 'Set a new password from a reset link; logoutFromAll ends every session',
    description: `The link works once: unknown, used or expired answers not_found '${MESSAGES.resetLinkInvalid}'.`,
    body: ResetPasswordSchema,
    response: ResetPasswordResponseSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    await resetPassword(authDeps(c), body)
    return { passwordReset: true as const }
  }
)

auth.post(
  '/auth/nonce',
  {
    summary: 'A single-use nonce for a social sign-in (valid 10 minutes)',
    body: NonceRequestSchema,
    response: NonceResponseSchema,
    errors: ['not_found', 'rate_limited'],
  },
  async ({ body }, c) => {
    // Each nonce is a D1 row: one machine may not start sign-ins without end. The IP is the
    // identifier too, so the business's other shoppers are never held up by one of them.
    await limitAuth(c, 'social-nonce', c.req.header('cf-connecting-ip')?.trim() || 'anonymous')
    return createNonce(authDeps(c), body.businessId)
  }
)

auth.post(
  '/auth/devices',
  {
    summary: 'Register a device for messages; with a bearer member token the member owns it',
    body: RegisterDeviceRequestSchema,
    response: RegisterDeviceResponseSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = bearerToken(c) ? await authenticate(c, { businessId: body.businessId }) : null
    return registerDevice(authDeps(c), caller, body)
  }
)

auth.post(
  '/guest/registration-status',
  {
    summary: 'Whether an email belongs to a member (who must then log in)',
    description: `Spec §6 Guest. ${LIMITED}`,
    body: RegistrationStatusRequestSchema,
    response: RegistrationStatusSchema,
    errors: ['rate_limited'],
  },
  async ({ body }, c) => {
    await limitAuth(c, 'registration-status', body.email)
    return { registered: await isRegistered(c.env.DB, body.businessId, body.email) }
  }
)

auth.post(
  '/auth/otp/send',
  {
    summary: 'Send a one-time login code (6 digits, 10 minutes) by email or sms',
    description:
      'To the member with this email (or mobile phone), at the address or number on the account. ' +
      'The answer is the same whether or not the account exists; keep it under ' +
      "'restorable.strategy.otp' and exchange requestId + code at /oauth/token (grant_type otp). " +
      `A failed send answers upstream_error '${MESSAGES.otpSendFailed}'. ${LIMITED}`,
    body: OtpSendRequestSchema,
    response: OtpSentSchema,
    errors: ['upstream_error', 'rate_limited'],
  },
  async ({ body }, c) => {
    await limitAuth(c, 'otp', body.email ?? body.phone ?? '')
    return sendOtp(authDeps(c), body)
  }
)

auth.post(
  '/member/verification-code/request',
  {
    summary: "Email a new code (6 digits, 30 minutes) to verify the signed-in member's email",
    description:
      'Bearer member token; verifyToken is a robot check. Older codes stop working. An email ' +
      'already verified answers { emailVerified: true } and sends nothing. A failed robot check ' +
      `answers validation_error, a failed send upstream_error, both '${MESSAGES.verificationCodeFailed}'. ` +
      'Rate limited per shopper IP and per member.',
    body: VerificationCodeRequestSchema,
    response: VerificationCodeRequestedSchema,
    errors: ['unauthorized', 'forbidden', 'upstream_error', 'rate_limited'],
  },
  async ({ body }, c) => {
    const caller = await authenticate(c, { businessId: body.businessId })
    await limitAuth(c, 'verification', `customer:${caller.customerId ?? caller.familyId}`)
    const ip = c.req.header('cf-connecting-ip')?.trim() ?? null
    if (!(await createRobotChecker(c.env).verify(body.verifyToken, ip))) {
      throw new AppError('validation_error', MESSAGES.verificationCodeFailed, {
        fields: [{ field: 'verifyToken', message: MESSAGES.verificationCodeFailed }],
      })
    }
    return requestEmailVerification(authDeps(c), caller)
  }
)

auth.post(
  '/member/verification-code/check',
  {
    summary: "Check the code and mark the signed-in member's email verified",
    description:
      `Bearer member token. A wrong code answers validation_error '${MESSAGES.codeIncorrect}' ` +
      'and counts an attempt; after 5 wrong ones, or once the code expired or was used, ' +
      `validation_error '${MESSAGES.emailVerifyFailed}' (request a new code).`,
    body: VerificationCodeCheckSchema,
    response: VerificationCodeCheckedSchema,
    errors: ['unauthorized', 'forbidden', 'rate_limited'],
  },
  async ({ body }, c) => {
    const caller = await authenticate(c, { businessId: body.businessId })
    await limitAuth(c, 'verification', `customer:${caller.customerId ?? caller.familyId}`)
    return checkEmailVerification(authDeps(c), caller, body.verificationCode)
  }
)

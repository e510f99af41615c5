import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import {
  OtpSendRequestSchema,
  OtpSentSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  type TokenResponse,
} from '../../../schemas/auth.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import {
  forgetPendingOtp,
  type PendingOtp,
  readPendingOtp,
  rememberPendingOtp,
} from '../../lib/cookies/pending-otp.ts'
import { BACKEND_TOKEN_PATH } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { type FormRefusal, formRefusal, safeParseForm } from '../shared/forms.ts'
import {
  LOGIN_OTP_CODE_FIELDS,
  LOGIN_OTP_SEND_FIELDS,
  type LoginOtpCodeForm,
  type LoginOtpSendForm,
} from '../../../schemas/forms/login.ts'

/** The line above the code form: where the code went, without saying whether the account exists. */
export function otpSentNotice(pending: PendingOtp): string {
  return formatMessage('otpSent', pending.sentTo, pending.channel === 'sms' ? 'text' : 'email')
}

// The backend kills a code after this many wrong guesses (otp_codes.max_attempts, migration 0006);
// counting them here only lets the page send the shopper for a new code instead of a dead end.
const CODE_ATTEMPTS = 5

// What a mobile number looks like as typed; anything else is read as an email address.
const PHONE_LIKE = /^[+\d\s\-().]+$/

export type OtpSendOutcome = { sent: true } | ({ sent: false; values: FormValues } & FormRefusal)

/**
 * Asks the backend to send a sign-in code to the account with the typed email or mobile number,
 * by the pressed button's channel, and keeps the pending sign-in in its cookie. The same outcome
 * whether or not the account exists (the backend answers alike).
 */
export async function sendOneTimeCode(
  c: Context<AppEnv>,
  posted: LoginOtpSendForm
): Promise<OtpSendOutcome> {
  const identifier = posted.identifier.trim()
  const values: FormValues = { [LOGIN_OTP_SEND_FIELDS.identifier]: identifier }
  const byPhone = PHONE_LIKE.test(identifier)
  const parsed = safeParseForm(OtpSendRequestSchema, {
    businessId: c.var.brand.businessId,
    ...(byPhone ? { phone: identifier } : { email: identifier }),
    channel: posted.channel,
    type: 'login',
  })
  if (!parsed.success) {
    const field = parsed.error.issues.find((issue) =>
      ['email', 'phone'].includes(String(issue.path[0]))
    )
    const errors: FormErrors = field
      ? { [LOGIN_OTP_SEND_FIELDS.identifier]: field.message }
      : { form: MESSAGES.validationError }
    return { sent: false, errors, values, status: 422 }
  }
  try {
    const sent = await c.var.backend.post('/auth/otp/send', {
      body: parsed.data,
      schema: OtpSentSchema,
    })
    rememberPendingOtp(c, { ...sent, sentTo: identifier, attempts: 0 })
    return { sent: true }
  } catch (error) {
    if (error instanceof AppError && error.code === 'upstream_error') {
      return { sent: false, errors: { form: MESSAGES.otpSendFailed }, values, status: 422 }
    }
    const { errors, status } = formRefusal(c, error)
    return { sent: false, errors: { form: errors.form ?? MESSAGES.otpSendFailed }, values, status }
  }
}

export type OtpCodeOutcome =
  | { signedIn: true; tokens: TokenResponse }
  /** The code was refused: show the code form again with the message. */
  | ({ signedIn: false; expired: false; pending: PendingOtp } & FormRefusal)
  /** No live code to check any more (expired, or too many wrong ones): ask for a new one. */
  | { signedIn: false; expired: true }

/**
 * Exchanges the typed code for tokens (grant otp). A wrong code is counted by the backend; after
 * the last allowed one, or once the code expired, the pending sign-in is forgotten. On success the
 * pending cookie is cleared; the caller keeps the tokens.
 */
export async function checkOneTimeCode(
  c: Context<AppEnv>,
  posted: LoginOtpCodeForm
): Promise<OtpCodeOutcome> {
  const pending = readPendingOtp(c)
  if (!pending) {
    forgetPendingOtp(c)
    return { signedIn: false, expired: true }
  }
  const parsed = safeParseForm(TokenRequestSchema, {
    grant_type: 'otp',
    businessId: c.var.brand.businessId,
    requestId: pending.requestId,
    code: posted.code.replace(/\s/g, ''),
  })
  if (!parsed.success) {
    return {
      signedIn: false,
      expired: false,
      pending,
      errors: { [LOGIN_OTP_CODE_FIELDS.code]: MESSAGES.otpIncorrect },
      status: 422,
    }
  }
  try {
    const tokens = await c.var.backend.post(BACKEND_TOKEN_PATH, {
      body: parsed.data,
      schema: TokenResponseSchema,
    })
    forgetPendingOtp(c)
    return { signedIn: true, tokens }
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'unauthorized')) {
      return { signedIn: false, expired: false, pending, ...formRefusal(c, error) }
    }
    const attempts = pending.attempts + 1
    if (attempts >= CODE_ATTEMPTS) {
      forgetPendingOtp(c)
      return { signedIn: false, expired: true }
    }
    const counted = { ...pending, attempts }
    rememberPendingOtp(c, counted)
    return {
      signedIn: false,
      expired: false,
      pending: counted,
      errors: { [LOGIN_OTP_CODE_FIELDS.code]: MESSAGES.otpIncorrect },
      status: 422,
    }
  }
}

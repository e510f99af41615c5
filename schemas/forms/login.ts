import { z } from 'zod'
import { fieldNames } from './field-names.ts'

const typed = z.string().catch('')

/** The login page's forms: password (no intent field), send a one-time code, type the code. */
export const LOGIN_INTENTS = { otpSend: 'otp-send', otpCode: 'otp-code' } as const

/*
 * What each of the login page's forms posts besides its own fields: which form it is and where
 * to go once signed in (checked by the handler). LoginPage.tsx takes these names from here and
 * worker/pages/account/login.tsx reads them first, to hand the post to that form's schema.
 */
export const LoginPostSchema = z.object({
  intent: z.enum([LOGIN_INTENTS.otpSend, LOGIN_INTENTS.otpCode]).optional().catch(undefined),
  redirect: z.string().optional().catch(undefined),
})

export const LOGIN_POST_FIELDS = fieldNames(LoginPostSchema)

/*
 * The login page's email and password form (spec §2): LoginPage.tsx takes the password field's
 * name from this schema (the email input is the shared EmailField's, which a test holds to it)
 * and worker/pages/account/login.tsx reads a post with it. Values stay as typed: the token call's
 * schema (TokenRequestSchema, the email as its username) refuses a bad one.
 */
export const LoginPasswordFormSchema = z.object({
  email: typed,
  password: typed,
})

export const LOGIN_PASSWORD_FIELDS = fieldNames(LoginPasswordFormSchema)

/*
 * The login page's one-time code forms (spec §2): "send a code" (the email or mobile number, and
 * the pressed button's channel) and "type the code". LoginPage.tsx takes their field names from
 * these schemas and worker/pages/account/otp-login.ts reads a post with them; the send and token
 * calls' schemas refuse a bad value.
 */
export const LoginOtpSendFormSchema = z.object({
  /** An email address or a mobile number, as typed. */
  identifier: typed,
  /** The pressed button's value, 'email' or 'sms'; Enter (no button named) sends by email. */
  channel: z.string().catch('email'),
  /** '1' when the send form was shown alone, so a refusal shows it alone again. */
  alone: typed,
})

export const LOGIN_OTP_SEND_FIELDS = fieldNames(LoginOtpSendFormSchema)

export type LoginOtpSendForm = z.output<typeof LoginOtpSendFormSchema>

export const LoginOtpCodeFormSchema = z.object({
  /** The six digits, as typed (spaces allowed). */
  code: typed,
})

export const LOGIN_OTP_CODE_FIELDS = fieldNames(LoginOtpCodeFormSchema)

export type LoginOtpCodeForm = z.output<typeof LoginOtpCodeFormSchema>

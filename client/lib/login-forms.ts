import { LOGIN_INTENTS, LOGIN_POST_FIELDS } from '../../schemas/forms/login.ts'
import { REGISTER_FIELDS } from '../../schemas/forms/register.ts'

/*
 * The field and query names the shopper's sign-in and register pages post and the Worker reads
 * (ADR 013: what both sides read lives below both).
 */

/** The form field saying which of the login page's forms was posted. */
export const LOGIN_INTENT_FIELD = LOGIN_POST_FIELDS.intent

/** The login page's forms: password (no intent field), send a one-time code, type the code. */
export { LOGIN_INTENTS }

/** `/login?otp=send` shows the one-time code form alone; `?otp=code` the code form. */
export const OTP_STEP_QUERY = 'otp'

/** The optional referral code's field, also the query a friend's register link carries. */
export const REFERRAL_CODE_FIELD = REGISTER_FIELDS.referralCode

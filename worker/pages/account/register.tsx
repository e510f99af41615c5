import { phoneForCountry } from '../../../schemas/phone-country.ts'
import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import { RegisterPage } from '../../../client/pages/RegisterPage.tsx'
import { RegisterRequestSchema, TokenResponseSchema } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { enabledSocialProviders } from '../../lib/social-sign-in.ts'
import { AppError } from '../../lib/errors.ts'
import {
  echoValues,
  formErrorsOf,
  formRefusal,
  type FormStatus,
  readForm,
  safeParseForm,
} from '../shared/forms.ts'
import { deviceIdFor } from '../../lib/cookies/device.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { loginOrigin, loginRedirectTarget, safeReturnPath } from '../shared/guards.ts'
import { invitationCodeIn } from './referrer.tsx'
import { startMemberSession } from './member-session-start.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { OPT_IN_FIELDS, registerSettings, saveRegistrationOptIn } from './profile-opt-in.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { redirectTo } from '../../lib/redirect.ts'
import {
  REGISTER_FIELDS,
  RegisterFormSchema,
  RegisterOptInSchema,
} from '../../../schemas/forms/register.ts'

/** What a refused form shows again: never a password. */
const ECHOED_FIELDS = [
  REGISTER_FIELDS.firstName,
  REGISTER_FIELDS.lastName,
  REGISTER_FIELDS.email,
  REGISTER_FIELDS.phone,
  REGISTER_FIELDS.whereHeard,
  REGISTER_FIELDS.terms,
  REGISTER_FIELDS.referralCode,
  ...OPT_IN_FIELDS,
]

function renderRegister(
  c: Context<AppEnv>,
  view: { errors: FormErrors; values: FormValues; redirect: string | null },
  status: FormStatus = 200
): Promise<Response> {
  const { showMarketingOptIn } = registerSettings(c)
  const page = (chrome: PageChrome) => (
    <RegisterPage
      chrome={chrome}
      {...view}
      marketingOptIn={showMarketingOptIn}
      socialProviders={enabledSocialProviders(c.env)}
    />
  )
  return renderPage(c, page, {
    meta: {
      title: requestSay(c)(MESSAGES.pageCreateAnAccount),
      description: requestSay(c)(MESSAGES.metaCreateAnAccountDot),
      noindex: true,
    },
    cache: 'private',
    status,
  })
}

/** The registration page (guest only); `?referralCode=` (a friend's link) fills in the code. */
export function registerPage(c: Context<AppEnv>): Promise<Response> {
  const redirect = loginOrigin(c)
  // The header's Register link on a friend's invitation comes back to it: keep its code.
  const referralCode = (
    c.req.query(REGISTER_FIELDS.referralCode) ??
    invitationCodeIn(redirect) ??
    ''
  ).trim()
  const values = referralCode ? { [REGISTER_FIELDS.referralCode]: referralCode } : {}
  return renderRegister(c, { errors: {}, values, redirect })
}

/**
 * POST /register: creates the member (spec §3 Customer contact; phone normalised by
 * schemas/phone.ts) and signs them in, then back where they came from.
 */
export async function registerForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const posted = RegisterFormSchema.parse(form)
  const redirect = safeReturnPath(posted.redirect)
  const values = echoValues(form, ECHOED_FIELDS)
  const settings = registerSettings(c)
  const parsed = safeParseForm(RegisterRequestSchema, {
    businessId: c.var.brand.businessId,
    firstName: posted.firstName,
    lastName: posted.lastName,
    email: posted.email,
    phone: phoneForCountry(posted.phone, c.var.brand.countryCode),
    password: posted.password,
    confirmPassword: posted.confirmPassword,
    whereHeard: posted.whereHeard,
    referralCode: posted.referralCode,
    messagingDeviceId: deviceIdFor(c),
    // The brand decides whether the email is verified by a code (spec §4 Registration types).
    registrationType: settings.requireEmailVerification
      ? 'registered_with_verification'
      : 'registered',
  })
  const errors: FormErrors = parsed.success ? {} : formErrorsOf(parsed.error.issues)
  // The schema checks the match only once every other field is valid: say it at once.
  if (!errors.confirmPassword && posted.password !== posted.confirmPassword) {
    errors.confirmPassword = MESSAGES.passwordsDoNotMatch
  }
  if (posted.terms !== 'yes') errors.terms = MESSAGES.termsRequired
  if (!parsed.success || Object.keys(errors).length > 0)
    return renderRegister(c, { errors, values, redirect }, 422)
  try {
    const tokens = await c.var.backend.post('/auth/register', {
      body: parsed.data,
      schema: TokenResponseSchema,
    })
    const basketSaid = await startMemberSession(c, tokens)
    if (settings.showMarketingOptIn) {
      await saveRegistrationOptIn(c, tokens.access_token, RegisterOptInSchema.parse(form))
    }
    // A friend's invitation the guards refused is said, never why (ADR 021).
    if (tokens.referral === 'refused') setFlash(c, 'registeredReferralRefused')
    else if (!basketSaid) setFlash(c, 'registered')
    if (settings.requireEmailVerification) {
      // The verification screen first; it links on to the shop.
      return redirectTo(c, `${routePath('member-my-details')}?step=verify-email`, 303)
    }
  } catch (error) {
    const { errors: refused, status } = formRefusal(c, error)
    const shown =
      error instanceof AppError && error.code === 'conflict'
        ? { email: MESSAGES.emailRegistered }
        : refused
    return renderRegister(c, { errors: shown, values, redirect }, status)
  }
  return redirectTo(c, loginRedirectTarget(redirect, false), 303)
}

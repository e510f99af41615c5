import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import { LoginPage, type OtpView } from '../../../client/pages/LoginPage.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import {
  SOCIAL_PROVIDER_NAMES,
  SocialLinkedSchema,
  type SocialProvider,
  type TokenRequest,
  TokenRequestSchema,
  TokenResponseSchema,
  type TokenResponse,
} from '../../../schemas/auth.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import {
  LOGIN_PASSWORD_FIELDS,
  LoginOtpCodeFormSchema,
  LoginOtpSendFormSchema,
  LoginPasswordFormSchema,
  LoginPostSchema,
} from '../../../schemas/forms/login.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import {
  enabledSocialProviders,
  SOCIAL_LINK_QUERY,
  socialProviderOf,
  socialSignInFailure,
} from '../../lib/social-sign-in.ts'
import { pendingLinkProvider, takeSocialLink } from '../../lib/cookies/social-link.ts'
import { BACKEND_TOKEN_PATH, readAccessToken } from '../../lib/cookies/session.ts'
import { startMemberSession } from './member-session-start.ts'
import { logError } from '../../lib/log.ts'
import {
  echoValues,
  formRefusal,
  type FormStatus,
  isPasswordAttemptsLocked,
  readForm,
  safeParseForm,
} from '../shared/forms.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import {
  loginOrigin,
  loginRedirectTarget,
  REDIRECT_QUERY,
  safeReturnPath,
} from '../shared/guards.ts'
import { readPendingOtp } from '../../lib/cookies/pending-otp.ts'
import { checkOneTimeCode, otpSentNotice, sendOneTimeCode } from './otp-login.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { redirectTo } from '../../lib/redirect.ts'
import { basketScope } from '../shared/request-basket.ts'
import { LOGIN_INTENTS, OTP_STEP_QUERY } from '../../../client/lib/login-forms.ts'

/** `/login?reset=1`: the password was just reset from an email link. */
export const PASSWORD_RESET_QUERY = 'reset'

interface LoginView {
  errors: FormErrors
  values: FormValues
  redirect: string | null
  notice?: string
  otp?: OtpView
  locked?: boolean
}

function renderLogin(c: Context<AppEnv>, view: LoginView, status: FormStatus = 200) {
  const providers = enabledSocialProviders(c.env)
  const page = (chrome: PageChrome) => (
    <LoginPage chrome={chrome} {...view} socialProviders={providers} />
  )
  return renderPage(c, page, {
    meta: {
      title: requestSay(c)(MESSAGES.pageSignIn),
      description: requestSay(c)(MESSAGES.metaSignInToAccount),
      noindex: true,
    },
    cache: 'private',
    status,
  })
}

/** The one-time code form alone, asking for a new code (after 'Send a new code', or expiry). */
function askForNewCode(
  c: Context<AppEnv>,
  redirect: string | null,
  errors: FormErrors = {},
  values: FormValues = {},
  status: FormStatus = 200
): Promise<Response> {
  return renderLogin(
    c,
    { errors: {}, values: {}, redirect, otp: { step: 'send', alone: true, errors, values } },
    status
  )
}

/**
 * The sign-in page (guest only): remembers where the shopper came from for after sign-in.
 * `?otp=code` shows the code form while a one-time password is pending (else asks for a new one);
 * `?otp=send` the one-time code form alone.
 */
export function loginPage(c: Context<AppEnv>): Promise<Response> {
  const redirect = loginOrigin(c)
  const step = c.req.query(OTP_STEP_QUERY)
  if (step === 'code') {
    const pending = readPendingOtp(c)
    if (!pending) return askForNewCode(c, redirect, { form: MESSAGES.otpExpired })
    return renderLogin(c, {
      errors: {},
      values: {},
      redirect,
      otp: { step: 'code', errors: {}, sentNotice: otpSentNotice(pending) },
    })
  }
  if (step === 'send') return askForNewCode(c, redirect)
  const reset = c.req.query(PASSWORD_RESET_QUERY) !== undefined
  const socialFailure = socialSignInFailure(c)
  const link = pendingLinkProvider(c, socialProviderOf(c.req.query(SOCIAL_LINK_QUERY)))
  if (link) {
    const name = SOCIAL_PROVIDER_NAMES[link.provider]
    return renderLogin(c, {
      errors: {},
      values: link.email ? { email: link.email } : {},
      // Reached from the provider's answer: its referer is the sign-in flow, not a page to go back to.
      redirect: safeReturnPath(c.req.query(REDIRECT_QUERY)),
      notice: formatMessage('socialLinkRequired', name, name),
    })
  }
  return renderLogin(c, {
    errors: socialFailure ? { form: socialFailure } : {},
    values: {},
    redirect,
    ...(reset ? { notice: MESSAGES.passwordResetDone } : {}),
  })
}

/**
 * Whether the shopper's basket holds a coupon that needs re-applying once signed in (a members'
 * coupon added while signed out), read with the session they had before signing in.
 */
async function basketCouponNeedsReapply(c: Context<AppEnv>): Promise<boolean> {
  const scope = basketScope(c)
  if (!scope) return false
  try {
    const basket = await c.var.backend.post('/basket', {
      body: scope,
      token: readAccessToken(c),
      schema: BasketSchema,
    })
    return basket.coupon?.needsReapply ?? false
  } catch (error) {
    // The basket only chooses where to go next: signing in must not fail because of it.
    logError(error, { requestId: c.var.requestId, event: 'basket check after login failed' })
    return false
  }
}

const LINKED_FLASH = {
  google: 'socialLinkedGoogle',
  apple: 'socialLinkedApple',
  facebook: 'socialLinkedFacebook',
} as const satisfies Record<SocialProvider, string>

/**
 * A social sign-in waiting for this sign-in (issue 36.1): linked now that the shopper proved the
 * account is theirs; the backend links it only to the member it was made for. The provider
 * linked, or null (none waiting, another member, lapsed; a failure is logged, never blocking).
 */
async function linkWaitingSocialSignIn(
  c: Context<AppEnv>,
  tokens: TokenResponse
): Promise<SocialProvider | null> {
  const link = takeSocialLink(c)
  if (!link || tokens.kind !== 'member') return null
  try {
    const { linked } = await c.var.backend.post('/auth/social/link', {
      body: { businessId: c.var.brand.businessId, linkToken: link.linkToken },
      token: tokens.access_token,
      schema: SocialLinkedSchema,
    })
    return linked
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'social link after sign-in failed' })
    return null
  }
}

/**
 * Starts the member's session (tokens, their basket: startMemberSession), links a social sign-in
 * that waited for this one and has the next page say that the shopper is signed in, or what
 * happened to their basket.
 */
async function completeSignIn(c: Context<AppEnv>, tokens: TokenResponse): Promise<void> {
  const basketSaid = await startMemberSession(c, tokens)
  const linked = await linkWaitingSocialSignIn(c, tokens)
  if (linked) setFlash(c, LINKED_FLASH[linked])
  else if (!basketSaid) setFlash(c, 'signedIn')
}

/**
 * POST /login: the page's three forms, told apart by their intent field: email and password
 * (one message for a wrong email or a wrong password), send a one-time code, type the code.
 */
export async function loginForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const { intent, redirect: returnPath } = LoginPostSchema.parse(form)
  const redirect = safeReturnPath(returnPath)
  if (intent === LOGIN_INTENTS.otpSend) return otpSendForm(c, form, redirect)
  if (intent === LOGIN_INTENTS.otpCode) return otpCodeForm(c, form, redirect)
  const values = echoValues(form, [LOGIN_PASSWORD_FIELDS.email])
  const posted = LoginPasswordFormSchema.parse(form)
  const parsed = safeParseForm(TokenRequestSchema, {
    grant_type: 'password',
    businessId: c.var.brand.businessId,
    username: posted.email,
    password: posted.password,
  })
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === 'username')
    const errors: FormErrors = emailIssue
      ? { [LOGIN_PASSWORD_FIELDS.email]: emailIssue.message }
      : { form: MESSAGES.loginFailed }
    return renderLogin(c, { errors, values, redirect }, 422)
  }
  const outcome = await signInWithGrant(c, parsed.data, redirect)
  if ('signedIn' in outcome) return outcome.signedIn
  // Locked after too many wrong passwords: the page says how to get in meanwhile.
  const { errors, status } = formRefusal(c, outcome.refusal)
  const locked = isPasswordAttemptsLocked(outcome.refusal)
  return renderLogin(
    c,
    { errors: { form: errors.form ?? MESSAGES.loginFailed }, values, redirect, locked },
    status
  )
}

/**
 * THE sign-in of the password form and social sign-in (ADR 026): exchanges a grant at the
 * backend's token endpoint, then signs in (session cookies, guest basket, the 'signed in' flash)
 * and answers the redirect password sign-in takes (spec §2, with a coupon to re-apply noted
 * beforehand); or the backend's refusal, nothing changed.
 */
export async function signInWithGrant(
  c: Context<AppEnv>,
  grant: TokenRequest,
  redirect: string | null
): Promise<{ signedIn: Response } | { refusal: unknown }> {
  const needsReapply = await basketCouponNeedsReapply(c)
  let tokens: TokenResponse
  try {
    tokens = await c.var.backend.post(BACKEND_TOKEN_PATH, {
      body: grant,
      schema: TokenResponseSchema,
    })
  } catch (refusal) {
    return { refusal }
  }
  await completeSignIn(c, tokens)
  return { signedIn: redirectTo(c, loginRedirectTarget(redirect, needsReapply), 303) }
}

/** Sends a code, then (POST-redirect-GET) the code form at `/login?otp=code`. */
async function otpSendForm(
  c: Context<AppEnv>,
  form: Record<string, string>,
  redirect: string | null
): Promise<Response> {
  const posted = LoginOtpSendFormSchema.parse(form)
  const outcome = await sendOneTimeCode(c, posted)
  if (!outcome.sent) {
    const alone = posted.alone === '1'
    return renderLogin(
      c,
      {
        errors: {},
        values: {},
        redirect,
        otp: { step: 'send', alone, errors: outcome.errors, values: outcome.values },
      },
      outcome.status
    )
  }
  const query: Record<string, string> = { [OTP_STEP_QUERY]: 'code' }
  if (redirect) query[REDIRECT_QUERY] = redirect
  return redirectTo(c, routePath('login', undefined, query), 303)
}

/** Checks the code: signs in like the password form, or shows why not. */
async function otpCodeForm(
  c: Context<AppEnv>,
  form: Record<string, string>,
  redirect: string | null
): Promise<Response> {
  const needsReapply = await basketCouponNeedsReapply(c)
  const outcome = await checkOneTimeCode(c, LoginOtpCodeFormSchema.parse(form))
  if (outcome.signedIn) {
    await completeSignIn(c, outcome.tokens)
    return redirectTo(c, loginRedirectTarget(redirect, needsReapply), 303)
  }
  if (outcome.expired) return askForNewCode(c, redirect, { form: MESSAGES.otpExpired }, {}, 422)
  return renderLogin(
    c,
    {
      errors: {},
      values: {},
      redirect,
      otp: { step: 'code', errors: outcome.errors, sentNotice: otpSentNotice(outcome.pending) },
    },
    outcome.status
  )
}

import type { Context } from 'hono'
import type { FormErrors } from '../../../../client/lib/form-values.ts'
import { StaffInvitationPage, StaffSignInPage, type StaffSignInView } from './SignInPage.tsx'
import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import {
  StaffChallengeSchema,
  StaffInvitationAcceptedSchema,
  StaffSignedOutSchema,
  StaffSignInRequestSchema,
  StaffTokensSchema,
} from '../../../../schemas/staff.ts'
import type { AppEnv } from '../../../env.ts'
import { nowMs } from '../../../lib/clock.ts'
import { setFlash } from '../../../lib/cookies/flash.ts'
import {
  forgetStaffChallenge,
  forgetStaffSession,
  readStaffAccessToken,
  readStaffChallenge,
  readStaffRefreshToken,
  rememberStaffChallenge,
  rememberStaffSession,
} from '../../../lib/cookies/staff-session.ts'
import { AppError } from '../../../lib/errors.ts'
import { logError } from '../../../lib/log.ts'
import { redirectTo, safePath } from '../../../lib/redirect.ts'
import {
  echoValues,
  formRefusal,
  type FormStatus,
  readForm,
  safeParseForm,
} from '../../shared/forms.ts'
import { SIGN_IN_STEP_QUERY, STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { CONSOLE_LINKS, renderConsole } from '../render.tsx'
import { STAFF_TOKEN_PATH } from '../session.ts'
import {
  SIGN_IN_FIELDS,
  STAFF_SIGN_IN_INTENTS,
  StaffInvitationFormSchema,
  StaffSignInFormSchema,
  type StaffSignInForm,
} from './form.ts'

/** A console page to return to after signing in: a /store path other than the sign-in pages. */
export function consoleReturnPath(value: string | undefined, requestUrl: string): string | null {
  const path = safePath(value, requestUrl)
  if (!path || !path.startsWith(`${STORE_PATHS.home}/`)) return null
  if (path.startsWith(STORE_PATHS.signIn) || path.startsWith(`${STORE_PATHS.home}/invitation/`)) {
    return null
  }
  return path
}

function signInHref(step: 'password' | 'code', redirect: string | null): string {
  const query = new URLSearchParams()
  if (step === 'code') query.set(SIGN_IN_STEP_QUERY, 'code')
  if (redirect) query.set('redirect', redirect)
  const search = query.toString()
  return `${STORE_PATHS.signIn}${search ? `?${search}` : ''}`
}

function renderSignIn(
  c: Context<AppEnv>,
  view: Omit<StaffSignInView, 'action' | 'restartHref'>,
  status: FormStatus = 200
): Promise<Response> {
  const full: StaffSignInView = {
    ...view,
    action: STORE_PATHS.signIn,
    restartHref: signInHref('password', view.redirect),
  }
  const title = view.step === 'code' ? 'Enter your code' : 'Staff sign-in'
  return renderConsole(
    c,
    title,
    (chrome) => <StaffSignInPage chrome={chrome} links={CONSOLE_LINKS} view={full} />,
    status
  )
}

const sentNotice = (email: string) => formatMessage('staffCodeSent', email)

/** GET /store/sign-in: the password form, or (`?step=code`) the code form while a code is live. */
export function staffSignInPage(c: Context<AppEnv>): Promise<Response> | Response {
  const redirect = consoleReturnPath(c.req.query('redirect'), c.req.url)
  if (readStaffAccessToken(c)) return redirectTo(c, redirect ?? STORE_PATHS.home, 303)
  if (c.req.query(SIGN_IN_STEP_QUERY) === 'code') {
    const pending = readStaffChallenge(c, nowMs(c.env))
    if (pending) {
      const notice = sentNotice(pending.email)
      return renderSignIn(c, { step: 'code', errors: {}, values: {}, redirect, sentNotice: notice })
    }
    return renderSignIn(
      c,
      { step: 'password', errors: { form: MESSAGES.otpExpired }, values: {}, redirect },
      422
    )
  }
  return renderSignIn(c, { step: 'password', errors: {}, values: {}, redirect })
}

/** POST /store/sign-in: the password step (emails a code) or the code step (signs in). */
export async function staffSignInForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const post = StaffSignInFormSchema.parse(form)
  const redirect = consoleReturnPath(post.redirect, c.req.url)
  if (post.intent === STAFF_SIGN_IN_INTENTS.code) return codeStep(c, post, redirect)
  const values = echoValues(form, [SIGN_IN_FIELDS.email])
  const parsed = safeParseForm(StaffSignInRequestSchema, {
    businessId: c.var.brand.businessId,
    email: post.email,
    password: post.password,
  })
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === SIGN_IN_FIELDS.email)
    const errors: FormErrors = emailIssue
      ? { [SIGN_IN_FIELDS.email]: emailIssue.message }
      : { form: MESSAGES.loginFailed }
    return renderSignIn(c, { step: 'password', errors, values, redirect }, 422)
  }
  try {
    const challenge = await c.var.backend.post('/staff/auth/sign-in', {
      body: parsed.data,
      schema: StaffChallengeSchema,
    })
    rememberStaffChallenge(c, challenge, parsed.data.email, nowMs(c.env))
  } catch (error) {
    const { errors, status } = formRefusal(c, error)
    return renderSignIn(
      c,
      { step: 'password', errors: { form: errors.form ?? MESSAGES.loginFailed }, values, redirect },
      status
    )
  }
  return redirectTo(c, signInHref('code', redirect), 303)
}

async function codeStep(
  c: Context<AppEnv>,
  post: StaffSignInForm,
  redirect: string | null
): Promise<Response> {
  const pending = readStaffChallenge(c, nowMs(c.env))
  if (!pending) {
    forgetStaffChallenge(c)
    const errors = { form: MESSAGES.otpExpired }
    return renderSignIn(c, { step: 'password', errors, values: {}, redirect }, 422)
  }
  const codeView = (errors: FormErrors) => ({
    step: 'code' as const,
    errors,
    values: {},
    redirect,
    sentNotice: sentNotice(pending.email),
  })
  const code = post.code
  if (!/^\d{6}$/.test(code)) {
    return renderSignIn(c, codeView({ [SIGN_IN_FIELDS.code]: MESSAGES.otpIncorrect }), 422)
  }
  try {
    const tokens = await c.var.backend.post(STAFF_TOKEN_PATH, {
      body: {
        grant_type: 'code',
        businessId: c.var.brand.businessId,
        challengeId: pending.challengeId,
        code,
      },
      schema: StaffTokensSchema,
    })
    forgetStaffChallenge(c)
    rememberStaffSession(c, tokens)
  } catch (error) {
    const { errors, status } = formRefusal(c, error, SIGN_IN_FIELDS.code)
    return renderSignIn(c, codeView(errors), status)
  }
  setFlash(c, 'signedIn')
  return redirectTo(c, redirect ?? STORE_PATHS.home, 303)
}

/** POST /store/sign-out: ends the session at the backend and in this browser, whatever happens. */
export async function staffSignOutForm(c: Context<AppEnv>): Promise<Response> {
  const refreshToken = readStaffRefreshToken(c)
  const token = readStaffAccessToken(c)
  try {
    if (refreshToken || token) {
      await c.var.backend.post('/staff/auth/sign-out', {
        body: {
          businessId: c.var.brand.businessId,
          ...(refreshToken ? { refresh_token: refreshToken } : {}),
        },
        token,
        schema: StaffSignedOutSchema,
      })
    }
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'staff sign-out failed' })
  }
  forgetStaffSession(c)
  setFlash(c, 'signedOut')
  return redirectTo(c, STORE_PATHS.signIn, 303)
}

/** GET /store/invitation/<token>: the form that sets the first password. */
export function staffInvitationPage(
  c: Context<AppEnv>,
  errors: FormErrors = {},
  status: FormStatus = 200
) {
  const action = STORE_PATHS.invitation(c.req.param('token') ?? '')
  return renderConsole(
    c,
    'Join your team',
    (chrome) => (
      <StaffInvitationPage chrome={chrome} links={CONSOLE_LINKS} action={action} errors={errors} />
    ),
    status
  )
}

/** POST /store/invitation/<token>: sets the password, then the sign-in page says so. */
export async function staffInvitationForm(c: Context<AppEnv>): Promise<Response> {
  const { password } = StaffInvitationFormSchema.parse(await readForm(c))
  try {
    await c.var.backend.post('/staff/invitations/accept', {
      body: {
        businessId: c.var.brand.businessId,
        token: c.req.param('token') ?? '',
        password,
      },
      schema: StaffInvitationAcceptedSchema,
    })
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_error' && error.fields?.length) {
      const field = error.fields.find((f) => f.field === 'password') ?? error.fields[0]
      const message = field?.message ?? MESSAGES.validationError
      const errors = field?.field === 'password' ? { password: message } : { form: message }
      return staffInvitationPage(c, errors, 422)
    }
    const { errors, status } = formRefusal(c, error)
    return staffInvitationPage(c, errors, status)
  }
  setFlash(c, 'staffInvitationAccepted')
  return redirectTo(c, STORE_PATHS.signIn, 303)
}

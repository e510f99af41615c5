import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../client/components/auth/AuthForm.tsx'
import { LoginPage } from '../../client/pages/LoginPage.tsx'
import { TokenRequestSchema, TokenResponseSchema } from '../../schemas/auth.ts'
import { BasketSchema } from '../../schemas/basket.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { rememberSession, TOKEN_PATH } from '../lib/auth-cookies.ts'
import { readBasketToken } from '../lib/basket-cookie.ts'
import { readAccessToken } from '../lib/cookies.ts'
import { logError } from '../lib/log.ts'
import { echoValues, formErrorsFromBackend, readForm, safeParseForm } from './auth-forms.ts'
import { loginOrigin, loginRedirectTarget, safeReturnPath } from './guards.ts'
import { renderPage } from './render.tsx'

/** `/login?reset=1`: the password was just reset from an email link. */
export const PASSWORD_RESET_QUERY = 'reset'

function renderLogin(
  c: Context<AppEnv>,
  view: { errors: FormErrors; values: FormValues; redirect: string | null; notice?: string },
  status: 200 | 422 = 200
): Promise<Response> {
  return renderPage(c, (chrome) => <LoginPage chrome={chrome} {...view} />, {
    meta: { title: 'Sign in', description: 'Sign in to your account.', noindex: true },
    cache: 'private',
    status,
  })
}

/** The sign-in page (guest only): remembers where the shopper came from for after sign-in. */
export function loginPage(c: Context<AppEnv>): Promise<Response> {
  const reset = c.req.query(PASSWORD_RESET_QUERY) !== undefined
  return renderLogin(c, {
    errors: {},
    values: {},
    redirect: loginOrigin(c),
    ...(reset ? { notice: MESSAGES.passwordResetDone } : {}),
  })
}

/**
 * Whether the shopper's basket holds a coupon that needs re-applying once signed in (a members'
 * coupon added while signed out), read with the session they had before signing in.
 */
async function basketCouponNeedsReapply(c: Context<AppEnv>): Promise<boolean> {
  const basketToken = readBasketToken(c)
  if (!basketToken) return false
  try {
    const basket = await c.var.backend.post('/basket', {
      body: { businessId: c.var.brand.businessId, basketToken },
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

/** POST /login: email and password; one message for a wrong email or a wrong password. */
export async function loginForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const redirect = safeReturnPath(form.redirect)
  const values = echoValues(form, ['email'])
  const parsed = safeParseForm(TokenRequestSchema, {
    grant_type: 'password',
    businessId: c.var.brand.businessId,
    username: form.email ?? '',
    password: form.password ?? '',
  })
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === 'username')
    const errors: FormErrors = emailIssue
      ? { email: emailIssue.message }
      : { form: MESSAGES.loginFailed }
    return renderLogin(c, { errors, values, redirect }, 422)
  }
  const needsReapply = await basketCouponNeedsReapply(c)
  try {
    const tokens = await c.var.backend.post(TOKEN_PATH, {
      body: parsed.data,
      schema: TokenResponseSchema,
    })
    rememberSession(c, tokens)
  } catch (error) {
    const errors = formErrorsFromBackend(error)
    return renderLogin(
      c,
      { errors: { form: errors.form ?? MESSAGES.loginFailed }, values, redirect },
      422
    )
  }
  return c.redirect(loginRedirectTarget(redirect, needsReapply), 303)
}

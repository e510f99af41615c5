import type { Context } from 'hono'
import type { FormErrors } from '../../../client/lib/form-values.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { ResetPasswordPage } from '../../../client/pages/ResetPasswordPage.tsx'
import {
  ResetPasswordResponseSchema,
  ResetPasswordSchema,
  ValidateResetTokenResponseSchema,
} from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { forgetSession } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import {
  formErrorsOf,
  formRefusal,
  type FormStatus,
  readForm,
  safeParseForm,
} from '../shared/forms.ts'
import { PASSWORD_RESET_QUERY } from './login.tsx'
import { renderPage, requestSay } from '../shared/render.tsx'
import { redirectTo } from '../../lib/redirect.ts'
import { ResetPasswordFormSchema } from '../../../schemas/forms/reset-password.ts'

function renderReset(
  c: Context<AppEnv>,
  view: { errors: FormErrors; invalidMessage?: string },
  status: FormStatus | 404 = 200
): Promise<Response> {
  return renderPage(
    c,
    (chrome) => <ResetPasswordPage chrome={chrome} action={c.req.path} {...view} />,
    {
      // The token is a credential: never in a canonical link.
      meta: {
        title: requestSay(c)(MESSAGES.pageSetANewPassword),
        description: requestSay(c)(MESSAGES.metaSetANewPasswordDot),
        noindex: true,
        canonicalPath: routePath('forgotten-password'),
      },
      cache: 'private',
      status,
    }
  )
}

function invalidLink(error: unknown): boolean {
  return (
    error instanceof AppError && (error.code === 'not_found' || error.code === 'validation_error')
  )
}

/** The reset link of the email (/member/reset-token/:token): checks the link before the form. */
export async function resetPasswordPage(c: Context<AppEnv>): Promise<Response> {
  try {
    await c.var.backend.post('/auth/reset-password/validate', {
      body: { businessId: c.var.brand.businessId, resetToken: c.req.param('token') ?? '' },
      schema: ValidateResetTokenResponseSchema,
    })
  } catch (error) {
    if (!invalidLink(error)) throw error
    return renderReset(c, { errors: {}, invalidMessage: MESSAGES.resetLinkInvalid }, 404)
  }
  return renderReset(c, { errors: {} })
}

/**
 * POST to the reset link: sets the new password (confirm must match, spec §5 Password set),
 * ends every session of the member, signs this browser out and sends it to sign in.
 */
export async function resetPasswordForm(c: Context<AppEnv>): Promise<Response> {
  const posted = ResetPasswordFormSchema.parse(await readForm(c))
  const parsed = safeParseForm(ResetPasswordSchema, {
    businessId: c.var.brand.businessId,
    resetToken: c.req.param('token') ?? '',
    password: posted.password,
    confirmPassword: posted.confirmPassword,
    // A reset often follows a lost or stolen password: sessions elsewhere end too.
    logoutFromAll: true,
  })
  if (!parsed.success) {
    const errors = formErrorsOf(parsed.error.issues)
    if (errors.resetToken) {
      return renderReset(c, { errors: {}, invalidMessage: MESSAGES.resetLinkInvalid }, 404)
    }
    return renderReset(c, { errors }, 422)
  }
  try {
    await c.var.backend.post('/auth/reset-password', {
      body: parsed.data,
      schema: ResetPasswordResponseSchema,
    })
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      return renderReset(c, { errors: {}, invalidMessage: MESSAGES.resetLinkInvalid }, 404)
    }
    const { errors, status } = formRefusal(c, error)
    return renderReset(c, { errors }, status)
  }
  forgetSession(c)
  return redirectTo(c, `${routePath('login')}?${PASSWORD_RESET_QUERY}=1`, 303)
}

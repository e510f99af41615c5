import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import { ForgottenPasswordPage } from '../../../client/pages/ForgottenPasswordPage.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import { ResetPasswordRequestedSchema, ResetPasswordRequestSchema } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import {
  echoValues,
  formErrorsOf,
  formRefusal,
  type FormStatus,
  readForm,
  safeParseForm,
} from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { redirectTo } from '../../lib/redirect.ts'
import {
  FORGOTTEN_PASSWORD_FIELDS,
  ForgottenPasswordFormSchema,
} from '../../../schemas/forms/forgotten-password.ts'

function renderForgotten(
  c: Context<AppEnv>,
  view: { errors: FormErrors; values: FormValues; sentMessage?: string },
  status: FormStatus = 200
): Promise<Response> {
  return renderPage(c, (chrome) => <ForgottenPasswordPage chrome={chrome} {...view} />, {
    meta: {
      title: requestSay(c)(MESSAGES.metaForgottenPassword),
      description: requestSay(c)(MESSAGES.metaResetYourPassword),
      noindex: true,
    },
    cache: 'private',
    status,
  })
}

/** The forgotten-password page: asks for the email to send a reset link to. */
export function forgottenPasswordPage(c: Context<AppEnv>): Promise<Response> {
  return renderForgotten(c, { errors: {}, values: {} })
}

/** /forgotten-password/set: the one confirmation, whether or not the email has an account. */
export function forgottenPasswordSentPage(c: Context<AppEnv>): Promise<Response> {
  return renderForgotten(c, { errors: {}, values: {}, sentMessage: MESSAGES.resetLinkSent })
}

/** POST /forgotten-password: asks the backend to email a reset link, then the confirmation. */
export async function forgottenPasswordForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const posted = ForgottenPasswordFormSchema.parse(form)
  const values = echoValues(form, [FORGOTTEN_PASSWORD_FIELDS.email])
  const parsed = safeParseForm(ResetPasswordRequestSchema, {
    businessId: c.var.brand.businessId,
    email: posted.email,
  })
  if (!parsed.success) {
    return renderForgotten(c, { errors: formErrorsOf(parsed.error.issues), values }, 422)
  }
  try {
    await c.var.backend.post('/auth/reset-password/request', {
      body: parsed.data,
      schema: ResetPasswordRequestedSchema,
    })
  } catch (error) {
    const { errors, status } = formRefusal(c, error)
    return renderForgotten(c, { errors, values }, status)
  }
  return redirectTo(c, routePath('forgotten-password-set'), 303)
}

import type { Context } from 'hono'
import type { FormErrors } from '../../../client/lib/form-values.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { ChangePasswordPage } from '../../../client/pages/ChangePasswordPage.tsx'
import { ChangePasswordRequestSchema, TokenResponseSchema } from '../../../schemas/auth.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken, rememberSession } from '../../lib/cookies/session.ts'
import {
  formErrorsOf,
  formRefusal,
  type FormStatus,
  readForm,
  safeParseForm,
} from '../shared/forms.ts'
import { sessionEnded } from '../shared/member-call.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { redirectTo } from '../../lib/redirect.ts'
import {
  CHANGE_PASSWORD_FIELDS,
  ChangePasswordFormSchema,
} from '../../../schemas/forms/change-password.ts'

/** `?changed=1`: the password was just changed. */
const CHANGED_QUERY = 'changed'

function renderChange(
  c: Context<AppEnv>,
  view: { errors: FormErrors; notice?: string },
  status: FormStatus = 200
): Promise<Response> {
  return renderPage(c, (chrome) => <ChangePasswordPage chrome={chrome} {...view} />, {
    meta: {
      title: requestSay(c)(MESSAGES.pageChangePassword),
      description: requestSay(c)(MESSAGES.metaChangeYourPassword),
      noindex: true,
    },
    cache: 'private',
    status,
  })
}

/** The change-password page (members only). */
export function changePasswordPage(c: Context<AppEnv>): Promise<Response> {
  const changed = c.req.query(CHANGED_QUERY) !== undefined
  return renderChange(c, { errors: {}, ...(changed ? { notice: MESSAGES.passwordChanged } : {}) })
}

/**
 * POST /member/change-password: checks the current password, sets the new one and ends every
 * session (logoutFromAll is always true, spec §7); this browser keeps the fresh session answered.
 */
export async function changePasswordForm(c: Context<AppEnv>): Promise<Response> {
  const posted = ChangePasswordFormSchema.parse(await readForm(c))
  const parsed = safeParseForm(ChangePasswordRequestSchema, {
    businessId: c.var.brand.businessId,
    currentPassword: posted.currentPassword,
    password: posted.password,
    confirmPassword: posted.confirmPassword,
    logoutFromAll: true,
  })
  if (!parsed.success) return renderChange(c, { errors: formErrorsOf(parsed.error.issues) }, 422)
  try {
    const tokens = await c.var.backend.post('/auth/change-password', {
      body: parsed.data,
      token: readAccessToken(c),
      schema: TokenResponseSchema,
    })
    rememberSession(c, tokens)
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    const { errors, status } = formRefusal(c, error)
    if (errors.form === MESSAGES.currentPasswordIncorrect) {
      return renderChange(
        c,
        { errors: { [CHANGE_PASSWORD_FIELDS.currentPassword]: errors.form } },
        status
      )
    }
    return renderChange(c, { errors }, status)
  }
  return redirectTo(c, `${routePath('member-change-password')}?${CHANGED_QUERY}=1`, 303)
}

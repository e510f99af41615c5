import type { Context } from 'hono'
import type { FormErrors } from '../../../../client/lib/form-values.ts'
import { StaffAccountPage } from './AccountPage.tsx'
import { StaffPasswordChangedSchema, StaffSignedOutSchema } from '../../../../schemas/staff.ts'
import type { AppEnv } from '../../../env.ts'
import { setFlash } from '../../../lib/cookies/flash.ts'
import { forgetStaffSession, readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { redirectTo } from '../../../lib/redirect.ts'
import { type FormStatus, formRefusal, readForm } from '../../shared/forms.ts'
import { consoleFrame } from '../frame.ts'
import { renderConsole } from '../render.tsx'
import { staffOrSignIn } from '../session.ts'
import { StaffPasswordFormSchema } from './form.ts'

/**
 * The console's own account (issue 36 item 9), /store/account: the signed-in person changes
 * their password or signs out everywhere. Both end sessions and close their live boards
 * (the backend's closeBoardSockets).
 */

async function renderAccount(
  c: Context<AppEnv>,
  errors: FormErrors = {},
  status: FormStatus = 200
): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { staff } = signedIn
  return renderConsole(
    c,
    'Your account',
    (chrome) => (
      <StaffAccountPage
        {...consoleFrame(chrome, staff)}
        email={staff.email}
        actions={{
          password: STORE_PATHS.accountPassword,
          signOutEverywhere: STORE_PATHS.signOutEverywhere,
        }}
        errors={errors}
      />
    ),
    status
  )
}

export const accountPage = (c: Context<AppEnv>) => renderAccount(c)

/** POST /store/account/password: done → the account page says so; refused → its errors. */
export async function changePasswordForm(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const passwords = StaffPasswordFormSchema.parse(await readForm(c))
  try {
    await c.var.backend.post('/staff/auth/change-password', {
      body: { businessId: c.var.brand.businessId, ...passwords },
      token: readStaffAccessToken(c),
      schema: StaffPasswordChangedSchema,
    })
  } catch (error) {
    const refusal = formRefusal(c, error)
    return renderAccount(c, refusal.errors, refusal.status)
  }
  setFlash(c, 'staffPasswordChanged')
  return redirectTo(c, STORE_PATHS.account, 303)
}

/** POST /store/account/sign-out-everywhere: every session ends, this one too. */
export async function signOutEverywhereForm(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  await c.var.backend.post('/staff/auth/sign-out-everywhere', {
    body: { businessId: c.var.brand.businessId },
    token: readStaffAccessToken(c),
    schema: StaffSignedOutSchema,
  })
  forgetStaffSession(c)
  setFlash(c, 'staffSignedOutEverywhere')
  return redirectTo(c, STORE_PATHS.signIn, 303)
}

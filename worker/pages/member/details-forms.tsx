import { phoneForCountry } from '../../../schemas/phone-country.ts'
import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import {
  VerificationCodeCheckedSchema,
  VerificationCodeRequestedSchema,
} from '../../../schemas/auth.ts'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import {
  EmailChangeRequestedSchema,
  ForgetMeConfirmedSchema,
  ForgetMeRequestedSchema,
  MemberProfileSchema,
} from '../../../schemas/member-profile.ts'
import type { AppEnv } from '../../env.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { forgetSession, readAccessToken } from '../../lib/cookies/session.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { robotCheckConfig } from '../shared/robot-check.ts'
import { echoValues, formRefusal, readForm } from '../shared/forms.ts'
import {
  MY_DETAILS_FIELDS,
  type MyDetailsForm,
  MyDetailsFormSchema,
} from '../../../schemas/forms/my-details.ts'
import { type DetailsAction, type DetailsNotice, renderDetails } from './details.tsx'
import { sessionEnded } from '../shared/member-call.ts'

const DETAILS_FIELDS = [
  MY_DETAILS_FIELDS.firstname,
  MY_DETAILS_FIELDS.lastname,
  MY_DETAILS_FIELDS.mobileContactNumber,
  MY_DETAILS_FIELDS.whereHeard,
  MY_DETAILS_FIELDS.retailMemberId,
] as const

interface ActionSpec {
  /** Sends the form's call to the backend. */
  send(c: Context<AppEnv>, form: MyDetailsForm, body: { businessId: number }): Promise<unknown>
  /** Where a refusal without a field of its own is shown. */
  field: string
  /** The fields a refused form shows again. */
  echo: ReadonlyArray<string>
  /** Where the browser goes after it worked. */
  then: { notice?: DetailsNotice; step?: 'verify-email' | 'forget-me' }
}

const token = (c: Context<AppEnv>) => readAccessToken(c)

const ACTIONS: Record<Exclude<DetailsAction, 'forget-confirm'>, ActionSpec> = {
  save: {
    send: (c, form, base) =>
      c.var.backend.put('/member/profile', {
        body: {
          ...base,
          ...Object.fromEntries(DETAILS_FIELDS.map((f) => [f, form[f]])),
          mobileContactNumber: phoneForCountry(form.mobileContactNumber, c.var.brand.countryCode),
        },
        token: token(c),
        schema: MemberProfileSchema,
      }),
    field: 'form',
    echo: DETAILS_FIELDS,
    then: { notice: 'saved' },
  },
  'email-change': {
    send: (c, form, base) =>
      c.var.backend.post('/member/email-change/request', {
        body: { ...base, newEmail: form.newEmail },
        token: token(c),
        schema: EmailChangeRequestedSchema,
      }),
    field: MY_DETAILS_FIELDS.newEmail,
    echo: [MY_DETAILS_FIELDS.newEmail],
    then: { notice: 'email-code' },
  },
  'email-confirm': {
    send: (c, form, base) =>
      c.var.backend.post('/member/email-change/confirm', {
        body: { ...base, verificationCode: form.verificationCode },
        token: token(c),
        schema: MemberProfileSchema,
      }),
    field: MY_DETAILS_FIELDS.verificationCode,
    echo: [],
    then: { notice: 'email-changed' },
  },
  'verify-request': {
    send: (c, form, base) =>
      c.var.backend.post('/member/verification-code/request', {
        body: {
          ...base,
          platform: 'web',
          // Without JavaScript only the local check can pass; Turnstile posts its own field.
          verifyToken:
            form['cf-turnstile-response'] ??
            (robotCheckConfig(c.env).provider === 'local' ? LOCAL_ROBOT_CHECK_TOKEN : ''),
        },
        token: token(c),
        schema: VerificationCodeRequestedSchema,
      }),
    field: 'form',
    echo: [],
    then: { notice: 'code-sent', step: 'verify-email' },
  },
  'verify-check': {
    send: (c, form, base) =>
      c.var.backend.post('/member/verification-code/check', {
        body: { ...base, verificationCode: form.verificationCode },
        token: token(c),
        schema: VerificationCodeCheckedSchema,
      }),
    field: MY_DETAILS_FIELDS.verificationCode,
    echo: [],
    then: { notice: 'verified' },
  },
  'forget-request': {
    send: (c, _form, base) =>
      c.var.backend.post('/member/forget-me/request', {
        body: base,
        token: token(c),
        schema: ForgetMeRequestedSchema,
      }),
    field: 'form',
    echo: [],
    then: { notice: 'forget-code', step: 'forget-me' },
  },
}

function detailsPath(then: ActionSpec['then']): string {
  const query = new URLSearchParams()
  if (then.step) query.set('step', then.step)
  if (then.notice) query.set('notice', then.notice)
  return `${routePath('member-my-details')}?${query.toString()}`
}

/** The forget-me confirmation: erased, so the browser is signed out and told on the home page. */
async function forgetConfirm(c: Context<AppEnv>, form: MyDetailsForm): Promise<Response> {
  await c.var.backend.post('/member/forget-me/confirm', {
    body: { businessId: c.var.brand.businessId, confirmationCode: form.confirmationCode },
    token: token(c),
    schema: ForgetMeConfirmedSchema,
  })
  forgetSession(c)
  setFlash(c, 'accountForgotten')
  return redirectTo(c, routePath('index'), 303)
}

/**
 * POST /member/my-details: the page's forms, told apart by `action`. Each calls the backend and
 * answers 303 back to the page with what happened; a refusal re-renders the page with the errors
 * in that form's section (422, or 429 when rate limited).
 */
export async function myDetailsForm(c: Context<AppEnv>): Promise<Response> {
  const posted = await readForm(c)
  const form = MyDetailsFormSchema.parse(posted)
  const action: DetailsAction = form.action
  const base = { businessId: c.var.brand.businessId }
  try {
    if (action === 'forget-confirm') return await forgetConfirm(c, form)
    const spec = ACTIONS[action]
    await spec.send(c, form, base)
    return redirectTo(c, detailsPath(spec.then), 303)
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    const field =
      action === 'forget-confirm' ? MY_DETAILS_FIELDS.confirmationCode : ACTIONS[action].field
    const echo = action === 'forget-confirm' ? [] : ACTIONS[action].echo
    const { errors, status } = formRefusal(c, error, field)
    const step = action.startsWith('verify') ? 'verify-email' : null
    return renderDetails(
      c,
      { step, refused: { action, errors, values: echoValues(posted, echo) } },
      status
    )
  }
}

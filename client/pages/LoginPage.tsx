import {
  FormCard,
  FormLink,
  FormNotice,
  SubmitButton,
  TextField,
  type FormErrors,
  type FormValues,
  EmailField,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { MESSAGES } from '../../schemas/messages.ts'
import {
  LOGIN_OTP_CODE_FIELDS,
  LOGIN_OTP_SEND_FIELDS,
  LOGIN_PASSWORD_FIELDS,
  LOGIN_POST_FIELDS,
} from '../../schemas/forms/login.ts'
import type { SocialProvider } from '../../schemas/auth.ts'
import { SocialSignInButtons } from '../components/SocialSignInButtons.tsx'
import { TEXT_MAX_LENGTH } from '../../schemas/text-max-length.ts'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { routePath } from '../lib/routes.ts'
import { LOGIN_INTENT_FIELD, LOGIN_INTENTS, OTP_STEP_QUERY } from '../lib/login-forms.ts'
import { useLocalised, useText } from '../lib/page-text.ts'

/**
 * The one-time password part of the page: `send` asks where to send a code (beside the password
 * form, or `alone` after 'Send a new code'); `code` asks for the six digits.
 */
export type OtpView =
  | { step: 'send'; alone: boolean; errors: FormErrors; values: FormValues }
  | { step: 'code'; errors: FormErrors; sentNotice: string }

export interface LoginPageProps {
  chrome: PageChrome
  errors: FormErrors
  values: FormValues
  /** Where to go after signing in (a path of this site), carried through the form. */
  redirect: string | null
  /** A confirmation to show above the form (e.g. after a password reset). */
  notice?: string
  otp?: OtpView
  /** Password sign-in is locked after too many wrong passwords: say how to get in meanwhile. */
  locked?: boolean
  /** The social sign-in providers configured here (ADR 026): their buttons above the form. */
  socialProviders?: ReadonlyArray<SocialProvider>
}

/** `/login` with the one-time password step and the return path in its query. */
function loginHref(redirect: string | null, step?: 'send'): string {
  const query: Record<string, string> = {}
  if (step) query[OTP_STEP_QUERY] = step
  if (redirect) query.redirect = redirect
  return routePath('login', undefined, query)
}

function Hidden({ intent, redirect }: { intent?: string; redirect: string | null }) {
  return (
    <>
      {intent ? <input type="hidden" name={LOGIN_INTENT_FIELD} value={intent} /> : null}
      {redirect ? <input type="hidden" name={LOGIN_POST_FIELDS.redirect} value={redirect} /> : null}
    </>
  )
}

/** Email or text a one-time code: two buttons, Enter sends by email. */
function OtpSendForm({
  errors,
  values,
  redirect,
  alone,
}: {
  errors: FormErrors
  values: FormValues
  redirect: string | null
  alone: boolean
}) {
  const text = useText()
  return (
    <form
      method="post"
      action={routePath('login')}
      noValidate
      aria-describedby={errors.form ? 'otp-send-form-error' : undefined}
    >
      <ErrorSummary id="otp-send-form-error" errors={errors} idPrefix="otp-send" />
      <Hidden intent={LOGIN_INTENTS.otpSend} redirect={redirect} />
      {/* A refused send shows the same layout again. */}
      {alone ? <input type="hidden" name={LOGIN_OTP_SEND_FIELDS.alone} value="1" /> : null}
      <TextField
        idPrefix="otp-send"
        name={LOGIN_OTP_SEND_FIELDS.identifier}
        maxLength={TEXT_MAX_LENGTH.email}
        label={MESSAGES.pageEmailOrMobile}
        autoComplete="username"
        hint={MESSAGES.pageOtpHint}
        errors={errors}
        values={values}
      />
      <div className="grid gap-1">
        <SubmitButton name={LOGIN_OTP_SEND_FIELDS.channel} value="email">
          {text(MESSAGES.pageEmailMeACode)}
        </SubmitButton>
        <SubmitButton name={LOGIN_OTP_SEND_FIELDS.channel} value="sms" variant="secondary">
          {text(MESSAGES.pageTextMeACode)}
        </SubmitButton>
      </div>
    </form>
  )
}

function OtpCodeCard({
  view,
  redirect,
}: {
  view: Extract<OtpView, { step: 'code' }>
  redirect: string | null
}) {
  const { errors } = view
  const text = useText()
  const localise = useLocalised()
  return (
    <FormCard title={MESSAGES.pageEnterYourCode} intro={<p>{localise(view.sentNotice)}</p>}>
      <form
        method="post"
        action={routePath('login')}
        noValidate
        aria-describedby={errors.form ? 'otp-code-form-error' : undefined}
      >
        <ErrorSummary id="otp-code-form-error" errors={errors} idPrefix="otp" />
        <Hidden intent={LOGIN_INTENTS.otpCode} redirect={redirect} />
        <TextField
          idPrefix="otp"
          name={LOGIN_OTP_CODE_FIELDS.code}
          label={MESSAGES.pageSixDigitCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          errors={errors}
        />
        <SubmitButton>{text(MESSAGES.pageSignIn)}</SubmitButton>
      </form>
      <div className="mt-4 flex flex-col items-start gap-1 text-sm sm:flex-row sm:justify-between">
        <FormLink href={loginHref(redirect, 'send')}>{text(MESSAGES.pageSendNewCode)}</FormLink>
        <FormLink href={loginHref(redirect)}>{text(MESSAGES.pageSignInWithPassword)}</FormLink>
      </div>
    </FormCard>
  )
}

/** The ways in that still work while password sign-in is locked: a one-time code, a reset. */
function LockedHelp({ redirect }: { redirect: string | null }) {
  const text = useText()
  return (
    <div id="login-locked-help" className="-mt-2 mb-5">
      <p>{text(MESSAGES.passwordAttemptsLockedHelp)}</p>
      <div className="flex flex-col items-start gap-1 sm:flex-row sm:justify-between">
        <FormLink href={loginHref(redirect, 'send')}>{text(MESSAGES.pageSignInWithOtp)}</FormLink>
        <FormLink href={routePath('forgotten-password')}>
          {text(MESSAGES.pageResetYourPassword)}
        </FormLink>
      </div>
    </div>
  )
}

/**
 * Sign in with email and password, or with a one-time code by email or text: plain form posts
 * that work without JavaScript.
 */
export function LoginPage({
  chrome,
  errors,
  values,
  redirect,
  notice,
  otp,
  locked = false,
  socialProviders = [],
}: LoginPageProps) {
  const text = useText()
  const otpView: OtpView = otp ?? { step: 'send', alone: false, errors: {}, values: {} }
  if (otpView.step === 'code') {
    return (
      <Layout chrome={chrome}>
        <OtpCodeCard view={otpView} redirect={redirect} />
      </Layout>
    )
  }
  if (otpView.alone) {
    return (
      <Layout chrome={chrome}>
        <FormCard title={MESSAGES.pageSignInWithCode}>
          <OtpSendForm errors={otpView.errors} values={otpView.values} redirect={redirect} alone />
          <div className="mt-4 text-sm">
            <FormLink href={loginHref(redirect)}>{text(MESSAGES.pageSignInWithPassword)}</FormLink>
          </div>
        </FormCard>
      </Layout>
    )
  }
  return (
    <Layout chrome={chrome}>
      <FormCard title={MESSAGES.pageSignIn}>
        <FormNotice message={notice} />
        <SocialSignInButtons providers={socialProviders} redirect={redirect} />
        <form
          method="post"
          action={routePath('login')}
          noValidate
          aria-describedby={
            errors.form ? `login-form-error${locked ? ' login-locked-help' : ''}` : undefined
          }
        >
          <ErrorSummary id="login-form-error" errors={errors} idPrefix="login" />
          {locked ? <LockedHelp redirect={redirect} /> : null}
          <Hidden redirect={redirect} />
          <EmailField idPrefix="login" errors={errors} values={values} />
          <TextField
            idPrefix="login"
            name={LOGIN_PASSWORD_FIELDS.password}
            maxLength={TEXT_MAX_LENGTH.presentedPassword}
            label={MESSAGES.pagePassword}
            type="password"
            autoComplete="current-password"
            errors={errors}
          />
          <SubmitButton>{text(MESSAGES.pageSignIn)}</SubmitButton>
        </form>
        <div className="mt-4 flex flex-col items-start gap-1 text-sm sm:flex-row sm:justify-between">
          <FormLink href={routePath('forgotten-password')}>
            {text(MESSAGES.pageForgottenPassword)}
          </FormLink>
          <FormLink href={routePath('register')}>{text(MESSAGES.pageCreateAnAccount)}</FormLink>
        </div>
        <section aria-labelledby="otp-heading" className="mt-6 border-t border-black/10 pt-6">
          <h2 id="otp-heading" className="mb-4 text-lg font-bold">
            {text(MESSAGES.pageOrSignInWithOtp)}
          </h2>
          <OtpSendForm
            errors={otpView.errors}
            values={otpView.values}
            redirect={redirect}
            alone={false}
          />
        </section>
      </FormCard>
    </Layout>
  )
}

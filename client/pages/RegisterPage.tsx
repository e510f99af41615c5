import { TermsAgreement } from '../components/auth/TermsAgreement.tsx'
import { TEXT_MAX_LENGTH } from '../../schemas/text-max-length.ts'
import {
  FormCard,
  FormLink,
  SelectField,
  SubmitButton,
  TextField,
  type FormErrors,
  type FormValues,
  NameFields,
  EmailField,
  NewPasswordFields,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { MarketingOptIn } from '../components/member/MarketingOptIn.tsx'
import { routePath } from '../lib/routes.ts'
import type { SocialProvider } from '../../schemas/auth.ts'
import { SocialSignInButtons } from '../components/SocialSignInButtons.tsx'
import { REGISTER_FIELDS } from '../../schemas/forms/register.ts'
import { WHERE_HEARD_OPTIONS } from '../../schemas/forms/where-heard.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import { useMobileHint } from '../lib/mobile-hint.ts'

export interface RegisterPageProps {
  chrome: PageChrome
  errors: FormErrors
  values: FormValues
  redirect: string | null
  /** Offer the marketing opt-in (the brand's register setting). */
  marketingOptIn?: boolean
  /** The social sign-in providers configured here (ADR 026): their buttons above the form. */
  socialProviders?: ReadonlyArray<SocialProvider>
}

/** Create an account (spec §3 Customer contact): a plain form post that works without JavaScript. */
export function RegisterPage({
  chrome,
  errors,
  values,
  redirect,
  marketingOptIn = false,
  socialProviders = [],
}: RegisterPageProps) {
  const termsError = errors.terms
  const text = useText()
  const mobileHint = useMobileHint()
  return (
    <Layout chrome={chrome}>
      <FormCard
        title={MESSAGES.pageCreateAnAccount}
        intro={
          <>
            {text(MESSAGES.pageAlreadyRegistered)}{' '}
            <FormLink href={routePath('login')}>{text(MESSAGES.pageSignIn)}</FormLink>
          </>
        }
      >
        <SocialSignInButtons providers={socialProviders} redirect={redirect} />
        <form method="post" action={routePath('register')} noValidate>
          <ErrorSummary id="register-form-error" errors={errors} idPrefix="register" />
          {redirect ? (
            <input type="hidden" name={REGISTER_FIELDS.redirect} value={redirect} />
          ) : null}
          <NameFields idPrefix="register" errors={errors} values={values} />
          <EmailField idPrefix="register" errors={errors} values={values} />
          <TextField
            idPrefix="register"
            name={REGISTER_FIELDS.phone}
            maxLength={TEXT_MAX_LENGTH.phone}
            label={MESSAGES.pageMobilePhoneNumber}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint={mobileHint}
            required={false}
            errors={errors}
            values={values}
          />
          <NewPasswordFields
            idPrefix="register"
            errors={errors}
            label={MESSAGES.pagePassword}
            confirmLabel={MESSAGES.pageConfirmPassword}
          />
          <SelectField
            idPrefix="register"
            name={REGISTER_FIELDS.whereHeard}
            label={MESSAGES.pageWhereHeard}
            options={WHERE_HEARD_OPTIONS}
            errors={errors}
            values={values}
          />
          <TextField
            idPrefix="register"
            name={REGISTER_FIELDS.referralCode}
            maxLength={16}
            label={MESSAGES.pageReferralCode}
            autoComplete="off"
            hint={MESSAGES.pageReferralCodeHint}
            required={false}
            errors={errors}
            values={values}
          />
          {marketingOptIn ? <MarketingOptIn values={values} /> : null}
          <TermsAgreement idPrefix="register" checked={values.terms === 'yes'} error={termsError} />
          <SubmitButton>{text(MESSAGES.pageCreateAccount)}</SubmitButton>
        </form>
      </FormCard>
    </Layout>
  )
}

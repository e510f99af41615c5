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
import { REFERRAL_CODE_FIELD } from '../lib/login-forms.ts'

/** The answers offered to "Where did you hear about us?" (spec §3 Customer contact). */
export const WHERE_HEARD_OPTIONS = [
  'Search engine',
  'Social media',
  'Friend or family',
  'Leaflet or flyer',
  'Saw the store',
  'Other',
] as const

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
  return (
    <Layout chrome={chrome}>
      <FormCard
        title="Create an account"
        intro={
          <>
            Already registered? <FormLink href={routePath('login')}>Sign in</FormLink>
          </>
        }
      >
        <SocialSignInButtons providers={socialProviders} redirect={redirect} />
        <form method="post" action={routePath('register')} noValidate>
          <ErrorSummary id="register-form-error" errors={errors} idPrefix="register" />
          {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
          <NameFields idPrefix="register" errors={errors} values={values} />
          <EmailField idPrefix="register" errors={errors} values={values} />
          <TextField
            idPrefix="register"
            name="phone"
            maxLength={TEXT_MAX_LENGTH.phone}
            label="Mobile phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint="A UK mobile number, e.g. 07700 900123."
            required={false}
            errors={errors}
            values={values}
          />
          <NewPasswordFields idPrefix="register" errors={errors} label="Password" />
          <SelectField
            idPrefix="register"
            name="whereHeard"
            label="Where did you hear about us?"
            options={WHERE_HEARD_OPTIONS}
            errors={errors}
            values={values}
          />
          <TextField
            idPrefix="register"
            name={REFERRAL_CODE_FIELD}
            maxLength={16}
            label="Referral code"
            autoComplete="off"
            hint="From a friend's invitation link, if you have one."
            required={false}
            errors={errors}
            values={values}
          />
          {marketingOptIn ? <MarketingOptIn values={values} /> : null}
          <TermsAgreement idPrefix="register" checked={values.terms === 'yes'} error={termsError} />
          <SubmitButton>Create account</SubmitButton>
        </form>
      </FormCard>
    </Layout>
  )
}

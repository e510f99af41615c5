import {
  FormCard,
  FormLink,
  FormNotice,
  SubmitButton,
  type FormErrors,
  type FormValues,
  EmailField,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { routePath } from '../lib/routes.ts'

export interface ForgottenPasswordPageProps {
  chrome: PageChrome
  errors: FormErrors
  values: FormValues
  /** After a request: the one confirmation shown whether or not the email has an account. */
  sentMessage?: string
}

/** Ask for a password reset link by email; the answer never says whether an account exists. */
export function ForgottenPasswordPage({
  chrome,
  errors,
  values,
  sentMessage,
}: ForgottenPasswordPageProps) {
  return (
    <Layout chrome={chrome}>
      <FormCard
        title="Forgotten your password?"
        intro={
          sentMessage
            ? undefined
            : "Enter your email address and we'll send you a link to set a new password."
        }
      >
        {sentMessage ? (
          <>
            <FormNotice message={sentMessage} />
            <p className="text-ink/80">The link works for one hour. Check your spam folder too.</p>
            <div className="mt-4">
              <FormLink href={routePath('login')}>Back to sign in</FormLink>
            </div>
          </>
        ) : (
          <>
            <form method="post" action={routePath('forgotten-password')} noValidate>
              <ErrorSummary id="forgotten-form-error" errors={errors} idPrefix="forgotten" />
              <EmailField idPrefix="forgotten" errors={errors} values={values} />
              <SubmitButton>Send reset link</SubmitButton>
            </form>
            <div className="mt-4">
              <FormLink href={routePath('login')}>Back to sign in</FormLink>
            </div>
          </>
        )}
      </FormCard>
    </Layout>
  )
}

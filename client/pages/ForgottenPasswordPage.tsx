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
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

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
  const text = useText()
  return (
    <Layout chrome={chrome}>
      <FormCard
        title={MESSAGES.pageForgottenPassword}
        intro={sentMessage ? undefined : text(MESSAGES.pageForgottenIntro)}
      >
        {sentMessage ? (
          <>
            <FormNotice message={sentMessage} />
            <p className="text-ink/80">{text(MESSAGES.pageLinkWorksOneHour)}</p>
            <div className="mt-4">
              <FormLink href={routePath('login')}>{text(MESSAGES.pageBackToSignIn)}</FormLink>
            </div>
          </>
        ) : (
          <>
            <form method="post" action={routePath('forgotten-password')} noValidate>
              <ErrorSummary id="forgotten-form-error" errors={errors} idPrefix="forgotten" />
              <EmailField idPrefix="forgotten" errors={errors} values={values} />
              <SubmitButton>{text(MESSAGES.pageSendResetLink)}</SubmitButton>
            </form>
            <div className="mt-4">
              <FormLink href={routePath('login')}>{text(MESSAGES.pageBackToSignIn)}</FormLink>
            </div>
          </>
        )}
      </FormCard>
    </Layout>
  )
}

import {
  FormCard,
  FormAlert,
  FormLink,
  SubmitButton,
  type FormErrors,
  NewPasswordFields,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface ResetPasswordPageProps {
  chrome: PageChrome
  /** The form posts back to the link it was reached from. */
  action: string
  errors: FormErrors
  /** Set when the link is unknown, used or expired: no form, a way to ask for a new link. */
  invalidMessage?: string
}

/** Set a new password from a reset link (spec §5 Password set: confirm must match). */
export function ResetPasswordPage({
  chrome,
  action,
  errors,
  invalidMessage,
}: ResetPasswordPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome}>
      <FormCard title={MESSAGES.pageSetANewPassword}>
        {invalidMessage ? (
          <>
            <FormAlert id="reset-invalid" message={invalidMessage} />
            <FormLink href={routePath('forgotten-password')}>
              {text(MESSAGES.pageAskForNewLink)}
            </FormLink>
          </>
        ) : (
          <form method="post" action={action} noValidate>
            <ErrorSummary id="reset-form-error" errors={errors} idPrefix="reset" />
            <NewPasswordFields idPrefix="reset" errors={errors} />
            <SubmitButton>{text(MESSAGES.pageSetNewPassword)}</SubmitButton>
          </form>
        )}
      </FormCard>
    </Layout>
  )
}

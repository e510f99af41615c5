import {
  FormCard,
  FormNotice,
  SubmitButton,
  TextField,
  type FormErrors,
  NewPasswordFields,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { TEXT_MAX_LENGTH } from '../../schemas/text-max-length.ts'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { LOGOUT_PATH, routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import { CHANGE_PASSWORD_FIELDS } from '../../schemas/forms/change-password.ts'

/** Where the sign-out form posts. */

export interface ChangePasswordPageProps {
  chrome: PageChrome
  errors: FormErrors
  notice?: string
}

/** A signed-in member changes their password; every other session ends (spec §7). */
export function ChangePasswordPage({ chrome, errors, notice }: ChangePasswordPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome}>
      <FormCard title={MESSAGES.pageChangePassword}>
        <FormNotice message={notice} />
        <form method="post" action={routePath('member-change-password')} noValidate>
          <ErrorSummary id="change-form-error" errors={errors} idPrefix="change" />
          <TextField
            idPrefix="change"
            name={CHANGE_PASSWORD_FIELDS.currentPassword}
            maxLength={TEXT_MAX_LENGTH.presentedPassword}
            label={MESSAGES.pageCurrentPassword}
            type="password"
            autoComplete="current-password"
            errors={errors}
          />
          <NewPasswordFields
            idPrefix="change"
            errors={errors}
            hint={MESSAGES.pageChangePasswordHint}
          />
          <SubmitButton>{text(MESSAGES.pageChangePassword)}</SubmitButton>
        </form>
        <form method="post" action={LOGOUT_PATH} className="mt-6 border-t border-black/10 pt-4">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-ink underline underline-offset-4 hover:bg-tint"
          >
            {text(MESSAGES.pageSignOut)}
          </button>
        </form>
      </FormCard>
    </Layout>
  )
}

import {
  FormCard,
  FormAlert,
  FormLink,
  SubmitButton,
  TextField,
  type FormErrors,
} from '../components/forms/Form.tsx'
import { TEXT_MAX_LENGTH } from '../../schemas/text-limits.ts'
import { Layout, type PageChrome } from '../components/Layout.tsx'
import { routePath } from '../lib/routes.ts'

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
  return (
    <Layout chrome={chrome}>
      <FormCard title="Set a new password">
        {invalidMessage ? (
          <>
            <FormAlert id="reset-invalid" message={invalidMessage} />
            <FormLink href={routePath('forgotten-password')}>Ask for a new link</FormLink>
          </>
        ) : (
          <form method="post" action={action} noValidate>
            <FormAlert id="reset-form-error" message={errors.form} />
            <TextField
              idPrefix="reset"
              name="password"
              maxLength={TEXT_MAX_LENGTH.newPassword}
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              errors={errors}
            />
            <TextField
              idPrefix="reset"
              name="confirmPassword"
              maxLength={TEXT_MAX_LENGTH.newPassword}
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              errors={errors}
            />
            <SubmitButton>Set new password</SubmitButton>
          </form>
        )}
      </FormCard>
    </Layout>
  )
}

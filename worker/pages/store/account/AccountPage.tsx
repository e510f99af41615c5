import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import {
  ErrorSummary,
  type FormErrors,
  NewPasswordFields,
  SubmitButton,
  TextField,
} from '../../../../client/components/forms/Form.tsx'
import {
  type ConsoleLinks,
  ConsoleLayout,
  type ConsoleUser,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'
import { PASSWORD_FIELDS } from './form.ts'

/**
 * The console's own account (issue 36 item 9): change the password (every other device is signed
 * out), or sign out everywhere. Plain forms: no script needed.
 */
export function StaffAccountPage({
  chrome,
  user,
  links,
  email,
  actions,
  errors,
}: {
  chrome: PageChrome
  user: ConsoleUser
  links: ConsoleLinks
  email: string
  actions: { password: string; signOutEverywhere: string }
  errors: FormErrors
}) {
  return (
    <ConsoleLayout chrome={chrome} user={user} links={links}>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Your account</h1>
      <p className="mt-1 text-ink/80 [overflow-wrap:anywhere]">{email}</p>
      <section aria-labelledby="password-heading" className="mt-6 max-w-md">
        <h2 id="password-heading" className="text-xl font-bold">
          Change your password
        </h2>
        <p className="mt-1 mb-4 text-ink/80">Every other device you use is signed out.</p>
        <ErrorSummary id="password-alert" errors={errors} idPrefix="password" />
        <form method="post" action={actions.password} noValidate>
          <TextField
            idPrefix="password"
            name={PASSWORD_FIELDS.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
            maxLength={1024}
            errors={errors}
          />
          <NewPasswordFields idPrefix="password" errors={errors} />
          <SubmitButton>Change password</SubmitButton>
        </form>
      </section>
      <section aria-labelledby="everywhere-heading" className="mt-10 max-w-md">
        <h2 id="everywhere-heading" className="text-xl font-bold">
          Sign out everywhere
        </h2>
        <p className="mt-1 mb-2 text-ink/80">
          Ends every session of yours, on this device and every other, and closes your open boards.
          Use it if you lost a phone or signed in on a shared computer.
        </p>
        <form method="post" action={actions.signOutEverywhere}>
          <SubmitButton variant="secondary">Sign out everywhere</SubmitButton>
        </form>
      </section>
    </ConsoleLayout>
  )
}

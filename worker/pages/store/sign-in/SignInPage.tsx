import { TEXT_MAX_LENGTH } from '../../../../schemas/text-max-length.ts'
import {
  FormAlert,
  FormCard,
  FormLink,
  type FormErrors,
  type FormValues,
  SubmitButton,
  TextField,
} from '../../../../client/components/forms/Form.tsx'
import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import {
  ConsoleLayout,
  type ConsoleLinks,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'
import { INVITATION_FIELDS, SIGN_IN_FIELDS, STAFF_SIGN_IN_INTENTS } from './form.ts'

export interface StaffSignInView {
  step: 'password' | 'code'
  errors: FormErrors
  values: FormValues
  /** Where to go once signed in (a console path). */
  redirect: string | null
  /** The code step: where the code went. */
  sentNotice?: string
  action: string
  /** The password step again (a new code). */
  restartHref: string
}

/** /store/sign-in: email and password, then the six-digit code emailed to the account. */
export function StaffSignInPage({
  chrome,
  links,
  view,
}: {
  chrome: PageChrome
  links: ConsoleLinks
  view: StaffSignInView
}) {
  const { errors, values } = view
  const redirect = view.redirect ? (
    <input type="hidden" name={SIGN_IN_FIELDS.redirect} value={view.redirect} />
  ) : null
  return (
    <ConsoleLayout chrome={chrome} user={null} links={links} bare>
      {view.step === 'password' ? (
        <FormCard title="Staff sign-in" intro="Sign in to see and run your store's orders.">
          <form method="post" action={view.action} noValidate>
            <FormAlert id="staff-sign-in-error" message={errors.form} />
            <input
              type="hidden"
              name={SIGN_IN_FIELDS.intent}
              value={STAFF_SIGN_IN_INTENTS.password}
            />
            {redirect}
            <TextField
              idPrefix="staff-sign-in"
              name={SIGN_IN_FIELDS.email}
              label="Email"
              type="email"
              autoComplete="username"
              inputMode="email"
              maxLength={TEXT_MAX_LENGTH.email}
              errors={errors}
              values={values}
            />
            <TextField
              idPrefix="staff-sign-in"
              name={SIGN_IN_FIELDS.password}
              label="Password"
              type="password"
              autoComplete="current-password"
              maxLength={TEXT_MAX_LENGTH.presentedPassword}
              errors={errors}
            />
            <SubmitButton>Continue</SubmitButton>
          </form>
        </FormCard>
      ) : (
        <FormCard title="Enter your code" intro={view.sentNotice}>
          <form method="post" action={view.action} noValidate>
            <FormAlert id="staff-code-error" message={errors.form} />
            <input type="hidden" name={SIGN_IN_FIELDS.intent} value={STAFF_SIGN_IN_INTENTS.code} />
            {redirect}
            <TextField
              idPrefix="staff-code"
              name={SIGN_IN_FIELDS.code}
              label="6-digit code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              errors={errors}
            />
            <SubmitButton>Sign in</SubmitButton>
          </form>
          <p className="mt-4">
            <FormLink href={view.restartHref}>Start again</FormLink>
          </p>
        </FormCard>
      )}
    </ConsoleLayout>
  )
}

/** /store/invitation/<token>: the invited member of staff sets their first password. */
export function StaffInvitationPage({
  chrome,
  links,
  action,
  errors,
}: {
  chrome: PageChrome
  links: ConsoleLinks
  action: string
  errors: FormErrors
}) {
  return (
    <ConsoleLayout chrome={chrome} user={null} links={links} bare>
      <FormCard title="Join your team" intro="Choose a password for the store console.">
        <form method="post" action={action} noValidate>
          <FormAlert id="staff-invitation-error" message={errors.form} />
          <TextField
            idPrefix="staff-invitation"
            name={INVITATION_FIELDS.password}
            label="New password"
            type="password"
            autoComplete="new-password"
            maxLength={TEXT_MAX_LENGTH.newPassword}
            errors={errors}
          />
          <SubmitButton>Set password</SubmitButton>
        </form>
      </FormCard>
    </ConsoleLayout>
  )
}

import type { ReactNode } from 'react'
import type { MemberProfile } from '../../../schemas/member-profile.ts'
import { MY_DETAILS_FIELDS, type MyDetailsForm } from '../../../schemas/forms/my-details.ts'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { routePath } from '../../lib/routes.ts'
import { WHERE_HEARD_OPTIONS } from '../../pages/RegisterPage.tsx'
import {
  SelectField,
  SubmitButton,
  TextField,
  type FormErrors,
  type FormValues,
  ErrorSummary,
} from '../forms/Form.tsx'
import { displayPhone } from '../../../schemas/phone.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/** Where every form of the details page posts; `action` says which form it was. */
export const DETAILS_ACTION = routePath('member-my-details')

/** A titled card of the member area. */
export function MemberCard({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-2xl border border-black/10 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function ActionForm({
  action,
  children,
}: {
  action: MyDetailsForm['action']
  children: ReactNode
}) {
  return (
    <form method="post" action={DETAILS_ACTION} noValidate>
      <input type="hidden" name={MY_DETAILS_FIELDS.action} value={action} />
      {children}
    </form>
  )
}

/** The six-digit code field every confirmation on the page uses. */
function CodeField({
  name,
  errors,
  idPrefix,
}: {
  name: string
  errors: FormErrors
  idPrefix: string
}) {
  return (
    <TextField
      idPrefix={idPrefix}
      name={name}
      maxLength={6}
      label="6-digit code"
      autoComplete="one-time-code"
      inputMode="numeric"
      errors={errors}
    />
  )
}

/** Names, mobile, where-heard answer and retail membership id: one form, one place to edit them. */
export function ContactDetailsForm({
  profile,
  errors,
  values,
}: {
  profile: MemberProfile
  errors: FormErrors
  values: FormValues | null
}) {
  const shopCountry = useShopLocale().countryCode
  const shown: FormValues = values ?? {
    firstname: profile.firstname,
    lastname: profile.lastname,
    mobileContactNumber: profile.mobileContactNumber
      ? displayPhone(profile.mobileContactNumber, shopCountry)
      : '',
    whereHeard: profile.whereHeard ?? '',
    retailMemberId: profile.retailMemberId ?? '',
  }
  const heard = shown.whereHeard
  const options =
    heard && !(WHERE_HEARD_OPTIONS as ReadonlyArray<string>).includes(heard)
      ? [...WHERE_HEARD_OPTIONS, heard]
      : WHERE_HEARD_OPTIONS
  return (
    <MemberCard id="details" title="Your details">
      <ActionForm action="save">
        <ErrorSummary id="details-form-error" errors={errors} idPrefix="details" />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            idPrefix="details"
            name={MY_DETAILS_FIELDS.firstname}
            maxLength={TEXT_MAX_LENGTH.name}
            label="First name"
            autoComplete="given-name"
            errors={errors}
            values={shown}
          />
          <TextField
            idPrefix="details"
            name={MY_DETAILS_FIELDS.lastname}
            maxLength={TEXT_MAX_LENGTH.name}
            label="Last name"
            autoComplete="family-name"
            errors={errors}
            values={shown}
          />
        </div>
        <TextField
          idPrefix="details"
          name={MY_DETAILS_FIELDS.mobileContactNumber}
          maxLength={TEXT_MAX_LENGTH.phone}
          label="Mobile phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="A UK mobile number, e.g. 07700 900123. Leave it empty to remove it."
          required={false}
          errors={errors}
          values={shown}
        />
        <SelectField
          idPrefix="details"
          name={MY_DETAILS_FIELDS.whereHeard}
          label="Where did you hear about us?"
          options={options}
          errors={errors}
          values={shown}
        />
        <TextField
          idPrefix="details"
          name={MY_DETAILS_FIELDS.retailMemberId}
          maxLength={40}
          label="Retail membership id"
          autoComplete="off"
          hint="The number on your in-store membership card."
          required={false}
          errors={errors}
          values={shown}
        />
        <SubmitButton>Save details</SubmitButton>
      </ActionForm>
    </MemberCard>
  )
}

/** The email address: change it (a code goes to the new address), or enter that code. */
export function EmailSection({
  profile,
  errors,
  values,
}: {
  profile: MemberProfile
  errors: FormErrors
  values: FormValues | null
}) {
  return (
    <MemberCard id="email" title="Email address">
      <p className="mb-4 [overflow-wrap:anywhere]">
        <span className="font-semibold">{profile.email}</span>{' '}
        {profile.emailVerified ? (
          <span className="text-ink/70">(verified)</span>
        ) : (
          <a
            href={`${routePath('member-my-details')}?step=verify-email`}
            className="font-semibold text-primary underline underline-offset-4"
          >
            Not verified yet: verify it
          </a>
        )}
      </p>
      {profile.pendingEmail ? (
        <ActionForm action="email-confirm">
          <p className="mb-4 [overflow-wrap:anywhere]">
            Enter the code we sent to <span className="font-semibold">{profile.pendingEmail}</span>{' '}
            to change your email address to it.
          </p>
          <CodeField idPrefix="email" name={MY_DETAILS_FIELDS.verificationCode} errors={errors} />
          <SubmitButton>Change my email address</SubmitButton>
        </ActionForm>
      ) : null}
      <ActionForm action="email-change">
        <TextField
          idPrefix="email"
          name={MY_DETAILS_FIELDS.newEmail}
          maxLength={TEXT_MAX_LENGTH.email}
          label={profile.pendingEmail ? 'Or send a code to another address' : 'New email address'}
          type="email"
          autoComplete="email"
          inputMode="email"
          errors={errors}
          values={values ?? {}}
        />
        <SubmitButton variant={profile.pendingEmail ? 'secondary' : 'primary'}>
          Send a code
        </SubmitButton>
      </ActionForm>
    </MemberCard>
  )
}

/** The email verification screen (registered_with_verification): enter the code, or resend it. */
export function VerifyEmailSection({
  profile,
  errors,
}: {
  profile: MemberProfile
  errors: FormErrors
}) {
  return (
    <MemberCard id="verify" title="Verify your email address">
      <p className="mb-4 [overflow-wrap:anywhere]">
        We sent a 6-digit code to <span className="font-semibold">{profile.email}</span>. Enter it
        here to verify your email address.
      </p>
      <ActionForm action="verify-check">
        <ErrorSummary id="verify-form-error" errors={errors} idPrefix="verify" />
        <CodeField idPrefix="verify" name={MY_DETAILS_FIELDS.verificationCode} errors={errors} />
        <SubmitButton>Verify my email address</SubmitButton>
      </ActionForm>
      <ActionForm action="verify-request">
        <SubmitButton variant="secondary">Send me a new code</SubmitButton>
      </ActionForm>
    </MemberCard>
  )
}

/** The data export and forget me: what we hold, and erasing it. */
export function PrivacySection({
  confirming,
  errors,
}: {
  /** A forget-me code was sent: ask for it. */
  confirming: boolean
  errors: FormErrors
}) {
  return (
    <MemberCard id="privacy" title="Your data">
      <p className="mb-3">
        Download a copy of everything we hold about you: your details, addresses, orders, saved
        cards, marketing choices and their history, and reviews.
      </p>
      <a
        href={`${routePath('member-my-details')}?download=data`}
        download
        className="mb-6 inline-flex h-12 items-center rounded-xl border-2 border-primary px-5 font-bold text-primary hover:bg-tint"
      >
        Download my data (JSON)
      </a>
      <h3 className="mb-2 text-lg font-bold">Forget me</h3>
      <p className="mb-3">
        We erase your name, email, phone, addresses, saved cards and marketing choices, and end
        every session: you will not be able to sign in again. Orders stay as our accounting record,
        without your personal details.
      </p>
      {confirming ? (
        <ActionForm action="forget-confirm">
          <ErrorSummary id="forget-form-error" errors={errors} />
          <CodeField idPrefix="forget" name={MY_DETAILS_FIELDS.confirmationCode} errors={errors} />
          <SubmitButton>Erase my account</SubmitButton>
        </ActionForm>
      ) : (
        <ActionForm action="forget-request">
          <ErrorSummary id="forget-form-error" errors={errors} />
          <SubmitButton variant="secondary">Email me a code to forget me</SubmitButton>
        </ActionForm>
      )}
    </MemberCard>
  )
}

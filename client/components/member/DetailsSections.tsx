import type { ReactNode } from 'react'
import type { MemberProfile } from '../../../schemas/member-profile.ts'
import { MY_DETAILS_FIELDS, type MyDetailsForm } from '../../../schemas/forms/my-details.ts'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { routePath } from '../../lib/routes.ts'
import { whereHeardOptionsFor } from '../../../schemas/forms/where-heard.ts'
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
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useMobileHint } from '../../lib/mobile-hint.ts'

/** Where every form of the details page posts; `action` says which form it was. */
export const DETAILS_ACTION = routePath('member-my-details')

/** A titled card of the member area: its title a catalogue message (MESSAGES.x). */
export function MemberCard({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  const text = useText()
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-2xl border border-black/10 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {text(title)}
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
      label={MESSAGES.pageSixDigitCode}
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
  const text = useText()
  const mobileHint = useMobileHint(true)
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
  const options = whereHeardOptionsFor(shown.whereHeard)
  return (
    <MemberCard id="details" title={MESSAGES.pageYourDetails}>
      <ActionForm action="save">
        <ErrorSummary id="details-form-error" errors={errors} idPrefix="details" />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            idPrefix="details"
            name={MY_DETAILS_FIELDS.firstname}
            maxLength={TEXT_MAX_LENGTH.name}
            label={MESSAGES.pageFirstName}
            autoComplete="given-name"
            errors={errors}
            values={shown}
          />
          <TextField
            idPrefix="details"
            name={MY_DETAILS_FIELDS.lastname}
            maxLength={TEXT_MAX_LENGTH.name}
            label={MESSAGES.pageLastName}
            autoComplete="family-name"
            errors={errors}
            values={shown}
          />
        </div>
        <TextField
          idPrefix="details"
          name={MY_DETAILS_FIELDS.mobileContactNumber}
          maxLength={TEXT_MAX_LENGTH.phone}
          label={MESSAGES.pageMobilePhoneNumber}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={mobileHint}
          required={false}
          errors={errors}
          values={shown}
        />
        <SelectField
          idPrefix="details"
          name={MY_DETAILS_FIELDS.whereHeard}
          label={MESSAGES.pageWhereHeard}
          options={options}
          errors={errors}
          values={shown}
        />
        <TextField
          idPrefix="details"
          name={MY_DETAILS_FIELDS.retailMemberId}
          maxLength={40}
          label={MESSAGES.pageRetailMemberId}
          autoComplete="off"
          hint={MESSAGES.pageRetailMemberIdHint}
          required={false}
          errors={errors}
          values={shown}
        />
        <SubmitButton>{text(MESSAGES.pageSaveDetails)}</SubmitButton>
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
  const text = useText()
  return (
    <MemberCard id="email" title={MESSAGES.pageEmailAddress}>
      <p className="mb-4 [overflow-wrap:anywhere]">
        <span className="font-semibold">{profile.email}</span>{' '}
        {profile.emailVerified ? (
          <span className="text-ink/70">{text(MESSAGES.pageVerified)}</span>
        ) : (
          <a
            href={`${routePath('member-my-details')}?step=verify-email`}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {text(MESSAGES.pageNotVerifiedYet)}
          </a>
        )}
      </p>
      {profile.pendingEmail ? (
        <ActionForm action="email-confirm">
          <p className="mb-4 [overflow-wrap:anywhere]">
            {text(MESSAGES.pageEnterCodeSentTo)}{' '}
            <span className="font-semibold">{profile.pendingEmail}</span>{' '}
            {text(MESSAGES.pageToChangeEmail)}
          </p>
          <CodeField idPrefix="email" name={MY_DETAILS_FIELDS.verificationCode} errors={errors} />
          <SubmitButton>{text(MESSAGES.pageChangeMyEmail)}</SubmitButton>
        </ActionForm>
      ) : null}
      <ActionForm action="email-change">
        <TextField
          idPrefix="email"
          name={MY_DETAILS_FIELDS.newEmail}
          maxLength={TEXT_MAX_LENGTH.email}
          label={profile.pendingEmail ? MESSAGES.pageOrSendToAnother : MESSAGES.pageNewEmailAddress}
          type="email"
          autoComplete="email"
          inputMode="email"
          errors={errors}
          values={values ?? {}}
        />
        <SubmitButton variant={profile.pendingEmail ? 'secondary' : 'primary'}>
          {text(MESSAGES.pageSendACode)}
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
  const text = useText()
  return (
    <MemberCard id="verify" title={MESSAGES.pageVerifyYourEmail}>
      <p className="mb-4 [overflow-wrap:anywhere]">
        {text(MESSAGES.pageWeSentCodeTo)} <span className="font-semibold">{profile.email}</span>
        {text(MESSAGES.pageEnterItToVerify)}
      </p>
      <ActionForm action="verify-check">
        <ErrorSummary id="verify-form-error" errors={errors} idPrefix="verify" />
        <CodeField idPrefix="verify" name={MY_DETAILS_FIELDS.verificationCode} errors={errors} />
        <SubmitButton>{text(MESSAGES.pageVerifyMyEmail)}</SubmitButton>
      </ActionForm>
      <ActionForm action="verify-request">
        <SubmitButton variant="secondary">{text(MESSAGES.pageSendMeNewCode)}</SubmitButton>
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
  const text = useText()
  return (
    <MemberCard id="privacy" title={MESSAGES.pageYourData}>
      <p className="mb-3">{text(MESSAGES.pageDownloadCopy)}</p>
      <a
        href={`${routePath('member-my-details')}?download=data`}
        download
        className="mb-6 inline-flex h-12 items-center rounded-xl border-2 border-primary px-5 font-bold text-primary hover:bg-tint"
      >
        {text(MESSAGES.pageDownloadMyData)}
      </a>
      <h3 className="mb-2 text-lg font-bold">{text(MESSAGES.pageForgetMe)}</h3>
      <p className="mb-3">{text(MESSAGES.pageForgetMeExplained)}</p>
      {confirming ? (
        <ActionForm action="forget-confirm">
          <ErrorSummary id="forget-form-error" errors={errors} />
          <CodeField idPrefix="forget" name={MY_DETAILS_FIELDS.confirmationCode} errors={errors} />
          <SubmitButton>{text(MESSAGES.pageEraseMyAccount)}</SubmitButton>
        </ActionForm>
      ) : (
        <ActionForm action="forget-request">
          <ErrorSummary id="forget-form-error" errors={errors} />
          <SubmitButton variant="secondary">{text(MESSAGES.pageEmailCodeToForget)}</SubmitButton>
        </ActionForm>
      )}
    </MemberCard>
  )
}

import type { MemberProfile } from '../../../schemas/member-profile.ts'
import type { MyDetailsForm } from '../../../schemas/forms/my-details.ts'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { FormNotice, type FormErrors, type FormValues } from '../../components/forms/Form.tsx'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import {
  ContactDetailsForm,
  EmailSection,
  PrivacySection,
  VerifyEmailSection,
} from '../../components/member/DetailsSections.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'

/** The forms of the details page, by the `action` they post. */
export type DetailsAction = MyDetailsForm['action']

/** A refused post: which form, its errors and what was typed. */
export interface DetailsRefusal {
  action: DetailsAction
  errors: FormErrors
  values: FormValues
}

export interface MyDetailsPageProps {
  chrome: PageChrome
  profile: MemberProfile
  /** The verification screen, or the forget-me code step. */
  step: 'verify-email' | 'forget-me' | null
  notice?: string
  refused?: DetailsRefusal
}

const NONE: FormErrors = {}

/**
 * My details: the member's contact details, email address (and its verification), the data
 * export and forget me. Every form is a plain POST that works without JavaScript.
 */
export function MyDetailsPage({ chrome, profile, step, notice, refused }: MyDetailsPageProps) {
  const errorsOf = (...actions: Array<DetailsAction>) =>
    refused && actions.includes(refused.action) ? refused.errors : NONE
  const valuesOf = (action: DetailsAction) => (refused?.action === action ? refused.values : null)
  return (
    <MemberShell chrome={chrome} active="member-my-details" title={MESSAGES.pageMyDetails}>
      <FormNotice message={notice} />
      {step === 'verify-email' && !profile.emailVerified ? (
        <VerifyEmailSection profile={profile} errors={errorsOf('verify-check', 'verify-request')} />
      ) : null}
      <ContactDetailsForm profile={profile} errors={errorsOf('save')} values={valuesOf('save')} />
      <EmailSection
        profile={profile}
        errors={errorsOf('email-change', 'email-confirm')}
        values={valuesOf('email-change')}
      />
      <PrivacySection
        confirming={step === 'forget-me' || refused?.action === 'forget-confirm'}
        errors={errorsOf('forget-request', 'forget-confirm')}
      />
    </MemberShell>
  )
}

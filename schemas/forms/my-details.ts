import { z } from 'zod'
import { fieldNames } from './field-names.ts'
import { WhereHeardField } from './where-heard.ts'

const typed = z.string().catch('')

/** The forms of the member's details page, by the `action` each posts. */
export const DETAILS_ACTIONS = [
  'save',
  'email-change',
  'email-confirm',
  'verify-request',
  'verify-check',
  'forget-request',
  'forget-confirm',
] as const

/*
 * The member's details page (spec §3 My details): its forms all post to one address, told apart
 * by `action`. DetailsSections.tsx takes its field names from this schema and
 * worker/pages/member/details-forms.tsx reads a post with it. Values stay as typed (a missing
 * field is blank): each backend call's schema refuses a bad one with the spec's message.
 */
export const MyDetailsFormSchema = z.object({
  /** Which form was posted; anything else is the details form. */
  action: z.enum(DETAILS_ACTIONS).catch('save'),
  firstname: typed,
  lastname: typed,
  mobileContactNumber: typed,
  /** One of WHERE_HEARD_OPTIONS' values (made exact), or a member's own earlier answer. */
  whereHeard: WhereHeardField,
  retailMemberId: typed,
  newEmail: typed,
  /** The emailed code that confirms a new email address or verifies the current one. */
  verificationCode: typed,
  /** The emailed code that confirms forgetting the account. */
  confirmationCode: typed,
  /** Turnstile's answer, which its widget adds to the verification form when it runs. */
  'cf-turnstile-response': z.string().optional().catch(undefined),
})

export type MyDetailsForm = z.output<typeof MyDetailsFormSchema>

export const MY_DETAILS_FIELDS = fieldNames(MyDetailsFormSchema)

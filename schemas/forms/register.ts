import { z } from 'zod'
import { MARKETING_CHANNELS, marketingOptInField } from '../member-profile.ts'
import { fieldNames } from './field-names.ts'
import { WhereHeardField } from './where-heard.ts'

const typed = z.string().catch('')

/*
 * The shopper's registration form (spec §3 Customer contact): RegisterPage.tsx takes its field
 * names from this schema and worker/pages/account/register.tsx reads a post with it. Values stay
 * as typed (a missing field is blank): the register call's schema (RegisterRequestSchema) refuses
 * a bad one with the spec's message, and the handler says a password mismatch and unticked terms.
 * The name, email, password and terms inputs are the shared components' (NameFields,
 * EmailField, NewPasswordFields, TermsAgreement), which checkout's forms use too.
 */
export const RegisterFormSchema = z.object({
  /** Where to go once registered (the page the shopper came from), checked by the handler. */
  redirect: z.string().optional().catch(undefined),
  firstName: typed,
  lastName: typed,
  email: typed,
  phone: typed,
  password: typed,
  confirmPassword: typed,
  /** One of WHERE_HEARD_OPTIONS' values (made exact), or a member's own earlier answer. */
  whereHeard: WhereHeardField,
  /** Optional; also the query a friend's register link carries. */
  referralCode: typed,
  /** The terms box: 'yes' when ticked. */
  terms: typed,
})

export const REGISTER_FIELDS = fieldNames(RegisterFormSchema)

/*
 * The registration form's marketing opt-in, where the brand offers it: a box per channel named by
 * marketingOptInField (MarketingOptIn.tsx renders them), 'in' when ticked. The register handler
 * reads the post with this beside RegisterFormSchema: the channels ticked (PECR: none unless
 * ticked).
 */
export const RegisterOptInSchema = z
  .object({})
  .catchall(z.string())
  .transform((form) =>
    MARKETING_CHANNELS.filter((channel) => form[marketingOptInField(channel)] === 'in')
  )

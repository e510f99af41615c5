import { z } from 'zod'
import { fieldNames } from '../../../../schemas/forms/field-names.ts'

/*
 * The store console's sign-in forms (ADR 057, the schemas/forms pattern): SignInPage.tsx takes
 * its field names from these schemas and the handlers read a post with them. Each field is read
 * leniently (a missing one is blank): the sign-in call's own schema (StaffSignInRequestSchema)
 * and the backend refuse a bad value with their message.
 */

/** Which of the two forms a post is: the password step or the emailed code step. */
export const STAFF_SIGN_IN_INTENTS = { password: 'password', code: 'code' } as const

export const StaffSignInFormSchema = z.object({
  /** Anything but the code step is the password step, as a post without the field was. */
  intent: z
    .enum([STAFF_SIGN_IN_INTENTS.password, STAFF_SIGN_IN_INTENTS.code])
    .catch(STAFF_SIGN_IN_INTENTS.password),
  /** The console page to go back to once signed in (checked by consoleReturnPath). */
  redirect: z.string().optional().catch(undefined),
  email: z.string().catch(''),
  password: z.string().catch(''),
  /** The six-digit code as typed; spaces are the shopper's grouping, not the code. */
  code: z
    .string()
    .catch('')
    .transform((code) => code.replace(/\s/g, '')),
})

export type StaffSignInForm = z.infer<typeof StaffSignInFormSchema>

export const SIGN_IN_FIELDS = fieldNames(StaffSignInFormSchema)

/** The invitation's form: the invited member of staff's first password. */
export const StaffInvitationFormSchema = z.object({ password: z.string().catch('') })

export const INVITATION_FIELDS = fieldNames(StaffInvitationFormSchema)

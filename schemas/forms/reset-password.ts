import { z } from 'zod'
import { fieldNames } from './field-names.ts'

const typed = z.string().catch('')

/*
 * The reset link's form (spec §5 Password set: confirm must match): its inputs are the shared
 * NewPasswordFields' (a test holds their names to this schema) and
 * worker/pages/account/reset-password.tsx reads a post with it. The token is the link's, never a
 * field. Values stay as typed: the reset call's schema refuses a bad one with the spec's message.
 */
export const ResetPasswordFormSchema = z.object({
  password: typed,
  confirmPassword: typed,
})

export const RESET_PASSWORD_FIELDS = fieldNames(ResetPasswordFormSchema)

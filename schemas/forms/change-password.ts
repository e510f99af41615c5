import { z } from 'zod'
import { fieldNames } from './field-names.ts'

const typed = z.string().catch('')

/*
 * The member's change-password form (spec §7): ChangePasswordPage.tsx takes the current
 * password's name from this schema (the new ones are the shared NewPasswordFields', which a test
 * holds to it) and worker/pages/account/change-password.tsx reads a post with it. Values stay as
 * typed: the change call's schema refuses a bad one with the spec's message.
 */
export const ChangePasswordFormSchema = z.object({
  currentPassword: typed,
  password: typed,
  confirmPassword: typed,
})

export const CHANGE_PASSWORD_FIELDS = fieldNames(ChangePasswordFormSchema)

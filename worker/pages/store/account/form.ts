import { z } from 'zod'
import { fieldNames } from '../../../../schemas/forms/field-names.ts'

/*
 * The console account's password form (ADR 057, the schemas/forms pattern): AccountPage.tsx
 * takes the current password's field name from it and the handler reads a post with it. The new
 * password's two fields are the shared NewPasswordFields' (`password`, `confirmPassword`), the
 * same names the shopper's forms post. Blank when missing: the backend's change-password schema
 * refuses with the spec's messages.
 */
export const StaffPasswordFormSchema = z.object({
  currentPassword: z.string().catch(''),
  password: z.string().catch(''),
  confirmPassword: z.string().catch(''),
})

export const PASSWORD_FIELDS = fieldNames(StaffPasswordFormSchema)

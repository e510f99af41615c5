import { z } from 'zod'
import { fieldNames } from './field-names.ts'

/*
 * The forgotten-password form (spec §5 Password set): its one input is the shared EmailField's
 * (a test holds its name to this schema) and worker/pages/account/forgotten-password.tsx reads a
 * post with it. The email stays as typed: the reset request's schema refuses a bad one with the
 * spec's message.
 */
export const ForgottenPasswordFormSchema = z.object({
  email: z.string().catch(''),
})

export const FORGOTTEN_PASSWORD_FIELDS = fieldNames(ForgottenPasswordFormSchema)

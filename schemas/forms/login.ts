import { z } from 'zod'
import { fieldNames } from './field-names.ts'

const typed = z.string().catch('')

/*
 * The login page's email and password form (spec §2): LoginPage.tsx takes the password field's
 * name from this schema (the email input is the shared EmailField's, which a test holds to it)
 * and worker/pages/account/login.tsx reads a post with it. Values stay as typed: the token call's
 * schema (TokenRequestSchema, the email as its username) refuses a bad one.
 */
export const LoginPasswordFormSchema = z.object({
  email: typed,
  password: typed,
})

export const LOGIN_PASSWORD_FIELDS = fieldNames(LoginPasswordFormSchema)

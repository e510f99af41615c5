import type { Context } from 'hono'
import type { z } from 'zod'
import type { FormErrors, FormValues } from '../../client/components/auth/AuthForm.tsx'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { AppError } from '../lib/errors.ts'
import { readFormFields } from '../lib/request-body.ts'

/**
 * The string fields of a form post (an urlencoded or multipart HTML form), within the form body
 * limit (FORM_BODY_MAX_BYTES: a bigger post is the 413 error page).
 */
export function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  return readFormFields(c.req.raw)
}

/**
 * One message per field from zod issues: the schema's own message (a spec message) wins; a field
 * without one gets its entry of `fallbacks`, else the generic validation message.
 */
export function formErrorsOf(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  fallbacks: Partial<Record<string, string>> = {}
): FormErrors {
  const errors: FormErrors = {}
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form')
    if (errors[field]) continue
    errors[field] = fallbacks[field] ?? issue.message
  }
  return errors
}

/** Parses with the generic validation message for issues the schema has no message for. */
export function safeParseForm<S extends z.ZodType>(schema: S, input: unknown) {
  return schema.safeParse(input, { error: () => MESSAGES.validationError })
}

/**
 * The form errors of a refused backend call: its field errors under their fields, and its message
 * for the whole form. Errors that are not the shopper's to fix are rethrown to the error page.
 */
export function formErrorsFromBackend(error: unknown, formField = 'form'): FormErrors {
  if (!(error instanceof AppError)) throw error
  if (error.code === 'rate_limited') return { [formField]: MESSAGES.tooManyRequests }
  if (error.code === 'validation_error' && error.fields?.length) {
    const errors: FormErrors = {}
    for (const { field, message } of error.fields) {
      const name = field.split('.')[0] ?? formField
      if (!errors[name]) errors[name] = message
    }
    return errors
  }
  if (['validation_error', 'unauthorized', 'conflict', 'not_found'].includes(error.code)) {
    return { [formField]: error.message }
  }
  throw error
}

/** The values a re-rendered form may show again: never a password. */
export function echoValues(
  form: Record<string, string>,
  fields: ReadonlyArray<string>
): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    const value = form[field]
    if (value !== undefined) values[field] = value
  }
  return values
}

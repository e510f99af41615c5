import type { Context } from 'hono'
import type { z } from 'zod'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import { PASSWORD_ATTEMPTS_LOCKED_REASON } from '../../../schemas/constants.ts'
import { MESSAGES, passwordAttemptsLockedMessage } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { answerRetryAfter, retryAfterSeconds } from '../../lib/error-response.ts'
import { AppError } from '../../lib/errors.ts'
import { readFormFields } from '../../lib/request-body.ts'

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

/** The status a form page answers with: shown, refused by its checks, or rate limited. */
export type FormStatus = 200 | 422 | 429

/** What a form shows after the backend refused it, and the status the page answers with. */
export interface FormRefusal {
  errors: FormErrors
  status: 422 | 429
}

/**
 * A refused backend call as its form shows it: 429 with Retry-After (the wait the backend gave)
 * when it was rate limited, the message in the form as any refusal's; else 422 with
 * {@link formErrorsFromBackend}. Errors that are not the shopper's to fix go to the error page.
 */
export function formRefusal(c: Context, error: unknown, formField = 'form'): FormRefusal {
  const errors = formErrorsFromBackend(error, formField)
  return { errors, status: answerRetryAfter(c, error) ? 429 : 422 }
}

/** Whether a refusal is a locked account's (too many wrong passwords), not a busy limiter's. */
export function isPasswordAttemptsLocked(error: unknown): boolean {
  return error instanceof AppError && error.details?.reason === PASSWORD_ATTEMPTS_LOCKED_REASON
}

/**
 * The form errors of a refused backend call: its field errors under their fields, and its message
 * for the whole form. A rate limit says when to try again (and, for a locked account, how to get
 * in meanwhile) in our words, whatever text the backend sent. Errors that are not the shopper's
 * to fix are rethrown to the error page.
 */
function formErrorsFromBackend(error: unknown, formField: string): FormErrors {
  if (!(error instanceof AppError)) throw error
  if (error.code === 'rate_limited') {
    const wait = retryAfterSeconds(error)
    return {
      [formField]:
        isPasswordAttemptsLocked(error) && wait !== null
          ? passwordAttemptsLockedMessage(wait)
          : MESSAGES.tooManyRequests,
    }
  }
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

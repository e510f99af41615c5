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
 * How one form shows the backend's refusals, for the one mapper ({@link refusalErrors}); each
 * part defaults to what the shopper's forms do.
 */
export interface RefusalShape {
  /** The field a refusal without fields is shown at ('form', the form's alert). */
  formField?: string
  /** The backend's field path ('colors.primary') as the form's field and what is said there. */
  fieldOf?: (path: string, message: string) => { field: string; message: string }
  /** Several messages at one field: all, joined (true), or the first (the default). */
  joinMessages?: boolean
  /** The codes the form shows; any other error is not the user's to fix: the error page. */
  codes?: ReadonlyArray<string>
}

const SHOPPER_CODES = ['rate_limited', 'validation_error', 'unauthorized', 'conflict', 'not_found']

const firstPart = (path: string, message: string) => ({ field: path.split('.')[0] ?? '', message })

/**
 * A refused backend call as its form shows it: 429 with Retry-After (the wait the backend gave)
 * when it was rate limited, the message in the form as any refusal's; else 422 with
 * {@link refusalErrors}. Errors that are not the user's to fix go to the error page. `shape`
 * is the form's own naming (a string: the field a refusal without fields is shown at).
 */
export function formRefusal(
  c: Context,
  error: unknown,
  shape: string | RefusalShape = {}
): FormRefusal {
  const errors = refusalErrors(error, typeof shape === 'string' ? { formField: shape } : shape)
  return { errors, status: answerRetryAfter(c, error) ? 429 : 422 }
}

/** Whether a refusal is a locked account's (too many wrong passwords), not a busy limiter's. */
export function isPasswordAttemptsLocked(error: unknown): boolean {
  return error instanceof AppError && error.details?.reason === PASSWORD_ATTEMPTS_LOCKED_REASON
}

/**
 * The one refusal mapper: the form errors of a refused backend call, its field errors under the
 * form's fields (named and said by `shape.fieldOf`) and its message for the whole form. A rate
 * limit says when to try again (and, for a locked account, how to get in meanwhile) in our words,
 * whatever text the backend sent. Errors of a code the form does not show are rethrown to the
 * error page.
 */
export function refusalErrors(error: unknown, shape: RefusalShape = {}): FormErrors {
  const { formField = 'form', fieldOf = firstPart, joinMessages = false } = shape
  const codes = shape.codes ?? SHOPPER_CODES
  if (!(error instanceof AppError) || !codes.includes(error.code)) throw error
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
    for (const refused of error.fields) {
      const { field, message } = fieldOf(refused.field, refused.message)
      const name = field || formField
      const shown = errors[name]
      if (!shown) errors[name] = message
      else if (joinMessages) errors[name] = `${shown} ${message}`
    }
    return errors
  }
  return { [formField]: error.message }
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

import type { z } from 'zod'
import type { ApiFieldError } from '../../schemas/api-error.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from './errors.ts'

/** The field list of the error envelope, one entry per zod issue. */
export function fieldErrors(issues: ReadonlyArray<z.core.$ZodIssue>): Array<ApiFieldError> {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }))
}

/** A validation AppError for these issues; the envelope message is the first issue's message. */
export function validationError(issues: ReadonlyArray<z.core.$ZodIssue>): AppError {
  return new AppError('validation_error', issues[0]?.message ?? MESSAGES.validationError, {
    fields: fieldErrors(issues),
  })
}

/**
 * Parses input with a schema or throws a 422 AppError. A message the schema carries (a spec
 * message) wins; every other issue gets the spec's generic validation message, never zod's wording.
 *
 * @example const { businessId } = parseInput(BusinessQuerySchema, c.req.query())
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: () => MESSAGES.validationError })
  if (!result.success) throw validationError(result.error.issues)
  return result.data
}

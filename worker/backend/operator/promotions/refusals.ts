import { MESSAGES } from '../../../../schemas/messages.ts'
import { AppError } from '../../../lib/errors.ts'

/** A 422 naming each field that is wrong (the form shows each message at its field). */
export function refuseFields(fields: Array<{ field: string; message: string }>): AppError {
  return new AppError('validation_error', fields[0]?.message ?? MESSAGES.validationError, {
    fields,
  })
}

import type { Context } from 'hono'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type { AppEnv } from '../../../env.ts'
import { AppError } from '../../../lib/errors.ts'
import { formRefusal, type RefusalShape } from '../../shared/forms.ts'
import { pathId } from '../frame.ts'

/*
 * What an operator form's handler needs of its post, for every area (ADR 057: shared chrome, so
 * the areas need not reach into each other): the form's id in the path, a refused save as the
 * form shows it.
 */

/** The form's id in the path: a number, 'new' (null), or a 404. */
export function formIdOf(c: Context<AppEnv>): number | null {
  const raw = c.req.param('id')
  if (raw === 'new') return null
  const id = pathId(raw)
  if (id === null) throw new AppError('not_found', MESSAGES.pageNotFound)
  return id
}

/** The backend's field names as the forms name them. */
const FORM_FIELD: Record<string, string> = {
  imageUrl: 'image',
  linkMenuItemId: 'linkMenuItem',
}

/** An operator form's naming of the backend's fields, for the one refusal mapper. */
const OPERATOR_REFUSAL: RefusalShape = {
  fieldOf: (path, message) => {
    const field = path.split('.')[0] ?? ''
    return { field: FORM_FIELD[field] ?? field, message }
  },
}

/** A refused save as the form shows it: each field's message under the form's own names. */
export function saveRefusal(c: Context<AppEnv>, error: unknown) {
  return formRefusal(c, error, OPERATOR_REFUSAL)
}

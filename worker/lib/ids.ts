import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from './errors.ts'

/** Spec §5: these fields are converted to numbers before a call reaches the backend. */
export const NUMERIC_ID_FIELDS = [
  'businessId',
  'storeId',
  'categoryId',
  'draftOrderId',
  'orderId',
] as const

const ID_FIELDS: ReadonlySet<string> = new Set(NUMERIC_ID_FIELDS)

/** A positive whole number from a number or a string of digits; null when it is not one. */
export function toId(value: unknown): number | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

function invalidId(path: string): AppError {
  return new AppError('validation_error', MESSAGES.validationError, {
    fields: [{ field: path, message: MESSAGES.validationError }],
  })
}

/**
 * Returns a copy of a JSON value with every id field (at any depth) converted to a number. Null
 * and absent ids stay as they are; anything else that is not a positive whole number is a 422.
 */
export function convertIds(value: unknown, path = ''): unknown {
  if (Array.isArray(value)) return value.map((item, index) => convertIds(item, `${path}.${index}`))
  if (value === null || typeof value !== 'object') return value
  const converted: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    const fieldPath = path ? `${path}.${key}` : key
    if (ID_FIELDS.has(key) && field !== null && field !== undefined) {
      const id = toId(field)
      if (id === null) throw invalidId(fieldPath)
      converted[key] = id
    } else {
      converted[key] = convertIds(field, fieldPath)
    }
  }
  return converted
}

/** The same conversion for a query string: ids are rewritten in canonical digits. */
export function convertQueryIds(params: URLSearchParams): URLSearchParams {
  const converted = new URLSearchParams()
  for (const [key, value] of params) {
    if (ID_FIELDS.has(key)) {
      const id = toId(value)
      if (id === null) throw invalidId(key)
      converted.append(key, String(id))
    } else {
      converted.append(key, value)
    }
  }
  return converted
}

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

interface Pending {
  from: unknown
  into: object
  key: string | number
  path: string
}

/**
 * Returns a copy of a JSON value with every id field (at any depth) converted to a number. Null
 * and absent ids stay as they are; anything else that is not a positive whole number is a 422.
 * Walks with its own stack, not recursion, so no depth of nesting can overflow the call stack.
 */
export function convertIds(value: unknown, path = ''): unknown {
  const root: Array<unknown> = []
  const pending: Array<Pending> = [{ from: value, into: root, key: 0, path }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { from, into, key } = next
    let copy: unknown = from
    const children: Array<Pending> = []
    if (Array.isArray(from)) {
      copy = []
      from.forEach((item, index) =>
        children.push({
          from: item,
          into: copy as object,
          key: index,
          path: `${next.path}.${index}`,
        })
      )
    } else if (from !== null && typeof from === 'object') {
      copy = {}
      for (const [field, item] of Object.entries(from)) {
        const fieldPath = next.path ? `${next.path}.${field}` : field
        let converted = item
        if (ID_FIELDS.has(field) && item !== null && item !== undefined) {
          converted = toId(item)
          if (converted === null) throw invalidId(fieldPath)
        }
        children.push({ from: converted, into: copy as object, key: field, path: fieldPath })
      }
    }
    // Defined, not assigned: a field named __proto__ stays a field and never becomes a prototype.
    Object.defineProperty(into, key, {
      value: copy,
      enumerable: true,
      writable: true,
      configurable: true,
    })
    // Reversed onto the stack, so fields are copied in their own order.
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!)
  }
  return root[0]
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

import { z } from 'zod'
import { formatMessage } from './messages.ts'

// The limits themselves live in a module without zod, so an island's form can read them without
// loading zod on catalogue pages (ADR 032).
export { TEXT_MAX_LENGTH } from './text-max-length.ts'

/** '<Label> must be <max> characters or fewer.' */
export function tooLongMessage(label: string, max: number): string {
  return formatMessage('textTooLong', label, max)
}

/** Trimmed text of 1 to max characters: blank gets `requiredMessage`, too long says the limit. */
export function requiredText(label: string, max: number, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: tooLongMessage(label, max) })
}

/** Optional trimmed text of at most max characters; blank becomes null. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(label, max) })
    .nullish()
    .transform((value) => (value ? value : null))
}
